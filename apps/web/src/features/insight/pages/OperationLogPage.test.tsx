import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn, supplierUser } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import OperationLogPage from './OperationLogPage';

const SEARCH = 'insight/operation-log/search';
const CURSOR = '2025-03-01T08:00:00.000000Z_2';

const log = (id: number) => ({
  id,
  at: '2025-03-01T08:00:00.000Z',
  actorUserId: 1,
  actorName: id === 1 ? 'Max Boss' : 'Pat Partner',
  onBehalfOfUserId: id === 1 ? 12 : null,
  onBehalfOfName: id === 1 ? 'Dana Dealer' : null,
  companyId: 10,
  companyName: 'Dealer A1',
  module: 'account',
  action: 'customer/user/edit',
  result: id === 2 ? 'refused' : 'success',
  targetType: 'user',
  targetId: String(100 + id),
  before: null,
  after: null,
  requestId: `req-${id}`,
  ip: '10.0.0.7',
  code: 'account.userEdit',
  targetName: `Dana ${id}`,
  params: null,
  diff: [
    { field: 'permissions', before: ['dealer_account_qry'], after: ['dealer_account_qry', 'dealer_storage_qry'] },
    { field: 'password', secret: true },
    { field: 'status', before: 'normal', after: 'operation_locked' },
  ],
  request: { userId: 100 + id, nickName: `Dana ${id}`, password: '(changed)' },
});

const empty = { data: { records: [], total: 0, totalCapped: false, nextCursor: null } };

