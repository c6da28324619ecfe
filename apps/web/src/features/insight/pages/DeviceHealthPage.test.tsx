/**
 * The device-health list opens a device's page: its health now, its end user (masked), its upgrade
 * tasks with the device's state in each, and its events newest first, each read as a sentence in the
 * UI's language (a version change with both versions, an upgrade failure with its code). The
 * offline filter (1/7/30+ days) goes into the list's request.
 */
import type { DeviceHealth, DeviceHistory } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import DeviceHealthPage from './DeviceHealthPage';

const DEVICE: DeviceHealth = {
  id: 7,
  sn: 'SN-HIST-0001',
  productType: 'IPC',
  model: 'IPC-100',
  version: 'V1.0.0',
  country: 'DE',
  customerName: 'Dealer A1',
  online: true,
  lastSeenAt: Date.UTC(2026, 10, 20, 8),
  failures: 1,
  offlines24h: 0,
  flapping: false,
};
const at = Date.UTC(2026, 10, 20, 7);
const HISTORY: DeviceHistory = {
  device: DEVICE,
  events: [
    { id: 3, kind: 'version_change', at, code: '', fromVersion: 'V0.9.0', version: 'V1.0.0', taskId: 4 },
    { id: 2, kind: 'upgrade_failed', at: at - 60_000, code: 'E_MD5', fromVersion: '', version: 'V0.9.0', taskId: 4 },
    { id: 1, kind: 'activation', at: at - 120_000, code: '', fromVersion: '', version: 'V0.9.0', taskId: null },
  ],
  tasks: [
    {
      taskId: 4,
      versionName: 'V1.0.0',
      releaseType: 'full',
      taskStatus: 'in_release',
      state: 'failed',
      fromVersion: 'V0.9.0',
      errorCode: 'E_MD5',
      updatedAt: at - 60_000,
    },
  ],
  endUser: { account: 'a***@example.com', boundAt: at - 120_000 },
};
const OPTIONS = { productTypes: [], models: [], versions: [], countries: [], customers: [], timeZone: 'UTC' };

function api() {
  return mockApi((path, data) => {
    if (path === 'insight/stats/options') return { data: OPTIONS };
    if (path === 'insight/health/list') return { data: { records: [DEVICE], total: 1, pageNum: 1, pageSize: 20 } };
    if (path === 'insight/device/history') {
      expect(data).toEqual({ deviceId: 7 });
      return { data: HISTORY };
    }
    return undefined;
  });
}

beforeEach(() => signIn(partnerOwner()));

describe('DeviceHealthPage history', () => {
  it.each([
    ['en-US', 'Version changed from V0.9.0 to V1.0.0', 'Upgrade failed with code E_MD5 (on V0.9.0)', 'Activated', 'Failed'],
    ['zh-CN', '版本由 V0.9.0 变为 V1.0.0', '升级失败，错误码 E_MD5（版本 V0.9.0）', '已激活', '升级失败'],
  ] as const)('opens a device history from its SN (%s)', async (locale, version, failed, activated, taskState) => {
    await setLocale(locale);
    const { calls } = api();
    const user = userEvent.setup({ delay: null });
    renderPage(<DeviceHealthPage />);
    await user.click(await screen.findByTestId('health-sn-7'));
    const drawer = await screen.findByTestId('device-history');
    expect(within(drawer).getByText('SN-HIST-0001')).toBeInTheDocument();
    const items = within(drawer).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining(version),
      expect.stringContaining(failed),
      expect.stringContaining(activated),
    ]);
    expect(calls.filter((c) => c.path === 'insight/device/history')).toHaveLength(1);
    // Its end user, masked as the server answered, and its task with the device's state in it.
    expect(within(drawer).getByTestId('device-end-user')).toHaveTextContent('a***@example.com');
    const task = within(within(drawer).getByTestId('device-tasks')).getAllByRole('row')[1]!;
    expect(task).toHaveTextContent('#4');
    expect(task).toHaveTextContent('V0.9.0 → V1.0.0');
    expect(task).toHaveTextContent(taskState);
    expect(task).toHaveTextContent('E_MD5');
  });

  it('asks the list for devices offline 7+ days when that filter is chosen', async () => {
    await setLocale('en-US');
    const { calls } = api();
    const user = userEvent.setup({ delay: null });
    renderPage(<DeviceHealthPage />);
    await screen.findByTestId('health-sn-7');
    await user.click(screen.getByRole('combobox', { name: 'Offline for' }));
    await user.click(await screen.findByText('7+ days'));
    await expect
      .poll(() => calls.filter((c) => c.path === 'insight/health/list').map((c) => (c.body.data as { offlineDays?: number }).offlineDays))
      .toContain(7);
  });
});

describe('DeviceHealthPage device-logs export', () => {
  it('is offered when the server answers exportDeviceLogs, and not otherwise, whatever the codes', async () => {
    await setLocale('en-US');
    for (const [actions, shown] of [
      [['readDeviceLogs', 'exportDeviceLogs'], true],
      [[], false],
    ] as const) {
      const { calls } = mockApi((path) => {
        if (path === 'insight/abilities') return { data: { actions } };
        if (path === 'insight/stats/options') return { data: OPTIONS };
        if (path === 'insight/health/list') return { data: { records: [DEVICE], total: 1, pageNum: 1, pageSize: 20 } };
        return undefined;
      });
      const { unmount } = renderPage(<DeviceHealthPage />);
      await screen.findByTestId('health-sn-7');
      await waitFor(() => expect(calls.some((c) => c.path === 'insight/abilities')).toBe(true));
      if (shown) expect(await screen.findByTestId('device-logs-export')).toBeInTheDocument();
      else expect(screen.queryByTestId('device-logs-export')).toBeNull();
      unmount();
    }
  });
});
