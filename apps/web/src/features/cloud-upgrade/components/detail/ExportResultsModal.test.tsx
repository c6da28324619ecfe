import type { ReleaseTaskDetail } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../../test/fixtures';
import { renderPage } from '../../../../test/render';
import { ExportResultsModal } from './ExportResultsModal';

const DAY = 86_400_000;
const task = {
  taskId: 7,
  pkgId: 1,
  versionName: 'V2.0.0',
  productType: 'IPC',
  companyId: 10,
  companyName: 'Acme Security',
  releaseType: 'full',
  speed: null,
  grayCount: null,
  areaIds: [2],
  countries: [],
  startAt: Date.now() - 3 * DAY,
  endAt: Date.now() + 30 * DAY,
  status: 'in_release',
  pauseReason: null,
  pauseDetail: null,
  gates: { successThreshold: 90, errorThreshold: 20, minDevices: 10, reportTimeoutMinutes: 120 },
  counts: { targetQuantity: 3, noticeQuantity: 3, toUpgrade: 0, notified: 3, upgrading: 0, success: 3, failed: 0 },
  createdAt: new Date(Date.now() - 3 * DAY).toISOString(),
  createdBy: 'Pat Partner',
  waves: [],
  currentWave: 1,
  history: [],
} as unknown as ReleaseTaskDetail;
const DOWNLOAD = '/v1.0/customer-api/upgrade/result/export/download?task=7&signature=abc';

function mockExportApi(download: () => Response) {
  return mockApi((path) => {
    if (path === 'upgrade/result/export') return { data: { url: DOWNLOAD, rows: 3 } };
    if (path.startsWith('upgrade/result/export/download')) return download();
    return undefined;
  });
}

let saved: Blob[] = [];
beforeEach(async () => {
  await setLocale('en-US');
  signIn(partnerOwner());
  saved = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (saved.push(b), 'blob:export'), revokeObjectURL: () => {} }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ExportResultsModal', () => {
  it('asks for the results since the task was created, streams the file and saves it', async () => {
    const { calls } = mockExportApi(
      () =>
        new Response(new Uint8Array([80, 75, 3, 4, 1, 2, 3]), {
          headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': '7' },
        }),
    );
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderPage(<ExportResultsModal task={task} open onClose={onClose} />);
    await user.click(await screen.findByTestId('export-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const asked = calls.find((c) => c.path === 'upgrade/result/export')!.body.data as {
      taskId: number;
      range: { from: number; to: number };
    };
    expect(asked.taskId).toBe(7);
    // From the day the task was created to the end of today.
    expect(new Date(asked.range.from).toDateString()).toBe(new Date(Date.parse(task.createdAt)).toDateString());
    expect(asked.range.to).toBeGreaterThanOrEqual(Date.now());
    expect(saved).toHaveLength(1);
    expect(saved[0]!.size).toBe(7);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('The results (3 rows) were exported.')).toBeInTheDocument();
    clicked.mockRestore();
  });

  it('says so when the file cannot be downloaded, and stays open to try again', async () => {
    mockExportApi(() => new Response('gone', { status: 403 }));
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderPage(<ExportResultsModal task={task} open onClose={onClose} />);
    await user.click(await screen.findByTestId('export-submit'));
    expect(await screen.findByText('The export could not be downloaded. Please try again.')).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    expect(saved).toHaveLength(0);
    expect(screen.getByTestId('export-submit')).toBeEnabled();
  });
});
