import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { setScreenWidth } from '../../test/screen';
import { CellText, ListToolbar, PagedTable, savedListBindings, useListQuery, useTablePrefs } from './index';

type Row = { id: number; name: string; city: string };
const ROWS: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Name ${i + 1}`, city: `City ${i + 1}` }));

/** A list built from the shared pieces, over an in-memory "server". */
function Harness({ onQuery }: { onQuery: (q: unknown) => void }) {
  const prefs = useTablePrefs('test.list', ['city']);
  const list = useListQuery<{ searchText?: string }>({}, prefs.pageSize);
  const bind = savedListBindings(list, prefs);
  onQuery(list.query);
  const matching = ROWS.filter((r) => !list.query.searchText || r.name.includes(list.query.searchText));
  const start = (list.query.pageNum - 1) * list.query.pageSize;
  const page = { records: matching.slice(start, start + list.query.pageSize), total: matching.length };
  return (
    <>
      <ListToolbar
        search={{
          value: list.filters.searchText ?? '',
          onChange: (v) => list.setFilters({ searchText: v || undefined }),
          placeholder: 'Name',
          label: 'Search names',
        }}
        onSearch={() => undefined}
        columns={bind.columnChooser([{ key: 'city', label: 'City' }])}
      />
      <PagedTable<Row>
        rowKey="id"
        data-testid="harness"
        columns={[
          { key: 'name', title: 'Name', dataIndex: 'name' },
          { key: 'city', title: 'City', dataIndex: 'city' },
        ]}
        hiddenColumns={prefs.hidden}
        page={page}
        {...bind.paging}
      />
    </>
  );
}

beforeEach(async () => {
  await setLocale('en-US');
  signIn(partnerOwner());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('shared list building blocks', () => {
  it('pages, goes back to page 1 on a filter, hides default columns and saves the choice', async () => {
    const { calls } = mockApi((path) =>
      path === 'customer/user-configs/list' ? { data: { records: [] } } : path === 'customer/user-configs/put' ? { data: {} } : undefined,
    );
    const queries: unknown[] = [];
    const user = userEvent.setup({ delay: null });
    renderPage(<Harness onQuery={(q) => queries.push(q)} />);
    const table = await screen.findByTestId('harness');
    expect(within(table).getByText('Name 1')).toBeVisible();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name']);
    expect(screen.getByText('25 records in total')).toBeVisible();

    await user.click(screen.getByTitle('3'));
    expect(await within(table).findByText('Name 21')).toBeVisible();
    expect(queries.at(-1)).toEqual({ pageNum: 3, pageSize: 10 });
    await user.type(screen.getByLabelText('Search names'), 'Name 2');
    expect(queries.at(-1)).toEqual({ searchText: 'Name 2', pageNum: 1, pageSize: 10 });

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(within(await screen.findByTestId('column-settings')).getByText('City'));
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Name', 'City']),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'customer/user-configs/put')?.body.data).toEqual({
        key: 'test.list',
        value: { hidden: [], pageSize: undefined },
      }),
    );
  });
});

/** A list whose phone column is shown by default only on wide screens, and whose note column only from 1600 px. */
function WideHarness() {
  const prefs = useTablePrefs('test.wide', undefined, WIDE_ONLY);
  const bind = savedListBindings({ query: { pageNum: 1, pageSize: 10 }, setPage: () => undefined }, prefs);
  return (
    <>
      <ListToolbar
        search={{ value: '', onChange: () => undefined, placeholder: 'Name', label: 'Search names' }}
        onSearch={() => undefined}
        columns={bind.columnChooser([{ key: 'phone', label: 'Phone' }])}
      />
      <PagedTable<Row & { phone: string }>
        rowKey="id"
        data-testid="wide-harness"
        columns={[
          { key: 'name', title: 'Name', dataIndex: 'name', width: 300, render: (v: string) => <CellText text={v} /> },
          { key: 'phone', title: 'Phone', dataIndex: 'phone', width: 200 },
          { key: 'note', title: 'Note', width: 150, responsive: ['xxl'], render: () => 'a note' },
          { key: 'actions', title: 'Actions', width: 120, fixed: 'right', render: () => 'Edit' },
        ]}
        hiddenColumns={prefs.hidden}
        page={{ records: [{ id: 1, name: 'Name 1', city: 'City 1', phone: '+49 1' }], total: 1 }}
        {...bind.paging}
      />
    </>
  );
}
const WIDE_ONLY = ['phone'];

describe('list columns by screen width', () => {
  const headers = (table: HTMLElement) =>
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
  /** The width antd gives the table: scroll.x, the sum of the shown columns' widths. */
  const tableWidth = (table: HTMLElement) => table.querySelector('table')!.style.width;

  it('at 1366 px leaves the wide-only and xxl columns out and is as wide as the rest; the user can still show them', async () => {
    setScreenWidth(1366);
    mockApi((path) =>
      path === 'customer/user-configs/list' ? { data: { records: [] } } : path === 'customer/user-configs/put' ? { data: {} } : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderPage(<WideHarness />);
    const table = await screen.findByTestId('wide-harness');
    expect(headers(table)).toEqual(['Name', 'Actions']);
    expect(tableWidth(table)).toBe('420px');

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(within(await screen.findByTestId('column-settings')).getByText('Phone'));
    await waitFor(() => expect(headers(table)).toEqual(['Name', 'Phone', 'Actions']));
    expect(tableWidth(table)).toBe('620px');
  });

  it('at 1920 px shows every column by default', async () => {
    setScreenWidth(1920);
    mockApi((path) => (path === 'customer/user-configs/list' ? { data: { records: [] } } : undefined));
    renderPage(<WideHarness />);
    const table = await screen.findByTestId('wide-harness');
    await waitFor(() => expect(headers(table)).toEqual(['Name', 'Phone', 'Note', 'Actions']));
    expect(tableWidth(table)).toBe('770px');
  });
});