beforeEach(async () => {
  await setLocale('en-US');
  signIn(partnerOwner());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OperationLogPage', () => {
  it('lists the log as sentences with target company, IP and result, pages by cursor and opens the diff and request in a drawer', async () => {
    const { calls } = mockApi((path, data) => {
      if (path !== SEARCH) return undefined;
      const { cursor } = data as { cursor?: string };
      return cursor
        ? { data: { records: [log(11)], total: null, totalCapped: null, nextCursor: null } }
        : { data: { records: [log(1), log(2)], total: 3, totalCapped: false, nextCursor: CURSOR } };
    });
    const user = userEvent.setup({ delay: null });
    renderPage(<OperationLogPage />);
    expect(await screen.findByText('Max Boss')).toBeInTheDocument();
    expect(screen.getByText('Dana Dealer')).toBeInTheDocument();
    expect(screen.getAllByText('Dealer A1')).toHaveLength(2);
    expect(screen.getAllByText('10.0.0.7')).toHaveLength(2);
    expect(screen.getByText('Refused')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('oplog-total')).toHaveTextContent('Entries: 3'));

    // The row reads as a sentence (never a path or an id); it opens a drawer with the diff and the request.
    expect(screen.getByText('Max Boss changed the role and details of Dana 1')).toBeInTheDocument();
    expect(screen.getByText('Refused: Pat Partner changed the role and details of Dana 2')).toBeInTheDocument();
    expect(screen.queryByText(/customer\/user\/edit/)).toBeNull();
    fireEvent.click(screen.getByTestId('log-open-1'));
    const detail = await screen.findByTestId('log-detail-1');
    const diff = within(detail).getByTestId('log-diff');
    expect(within(diff).getByRole('rowheader', { name: 'Permissions (role)' })).toBeInTheDocument();
    expect(diff).toHaveTextContent('dealer_account_qry, dealer_storage_qry');
    expect(within(diff).getByRole('rowheader', { name: 'Password' }).closest('tr')).toHaveTextContent('(changed)');
    // A state reads by its GLOSSARY name, never its code.
    const state = within(diff).getByRole('rowheader', { name: 'State' }).closest('tr')!;
    expect(state).toHaveTextContent('NormalOperation locked');
    expect(diff).not.toHaveTextContent('operation_locked');
    expect(detail).toHaveTextContent('"nickName": "Dana 1"');
    expect(detail).toHaveTextContent('req-1');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(calls.filter((c) => c.path === SEARCH)).toHaveLength(2));
    await waitFor(() => expect(screen.getByText('Pat Partner')).toBeInTheDocument());
    expect(screen.queryByText('Max Boss')).toBeNull();
    // The server counts with the first page only: the next page shows the figure kept from it.
    expect(screen.getByTestId('oplog-total')).toHaveTextContent('Entries: 3');
    const sent = calls.filter((c) => c.path === SEARCH).map((c) => c.body.data as { cursor?: string; range: { from: number; to: number } });
    expect(sent.map((d) => d.cursor)).toEqual([undefined, CURSOR]);
    // The default range: the last 7 days, within the 31-day rule.
    expect(sent[0].range.to - sent[0].range.from).toBeLessThan(8 * 86_400_000);
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('Max Boss')).toBeInTheDocument();
  });

  it('filters by actor, action, IP and result, and says 10,000+ past the cap', async () => {
    const { calls } = mockApi((path) =>
      path === SEARCH ? { data: { records: [log(1)], total: 10_000, totalCapped: true, nextCursor: CURSOR } } : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderPage(<OperationLogPage />);
    await waitFor(() => expect(screen.getByTestId('oplog-total')).toHaveTextContent('Entries: 10,000+'));
    await user.type(screen.getByRole('textbox', { name: 'Actor (name or ID)' }), 'Max');
    // Module and action come from the registry of typed actions.
    await user.click(screen.getByRole('combobox', { name: 'Module' }));
    await user.click(await screen.findByTitle('Accounts'));
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByTitle('changed the role and details of …'));
    await user.type(screen.getByRole('textbox', { name: 'IP address' }), '10.0.{Enter}');
    await waitFor(() =>
      expect(calls.at(-1)?.body.data).toMatchObject({
        actor: 'Max',
        module: 'account',
        code: 'account.userEdit',
        ip: '10.0.',
        pageSize: 20,
      }),
    );
  });

  it('shows what fills an empty log and what to do with an empty search', async () => {
    mockApi((path) => (path === SEARCH ? empty : undefined));
    const user = userEvent.setup({ delay: null });
    renderPage(<OperationLogPage />);
    expect(
      await screen.findByText('Nothing recorded yet. Changes made in the portal (users, companies, releases) appear here.'),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'IP address' }), '10.99.{Enter}');
    expect(await screen.findByText('Nothing matches these filters. Change or clear them to see more.')).toBeInTheDocument();
  });

  it('reads the sentence and the diff in zh-CN', async () => {
    await setLocale('zh-CN');
    mockApi((path) => (path === SEARCH ? { data: { records: [log(1)], total: 1, totalCapped: false, nextCursor: null } } : undefined));
    renderPage(<OperationLogPage />);
    fireEvent.click(await screen.findByText('Max Boss 修改了 Dana 1 的角色和资料'));
    const diff = await screen.findByTestId('log-diff');
    expect(within(diff).getByRole('rowheader', { name: '权限（角色）' })).toBeInTheDocument();
    expect(within(diff).getByRole('rowheader', { name: '密码' }).closest('tr')).toHaveTextContent('（已修改）');
    expect(within(diff).getByRole('rowheader', { name: '状态' }).closest('tr')).toHaveTextContent('正常操作锁定');
  });

  it('follows new rows with Live on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let n = 0;
      const { calls } = mockApi((path) => {
        if (path !== SEARCH) return undefined;
        n += 1;
        return { data: { records: n > 1 ? [log(5), log(1)] : [log(1)], total: n > 1 ? 2 : 1, totalCapped: false, nextCursor: null } };
      });
      renderPage(<OperationLogPage />);
      expect(await screen.findByText('Max Boss')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('switch', { name: 'Live' }));
      await vi.advanceTimersByTimeAsync(5500);
      await waitFor(() => expect(screen.getByTestId('oplog-total')).toHaveTextContent('Entries: 2'));
      expect(calls.filter((c) => c.path === SEARCH).length).toBeGreaterThanOrEqual(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['en-US', 'The query range cannot exceed 31 days.'],
    ['zh-CN', '查询时间范围不能超过31天。'],
  ] as const)('says why the range picker disables dates (%s, issue 11 §3)', async (locale, note) => {
    await setLocale(locale);
    mockApi((path) => (path === SEARCH ? empty : undefined));
    const user = userEvent.setup({ delay: null });
    renderPage(<OperationLogPage />);
    await screen.findByTestId('operation-log-table');
    const inputs = await screen.findAllByRole('textbox');
    const start = inputs.find((i) => i.closest('.ant-picker-range'))!;
    await user.click(start);
    expect(await screen.findByTestId('range-limit-note')).toHaveTextContent(note);
  });

  it('offers the integrity check when the server answers verifyAuditChain and says where the chain breaks; else no button', async () => {
    const partner = mockApi((path) => (path === SEARCH ? empty : path === 'insight/abilities' ? { data: { actions: [] } } : undefined));
    const { unmount } = renderPage(<OperationLogPage />);
    await screen.findByTestId('operation-log-table');
    await waitFor(() => expect(partner.calls.some((c) => c.path === 'insight/abilities')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Verify integrity' })).toBeNull();
    unmount();

    signIn(supplierUser());
    let answer = { ok: true, rows: 1234, brokenSeq: null as number | null };
    const { calls } = mockApi((path) => {
      if (path === SEARCH) return empty;
      if (path === 'insight/abilities') return { data: { actions: ['verifyAuditChain'] } };
      if (path === 'insight/operation-log/verify') return { data: answer };
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    renderPage(<OperationLogPage />);
    await user.click(await screen.findByRole('button', { name: 'Verify integrity' }));
    expect(await screen.findByTestId('audit-verify-result')).toHaveTextContent('The log is intact: 1,234 sealed entries verified.');
    answer = { ok: false, rows: 56, brokenSeq: 57 };
    await user.click(screen.getByRole('button', { name: 'Verify integrity' }));
    await waitFor(() => expect(screen.getByTestId('audit-verify-result')).toHaveTextContent('the chain breaks at entry 57'));
    expect(calls.filter((c) => c.path === 'insight/operation-log/verify')).toHaveLength(2);
  });
});
