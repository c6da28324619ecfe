import { VALIDATION_MESSAGES } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { ItemsPanel } from './ItemsPanel';
import { ProductSheetButtons } from './ProductSheetButtons';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const APPLIED = { total: 3, applied: true, created: 2, updated: 1, unchanged: 0, errors: [] };
const REJECTED = {
  total: 4,
  applied: false,
  created: 0,
  updated: 0,
  unchanged: 0,
  errors: [
    { row: 3, column: 'Model', reason: 'The model is required.' },
    { row: 4, column: 'Resolution (MP)', reason: '"four" is not a number.' },
    { row: 4, column: 'Lens', reason: '"6 mm" is not an option of this parameter.' },
  ],
};

function mockContentApi(result: unknown = APPLIED, actions: string[] = ['createItem', 'editParams']) {
  return mockApi((path) => {
    if (path === 'content/abilities') return { data: { actions } };
    if (path === 'content/product/export') return { data: { url: '/v1.0/customer-api/content/product/export/download?x=1', rows: 3 } };
    if (path.startsWith('file/upload')) return { data: { fileId: 77, name: 'products.xlsx', size: 4, mime: XLSX, sha256: 'a'.repeat(64) } };
    if (path === 'content/product/import') return { data: result };
    return undefined;
  });
}

async function openDialog() {
  const user = userEvent.setup({ delay: null, applyAccept: false });
  await user.click(await screen.findByTestId('products-import'));
  const dialog = await screen.findByRole('dialog');
  const input = () => dialog.querySelector('input[type=file]') as HTMLInputElement;
  return { user, dialog, input };
}

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProductSheetButtons', () => {
  it('imports a workbook and shows created and updated counts', async () => {
    signIn(partnerOwner());
    const { calls } = mockContentApi();
    renderPage(<ProductSheetButtons />);
    const { user, dialog, input } = await openDialog();
    expect(within(dialog).getByText('At most 5,000 rows per file.')).toBeVisible();
    expect(within(dialog).getByTestId('import-submit')).toBeDisabled();

    // Not a workbook: refused before anything is uploaded.
    await user.upload(input(), new File(['a,b'], 'products.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText(VALIDATION_MESSAGES.importFileType.en)).toBeVisible();
    expect(within(dialog).getByTestId('import-submit')).toBeDisabled();

    await user.upload(input(), new File(['PK..'], 'products.xlsx', { type: XLSX }));
    expect(await within(dialog).findByText('products.xlsx')).toBeVisible();
    await user.click(within(dialog).getByTestId('import-submit'));
    const result = await within(dialog).findByTestId('import-result');
    expect(within(result).getByText('3 rows imported.')).toBeVisible();
    expect(within(result).getByText('Created').closest('.ant-statistic')).toHaveTextContent('2');
    expect(within(result).getByText('Updated').closest('.ant-statistic')).toHaveTextContent('1');
    expect(calls.find((c) => c.path.startsWith('file/upload'))!.path).toContain('purpose=import');
    expect(calls.find((c) => c.path === 'content/product/import')?.body.data).toEqual({ fileId: 77 });
  });

  it('lists the bad rows when nothing was imported, and lets the user pick another file', async () => {
    signIn(partnerOwner());
    mockContentApi(REJECTED);
    renderPage(<ProductSheetButtons />);
    const { user, dialog, input } = await openDialog();
    await user.upload(input(), new File(['PK..'], 'products.xlsx', { type: XLSX }));
    await user.click(within(dialog).getByTestId('import-submit'));
    const errors = await within(dialog).findByTestId('import-errors');
    expect(within(errors).getByText('Nothing was imported: 2 rows have problems.')).toBeVisible();
    const rows = within(errors).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '3ModelThe model is required.',
      '4Resolution (MP)"four" is not a number.',
      '4Lens"6 mm" is not an option of this parameter.',
    ]);
    await user.click(within(dialog).getByTestId('import-again'));
    expect(await within(dialog).findByText('Click or drag an .xlsx file here')).toBeVisible();
    expect(within(dialog).getByTestId('import-submit')).toBeDisabled();
  });

  it('offers only Export without the manage code, through a signed link', async () => {
    signIn(partnerOwner());
    const { calls } = mockContentApi(APPLIED, []);
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup({ delay: null });
    renderPage(<ProductSheetButtons categoryId={12} />);
    await user.click(await screen.findByTestId('products-export'));
    await vi.waitFor(() =>
      expect(opened).toHaveBeenCalledWith('/v1.0/customer-api/content/product/export/download?x=1', '_blank', 'noopener'),
    );
    expect(calls.find((c) => c.path === 'content/product/export')?.body.data).toEqual({ categoryId: 12 });
    expect(screen.queryByTestId('products-import')).toBeNull();
  });

  it('speaks Chinese', async () => {
    await setLocale('zh-CN');
    signIn(partnerOwner());
    mockContentApi(REJECTED);
    renderPage(<ProductSheetButtons />);
    expect(await screen.findByText('导出')).toBeVisible();
    const { user, dialog, input } = await openDialog();
    expect(within(dialog).getByText('导入产品')).toBeVisible();
    await user.upload(input(), new File(['PK..'], 'products.xlsx', { type: XLSX }));
    await user.click(within(dialog).getByTestId('import-submit'));
    expect(await within(dialog).findByText('未导入任何内容：2行有问题。')).toBeVisible();
    expect(within(dialog).getByText('原因')).toBeVisible();
  });

  it('exports the category the product list is filtered by', async () => {
    signIn(partnerOwner());
    const category = {
      id: 12,
      siteId: 1,
      type: 'product_category',
      shared: {},
      version: 1,
      updatedAt: 0,
      updatedByName: 'Pat',
      translations: [],
      actions: [],
    };
    const { calls } = mockApi((path, data) => {
      if (path === 'content/abilities') return { data: { actions: ['createItem'] } };
      if (path === 'customer/user-configs/list') return { data: { records: [] } };
      if (path === 'content/item/list') {
        const d = data as { type: string; pageNum: number; pageSize: number };
        const records = d.type === 'product_category' ? [{ ...category, translations: [{ locale: 'en-US', title: 'Cameras' }] }] : [];
        return { data: { records, total: records.length, pageNum: d.pageNum, pageSize: d.pageSize } };
      }
      if (path === 'content/product/export') return { data: { url: '/x', rows: 0 } };
      return undefined;
    });
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    renderPage(<ItemsPanel type="product" />);
    expect(await screen.findByTestId('products-import')).toBeVisible();
    fireEvent.mouseDown(within(screen.getByTestId('product-category-filter')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Cameras'));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === 'content/item/list').at(-1)?.body.data).toMatchObject({ type: 'product', categoryId: 12 }),
    );
    fireEvent.click(screen.getByTestId('products-export'));
    await vi.waitFor(() => expect(opened).toHaveBeenCalled());
    expect(calls.find((c) => c.path === 'content/product/export')?.body.data).toEqual({ categoryId: 12 });
  });
});
