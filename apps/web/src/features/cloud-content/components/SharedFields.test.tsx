import type { ParamDef } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { SharedFields } from './SharedFields';

const def = (key: string, over: Partial<ParamDef>): ParamDef => ({
  id: key.length,
  key,
  groupId: null,
  names: { 'en-US': key, 'zh-CN': key },
  type: 'number',
  unit: '',
  options: [],
  filterable: true,
  comparable: false,
  sort: 0,
  ...over,
});
const PARAMS: ParamDef[] = [
  def('res', { names: { 'en-US': 'Resolution', 'zh-CN': '分辨率' }, unit: 'MP' }),
  def('fps', { names: { 'en-US': 'Frame rate', 'zh-CN': '帧率' }, filterable: false }),
  def('form', {
    names: { 'en-US': 'Form factor', 'zh-CN': '外形' },
    type: 'enum',
    options: [{ value: 'dome', labels: { 'en-US': 'Dome', 'zh-CN': '半球' } }],
  }),
];

/** The product filter's shared fields in a form; answers what the form submits. */
function renderFilterEditor(initial: Record<string, unknown> = {}) {
  const submitted: Array<Record<string, unknown>> = [];
  renderPage(
    <Form layout="vertical" initialValues={{ shared: initial }} onFinish={(v: Record<string, unknown>) => submitted.push(v)}>
      <SharedFields type="product_filter" />
      <Button htmlType="submit">Save</Button>
    </Form>,
  );
  return submitted;
}

beforeEach(async () => {
  await setLocale('en-US');
  signIn(partnerOwner());
  mockApi((path) => {
    if (path === 'content/param/list') return { data: PARAMS };
    if (path === 'content/item/list') return { data: { records: [], total: 0, pageNum: 1, pageSize: 100 } };
    return undefined;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('product filter number buckets', () => {
  it('offers bucket boundaries only for filterable number parameters', async () => {
    renderFilterEditor();
    expect(await screen.findByLabelText('Number buckets: Resolution')).toBeInTheDocument();
    expect(screen.queryByLabelText('Number buckets: Frame rate')).toBeNull();
    expect(screen.queryByLabelText('Number buckets: Form factor')).toBeNull();
    expect(screen.getByText(/Boundaries in ascending order/)).toBeVisible();
  });

  it('keeps the typed boundaries as ascending distinct numbers, dropping what is not a number', async () => {
    const user = userEvent.setup({ delay: null });
    const submitted = renderFilterEditor();
    const input = await screen.findByLabelText('Number buckets: Resolution');
    await user.type(input, '8,4 4,x,12.5,');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect((submitted[0]!.shared as { buckets: Record<string, unknown> }).buckets.res).toEqual([4, 8, 12.5]);
  });

  it('keeps at most 10 boundaries and shows the saved ones', async () => {
    const user = userEvent.setup({ delay: null });
    const submitted = renderFilterEditor({ buckets: { res: [2, 6] } });
    expect(await screen.findByText('6')).toBeVisible();
    expect(screen.getByText('2')).toBeVisible();
    const input = screen.getByLabelText('Number buckets: Resolution');
    await user.type(input, '1,3,4,5,7,8,9,10,11,');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect((submitted[0]!.shared as { buckets: Record<string, unknown> }).buckets.res).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('labels the field with the Chinese parameter name in zh-CN', async () => {
    await setLocale('zh-CN');
    renderFilterEditor();
    expect(await screen.findByLabelText('数值区间：分辨率')).toBeInTheDocument();
    expect(screen.queryByLabelText('数值区间：帧率')).toBeNull();
  });
});
