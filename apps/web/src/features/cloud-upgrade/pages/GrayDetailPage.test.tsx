import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import GrayDetailPage from './GrayDetailPage';

const gates = { successThreshold: 90, errorThreshold: 20, minDevices: 10, reportTimeoutMinutes: 120 };
const wave = (index: number, size: number, over: Record<string, unknown> = {}) => ({
  index,
  size,
  isPromotion: false,
  startedAt: '2025-03-01T08:00:00.000Z',
  notified: size,
  success: size,
  failed: 0,
  successRate: 100,
  ...over,
});

function detail(status: string, over: Record<string, unknown> = {}) {
  return {
    taskId: 7,
    pkgId: 1,
    versionName: 'V2.0.0',
    productType: 'IPC',
    companyId: 10,
    companyName: 'Acme Security',
    releaseType: 'gray',
    speed: 'fast',
    grayCount: 50,
    areaIds: [2],
    countries: ['DE'],
    startAt: Date.parse('2025-03-01T08:00:00Z'),
    endAt: Date.parse('2030-03-01T08:00:00Z'),
    status,
    pauseReason: null,
    pauseDetail: null,
    gates,
    counts: { targetQuantity: 80, noticeQuantity: 50, toUpgrade: 30, notified: 50, upgrading: 0, success: 50, failed: 0 },
    createdAt: '2025-03-01T08:00:00.000Z',
    createdBy: 'Pat Partner',
    // What the server's policy answers a partner owner in this state.
    actions:
      (
        {
          gray_complete: ['promote', 'end', 'revoke', 'update'],
          paused: ['continue', 'end', 'revoke', 'update'],
          completed: ['delete'],
        } as Record<string, string[]>
      )[status] ?? [],
    waves: [wave(1, 10), wave(2, 40), wave(3, 30, { isPromotion: true, startedAt: null, notified: 0, success: 0, successRate: 0 })],
    currentWave: 2,
    history: [{ at: '2025-03-01T08:00:00.000Z', action: 'release', from: 'unreleased', to: 'in_release', by: 'Pat Partner', reason: null }],
    ...over,
  };
}

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('GrayDetailPage', () => {
  it('shows the waves against the success gate and promotes a gray-complete task after confirmation', async () => {
    signIn(partnerOwner());
    let current = detail('gray_complete');
    const { calls } = mockApi((path, data) => {
      if (path === 'customer/user-configs/list') return { data: { records: [] } };
      if (path === 'upgrade/task/get') return { data: current };
      if (path === 'upgrade/task/result-number') return { data: [{ country: 'DE', toUpgrade: 30, notified: 50, success: 50, failed: 0 }] };
      if (path === 'upgrade/task/devices') return { data: { records: [], total: 0, pageNum: 1, pageSize: 10 } };
      if (path === 'upgrade/task/operate') {
        expect(data).toMatchObject({ taskId: 7, action: 'promote' });
        current = detail('in_release', { currentWave: 3 });
        return { data: current };
      }
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    renderPage(<GrayDetailPage />, { path: '/grayDetail?taskId=7', route: '/grayDetail' });

    expect(await screen.findByTestId('task-title')).toHaveTextContent('V2.0.0');
    const waves = await screen.findByTestId('waves-table');
    expect(within(waves).getAllByRole('row').length).toBeGreaterThanOrEqual(4);
    expect(within(waves).getByText('30')).toBeVisible();
    expect(screen.getByTestId('task-stats')).toHaveTextContent('80');

    await user.click(screen.getByTestId('task-promote'));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: /promote/i }));
    await waitFor(() => expect(calls.some((c) => c.path === 'upgrade/task/operate')).toBe(true));
  });

  it('shows why a task paused itself and offers continue and end, not promote', async () => {
    signIn(partnerOwner());
    mockApi((path) => {
      if (path === 'customer/user-configs/list') return { data: { records: [] } };
      if (path === 'upgrade/task/get')
        return {
          data: detail('paused', {
            pauseReason: 'errorThreshold',
            pauseDetail: '6 of 10 finished devices failed (60.0%), above the error threshold of 20%.',
          }),
        };
      if (path === 'upgrade/task/result-number') return { data: [] };
      if (path === 'upgrade/task/devices') return { data: { records: [], total: 0, pageNum: 1, pageSize: 10 } };
      return undefined;
    });
    renderPage(<GrayDetailPage />, { path: '/grayDetail?taskId=7', route: '/grayDetail' });
    const reason = await screen.findByTestId('pause-reason');
    expect(reason).toHaveTextContent('Too many failures');
    expect(reason).toHaveTextContent('above the error threshold of 20%');
    expect(screen.getByTestId('task-continue')).toBeVisible();
    expect(screen.getByTestId('task-end')).toBeVisible();
    expect(screen.queryByTestId('task-promote')).not.toBeInTheDocument();
  });

  it.each([
    { actions: ['continue', 'end', 'revoke', 'update'], editable: true },
    { actions: ['continue', 'end', 'revoke'], editable: false },
  ])('offers the edit of end time and gates only with the answered update ($actions)', async ({ actions, editable }) => {
    // The same manager's session and task state; only the server's answer differs.
    signIn(partnerOwner());
    mockApi((path) => {
      if (path === 'customer/user-configs/list') return { data: { records: [] } };
      if (path === 'upgrade/task/get') return { data: detail('paused', { actions }) };
      if (path === 'upgrade/task/result-number') return { data: [] };
      if (path === 'upgrade/task/devices') return { data: { records: [], total: 0, pageNum: 1, pageSize: 10 } };
      return undefined;
    });
    renderPage(<GrayDetailPage />, { path: '/grayDetail?taskId=7', route: '/grayDetail' });
    expect(await screen.findByTestId('task-continue')).toBeVisible();
    if (editable) expect(screen.getByTestId('task-edit')).toBeVisible();
    else expect(screen.queryByTestId('task-edit')).not.toBeInTheDocument();
  });
});
