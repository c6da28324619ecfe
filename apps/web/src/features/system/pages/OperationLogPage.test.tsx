import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn, supplierUser } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import OperationLogPage from './OperationLogPage';

const log = (id: number) => ({
  id,
  at: '2025-03-01T08:00:00.000Z',
  actorUserId: 1,
  actorName: id === 1 ? 'Max Boss' : 'Pat Partner',
  onBehalfOfUserId: id === 1 ? 12 : null,
  onBehalfOfName: id === 1 ? 'Dana Dealer' : null,
  companyId: 10,
  action: 'customer/company/update',
  targetType: 'company',
  targetId: String(100 + id),
  before: { name: `Old ${id}` },
  after: { name: `New ${id}` },
  requestId: `req-${id}`,
});

beforeEach(async () => {
  await setLocale('en-US');
  signIn(partnerOwner());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OperationLogPage', () => {
  it('lists the log with paging and shows before/after in an expanded row', async () => {
    const { calls } = mockApi((path, data) => {
      if (path !== 'system/operation-log/page') return undefined;
      const { pageNum, pageSize } = data as { pageNum: number; pageSize: number };
      return { data: { records: [log(pageNum * 10 - 9), log(pageNum * 10 - 8)], total: 25, pageNum, pageSize } };
    });
    const user = userEvent.setup({ delay: null });
    renderPage(<OperationLogPage />);
    expect(await screen.findByText('Max Boss')).toBeInTheDocument();
    expect(screen.getByText('Dana Dealer')).toBeInTheDocument();
    expect(screen.getByText('company #101')).toBeInTheDocument();
    expect(screen.getByText('25 records in total')).toBeInTheDocument();

    fireEvent.click(screen.getAllByRole('button', { name: /expand row/i })[0]);
    const detail = await screen.findByTestId('log-detail-1');
    expect(detail).toHaveTextContent('"name": "Old 1"');
    expect(detail).toHaveTextContent('"name": "New 1"');

    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(screen.getByText('company #111')).toBeInTheDocument());
    expect(calls.filter((c) => c.path === 'system/operation-log/page').map((c) => c.body.data)).toEqual([
      { pageNum: 1, pageSize: 10 },
      { pageNum: 2, pageSize: 10 },
    ]);
  });

  it('filters by action', async () => {
    const { calls } = mockApi((path) =>
      path === 'system/operation-log/page' ? { data: { records: [], total: 0, pageNum: 1, pageSize: 10 } } : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderPage(<OperationLogPage />);
    // An empty log says what will fill it; an empty search says what to do (issue 11 §3).
    expect(
      await screen.findByText('Nothing recorded yet. Changes made in the portal (users, companies, releases) appear here.'),
    ).toBeInTheDocument();
    await user.type(await screen.findByRole('textbox', { name: 'Action' }), 'auth/login{Enter}');
    await waitFor(() => expect(calls.at(-1)?.body.data).toEqual({ pageNum: 1, pageSize: 10, action: 'auth/login' }));
    expect(await screen.findByText('Nothing matches these filters. Change or clear them to see more.')).toBeInTheDocument();
  });

  it.each([
    ['en-US', 'The query range cannot exceed 31 days.'],
    ['zh-CN', '查询时间范围不能超过31天。'],
  ] as const)('says why the range picker disables dates (%s, issue 11 §3)', async (locale, note) => {
    await setLocale(locale);
    mockApi((path) => (path === 'system/operation-log/page' ? { data: { records: [], total: 0, pageNum: 1, pageSize: 10 } } : undefined));
    const user = userEvent.setup({ delay: null });
    renderPage(<OperationLogPage />);
    const inputs = await screen.findAllByRole('textbox');
    const start = inputs.find((i) => i.closest('.ant-picker-range'))!;
    await user.click(start);
    expect(await screen.findByTestId('range-limit-note')).toHaveTextContent(note);
  });

  it('offers the supplier the integrity check and says where the chain breaks; a partner sees no button', async () => {
    const empty = { data: { records: [], total: 0, pageNum: 1, pageSize: 10 } };
    mockApi((path) => (path === 'system/operation-log/page' ? empty : undefined));
    const { unmount } = renderPage(<OperationLogPage />);
    await screen.findByTestId('operation-log-table');
    expect(screen.queryByRole('button', { name: 'Verify integrity' })).toBeNull();
    unmount();

    signIn(supplierUser());
    let answer = { ok: true, rows: 1234, brokenSeq: null as number | null };
    const { calls } = mockApi((path) => {
      if (path === 'system/operation-log/page') return empty;
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
