/**
 * A device's logs on its page: each log's state in the UI's language with its size, requester and
 * time; "Request log" and the retention's "Change" only when the list answers their actions (and no
 * request while one waits); a download asks for the log's signed link; the section is there only
 * when insight/abilities answers readDeviceLogs. The server's answers decide, never the codes.
 */
import type { DeviceLogList } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { ALL_CODES, mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { DeviceLogs } from './DeviceLogs';

const at = Date.UTC(2026, 10, 20, 7);
const LOGS: DeviceLogList = {
  retentionDays: 30,
  actions: ['request', 'setRetention'],
  records: [
    {
      id: 3,
      state: 'uploaded',
      size: 2048,
      requesterName: 'Pat Partner',
      requestedAt: at - 60_000,
      expiresAt: at + 86_400_000,
      uploadedAt: at,
    },
    {
      id: 2,
      state: 'expired',
      size: null,
      requesterName: 'Pat Partner',
      requestedAt: at - 3 * 86_400_000,
      expiresAt: at - 2 * 86_400_000,
      uploadedAt: null,
    },
    { id: 1, state: 'uploaded', size: 512, requesterName: null, requestedAt: null, expiresAt: null, uploadedAt: at - 5 * 86_400_000 },
  ],
};

function api(list: DeviceLogList = LOGS, abilities: string[] = ['readDeviceLogs', 'exportDeviceLogs']) {
  return mockApi((path, data) => {
    if (path === 'insight/abilities') return { data: { actions: abilities } };
    if (path === 'insight/device/log/list') {
      expect(data).toEqual({ deviceId: 7 });
      return { data: list };
    }
    if (path === 'insight/device/log/request')
      return {
        data: {
          id: 4,
          state: 'requested',
          size: null,
          requesterName: 'Pat Partner',
          requestedAt: at,
          expiresAt: at + 86_400_000,
          uploadedAt: null,
        },
      };
    if (path === 'insight/device/log/link') return { data: { url: '/v1.0/customer-api/file/get?path=x' } };
    return undefined;
  });
}

beforeEach(() => signIn(partnerOwner({ authResList: [...ALL_CODES, 'dealer_device_qry', 'dealer_device_mgr'] })));
afterEach(() => vi.restoreAllMocks());

describe('DeviceLogs', () => {
  it.each([
    ['en-US', ['Uploaded', 'Expired', 'Uploaded'], 'Sent by the device', 'Logs are kept for 30 days.', '2 KB'],
    ['zh-CN', ['已上传', '已过期', '已上传'], '设备主动上传', '日志保留 30 天。', '2 KB'],
  ] as const)('lists the logs with their states, requester and size (%s)', async (locale, states, unasked, retention, size) => {
    await setLocale(locale);
    api();
    renderPage(<DeviceLogs deviceId={7} />);
    const section = await screen.findByTestId('device-logs');
    await within(section).findByText(retention);
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(states);
    expect(rows[0]!.textContent).toContain(size);
    expect(rows[2]!.textContent).toContain(unasked);
    expect(rows[2]!.textContent).toContain('512 B');
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
  });

  it('requests a log and downloads an uploaded one by its link', async () => {
    await setLocale('en-US');
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { calls } = api();
    const user = userEvent.setup({ delay: null });
    renderPage(<DeviceLogs deviceId={7} />);
    await user.click(await screen.findByTestId('device-log-download-3'));
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(calls.find((c) => c.path === 'insight/device/log/link')?.body.data).toEqual({ logId: 3 });
    expect(open).toHaveBeenCalledWith('/v1.0/customer-api/file/get?path=x', '_blank', 'noopener');
    await user.click(screen.getByTestId('device-log-request'));
    await waitFor(() => expect(calls.find((c) => c.path === 'insight/device/log/request')?.body.data).toEqual({ deviceId: 7 }));
  });

  it('does not offer a request while one waits, nor when the list does not answer it', async () => {
    await setLocale('en-US');
    api({ ...LOGS, records: [{ ...LOGS.records[1]!, id: 9, state: 'requested', expiresAt: at + 86_400_000 }] });
    const { unmount } = renderPage(<DeviceLogs deviceId={7} />);
    await screen.findByText(/A log request is waiting/);
    expect(screen.getByTestId('device-log-request')).toBeDisabled();
    unmount();

    // The user's codes would allow a request; the list's actions decide.
    api({ ...LOGS, actions: [] });
    renderPage(<DeviceLogs deviceId={7} />);
    await screen.findByText('Logs are kept for 30 days.');
    expect(screen.queryByTestId('device-log-request')).toBeNull();
  });

  it('is not there when the server does not answer readDeviceLogs', async () => {
    const { calls } = api(LOGS, []);
    renderPage(<DeviceLogs deviceId={7} />);
    await waitFor(() => expect(calls.some((c) => c.path === 'insight/abilities')).toBe(true));
    expect(screen.queryByTestId('device-logs')).toBeNull();
    expect(calls.filter((c) => c.path === 'insight/device/log/list')).toHaveLength(0);
  });
});

describe('DeviceLogs retention', () => {
  it.each([
    ['en-US', 'Change', 'Save', 'Device logs are now kept 90 days.'],
    ['zh-CN', '修改', '保存', '设备日志现保留 90 天。'],
  ] as const)("lets a brand's manager change how long its logs are kept (%s)", async (locale, change, save, saved) => {
    await setLocale(locale);
    const { calls } = mockApi((path) => {
      if (path === 'insight/abilities') return { data: { actions: ['readDeviceLogs'] } };
      if (path === 'insight/device/log/list') return { data: LOGS };
      if (path === 'insight/device/log/retention') return { data: { retentionDays: 90 } };
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    renderPage(<DeviceLogs deviceId={7} />);
    const edit = await screen.findByTestId('device-log-retention-edit');
    expect(edit.textContent?.replace(/\s/g, '')).toBe(change);
    await user.click(edit);
    const input = screen.getByTestId('device-log-retention-input');
    await user.clear(input);
    await user.type(input, '90');
    expect(screen.getByTestId('device-log-retention-save').textContent?.replace(/\s/g, '')).toBe(save);
    await user.click(screen.getByTestId('device-log-retention-save'));
    await waitFor(() => expect(calls.find((c) => c.path === 'insight/device/log/retention')?.body.data).toEqual({ days: 90 }));
    await screen.findByText(saved);
  });

  it('shows the retention without a way to change it when setRetention is not answered (a reader; a distributor that may request)', async () => {
    await setLocale('en-US');
    api({ ...LOGS, actions: [] });
    const { unmount } = renderPage(<DeviceLogs deviceId={7} />);
    await screen.findByText('Logs are kept for 30 days.');
    expect(screen.queryByTestId('device-log-retention-edit')).toBeNull();
    unmount();

    api({ ...LOGS, actions: ['request'] });
    renderPage(<DeviceLogs deviceId={7} />);
    await screen.findByText('Logs are kept for 30 days.');
    expect(screen.getByTestId('device-log-request')).toBeInTheDocument();
    expect(screen.queryByTestId('device-log-retention-edit')).toBeNull();
  });
});
