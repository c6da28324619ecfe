import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn, supplierUser } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import CloudUpgradeIndexPage from './CloudUpgradeIndexPage';

/** What the server's package policy answers a manager per state; the web must offer exactly `actions`. */
const PACKAGE_ACTIONS: Record<string, string[]> = {
  synced: ['edit', 'release', 'abandon', 'delete'],
  upload_incomplete: ['edit', 'continueUpload', 'delete'],
  verification_failed: ['edit', 'restartUpload', 'delete'],
};
const MANAGER_ABILITIES = ['uploadPackage', 'release', 'importDevices', 'provisioningKey'];
const pkg = (pkgId: number, status: string, over: Record<string, unknown> = {}) => ({
  pkgId,
  companyId: 10,
  companyName: 'Acme Security',
  versionName: `V1.${pkgId}.0`,
  productType: 'IPC',
  models: ['IPC-200'],
  compatibleVersions: ['V1.0.0'],
  validityDays: 180,
  validUntil: null,
  isTest: false,
  descriptions: { 'en-US': 'Fixes' },
  signSheetFileId: null,
  signSheetUrl: null,
  fileName: 'fw.bin',
  size: 10_485_760,
  md5: '5d41402abc4b2a76b9719d911017c592',
  sha256: null,
  uploadedBytes: 5_242_880,
  status,
  statusReason: null,
  sync: [],
  createdAt: '2025-03-01T08:00:00.000Z',
  updatedAt: '2025-03-01T08:00:00.000Z',
  actions: PACKAGE_ACTIONS[status] ?? [],
  ...over,
});
/** What the server's policy answers a partner owner (dealer_upgrade_mgr) per state; the web must offer exactly `actions`. */
const OWNER_ACTIONS: Record<string, string[]> = {
  in_release: ['pause', 'end', 'revoke'],
  paused: ['continue', 'end', 'revoke'],
  ended: ['delete'],
};
const task = (taskId: number, status: string, actions: string[] = OWNER_ACTIONS[status] ?? []) => ({
  taskId,
  pkgId: 1,
  versionName: 'V1.1.0',
  productType: 'IPC',
  companyId: 10,
  companyName: 'Acme Security',
  releaseType: 'gray',
  speed: 'normal',
  grayCount: 100,
  areaIds: [1],
  countries: [],
  startAt: Date.parse('2025-03-01T08:00:00Z'),
  endAt: Date.parse('2030-03-01T08:00:00Z'),
  status,
  pauseReason: status === 'paused' ? 'errorThreshold' : null,
  pauseDetail: status === 'paused' ? '3 of 10 failed (30% > 20%)' : null,
  gates: { successThreshold: 90, errorThreshold: 20, minDevices: 10, reportTimeoutMinutes: 120 },
  counts: { targetQuantity: 200, noticeQuantity: 100, toUpgrade: 150, notified: 50, upgrading: 10, success: 30, failed: 3 },
  createdAt: '2025-03-01T08:00:00.000Z',
  createdBy: 'Pat Partner',
  actions,
});

function mockIndexApi(
  taskActions?: (status: string) => string[],
  opts: { abilities?: string[]; packageActions?: (status: string) => string[] } = {},
) {
  const pkgOf = (pkgId: number, status: string, over: Record<string, unknown> = {}) =>
    pkg(pkgId, status, { ...(opts.packageActions ? { actions: opts.packageActions(status) } : {}), ...over });
  return mockApi((path, data) => {
    if (path === 'customer/user-configs/list') return { data: { records: [] } };
    if (path === 'upgrade/abilities') return { data: { actions: opts.abilities ?? MANAGER_ABILITIES } };
    if (path === 'upgrade/package/list')
      return {
        data: {
          records: [
            pkgOf(1, 'synced'),
            pkgOf(2, 'upload_incomplete'),
            pkgOf(3, 'verification_failed', { statusReason: 'md5 is 0f00…, not 5d41…' }),
          ],
          total: 3,
          pageNum: 1,
          pageSize: 10,
        },
      };
    if (path === 'upgrade/task/list') {
      const records = ['in_release', 'paused'].map((status, i) => task(7 + i, status, taskActions?.(status)));
      return { data: { records, total: 2, pageNum: 1, pageSize: 10 } };
    }
    if (path === 'upgrade/task/operate')
      return { data: { ...task((data as { taskId: number }).taskId, 'ended'), waves: [], currentWave: null, history: [] } };
    return undefined;
  });
}

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CloudUpgradeIndexPage', () => {
  it('offers the package actions each state allows and shows a failed verification with its reason', async () => {
    signIn(partnerOwner());
    mockIndexApi();
    const user = userEvent.setup({ delay: null });
    renderPage(<CloudUpgradeIndexPage />);
    const table = await screen.findByTestId('packages-table');
    expect(await within(table).findByText('V1.1.0')).toBeVisible();
    expect(screen.getByTestId('upload-package')).toBeVisible();
    expect(screen.getByTestId('release-1')).toBeVisible();
    expect(screen.queryByTestId('release-2')).not.toBeInTheDocument();
    expect(screen.getByTestId('continue-2')).toBeVisible();
    expect(within(table).getByText('5.0 MB / 10.0 MB')).toBeVisible();
    expect(within(table).getAllByText('md5 is 0f00…, not 5d41…')[0]).toBeInTheDocument();

    await user.click(screen.getByTestId('package-more-3'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Upload again')).toBeVisible();
    expect(within(menu).getByText('Delete')).toBeVisible();
    expect(within(menu).queryByText('Abandon')).not.toBeInTheDocument();
  });

  it('names the row actions for a screen reader in zh-CN: icons are not read, icon-only buttons say what they do (issue 11 §3)', async () => {
    await setLocale('zh-CN');
    signIn(partnerOwner());
    mockIndexApi();
    renderPage(<CloudUpgradeIndexPage />);
    await within(await screen.findByTestId('packages-table')).findByText('V1.1.0');
    // The rocket icon is not part of the name ("rocket 发布" before).
    expect(screen.getByTestId('release-1')).toHaveAccessibleName('发布');
    expect(screen.getByTestId('package-more-1')).toHaveAccessibleName('V1.1.0 的更多操作');
    expect(screen.getByRole('button', { name: '刷新' })).toBeVisible();
    expect(screen.getByRole('button', { name: '列设置' })).toBeVisible();
    expect(screen.getByRole('button', { name: '查询' })).toBeVisible();
    // The icons in the toolbar's buttons and in the rows: decorative, or named in the page's
    // language (antd names them in English: "more", "reload", "close-circle").
    for (const icon of document.querySelectorAll('.portal-toolbar button .anticon, [data-testid="packages-table"] tbody .anticon')) {
      const label = icon.getAttribute('aria-label');
      expect(!!icon.closest('[aria-hidden="true"]') || (label !== null && !/^[a-z-]+$/.test(label)), icon.outerHTML.slice(0, 120)).toBe(
        true,
      );
    }
  });

  it('names the task row actions in zh-CN', async () => {
    await setLocale('zh-CN');
    signIn(partnerOwner());
    mockIndexApi();
    renderPage(<CloudUpgradeIndexPage />, { path: '/?tab=tasks' });
    expect(await screen.findByTestId('task-more-7')).toHaveAccessibleName('任务 #7 · V1.1.0 的更多操作');
    expect(screen.getByTestId('task-pause-7')).toHaveAccessibleName('暂停');
  });

  it('is read-only with dealer_upgrade_qry alone', async () => {
    signIn(partnerOwner({ authResList: ['dealer_upgrade_qry'] }));
    mockIndexApi(() => [], { abilities: [], packageActions: () => [] });
    const user = userEvent.setup({ delay: null });
    renderPage(<CloudUpgradeIndexPage />);
    expect(await within(await screen.findByTestId('packages-table')).findByText('V1.1.0')).toBeVisible();
    expect(screen.queryByTestId('upload-package')).not.toBeInTheDocument();
    expect(screen.queryByTestId('release-1')).not.toBeInTheDocument();
    expect(screen.queryByTestId('continue-2')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('package-more-1'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByText('Edit')).not.toBeInTheDocument();
    expect(within(menu).queryByText('Abandon')).not.toBeInTheDocument();
    expect(within(menu).getByText('Version notes')).toBeVisible();

    await user.click(screen.getByRole('tab', { name: /Release tasks/ }));
    const tasks = await screen.findByTestId('tasks-table');
    expect(await within(tasks).findByText('#7 · V1.1.0')).toBeVisible();
    expect(screen.queryByTestId('new-release')).not.toBeInTheDocument();
    expect(screen.queryByTestId('task-pause-7')).not.toBeInTheDocument();
    expect(screen.queryByTestId('task-more-7')).not.toBeInTheDocument();
  });

  it('lists tasks with counts and state actions, and ends a task only after confirmation', async () => {
    signIn(partnerOwner());
    const { calls } = mockIndexApi();
    const user = userEvent.setup({ delay: null });
    renderPage(<CloudUpgradeIndexPage />, { path: '/?tab=tasks' });
    const tasks = await screen.findByTestId('tasks-table');
    expect(await within(tasks).findByText('#7 · V1.1.0')).toBeVisible();
    expect(within(tasks).getAllByText('To upgrade: 150')).toHaveLength(2);
    expect(within(tasks).getAllByText('Succeeded: 30')).toHaveLength(2);
    expect(within(tasks).getByText('Too many failures')).toBeVisible();
    expect(screen.getByTestId('task-pause-7')).toBeVisible();
    expect(screen.getByTestId('task-continue-8')).toBeVisible();

    await user.click(screen.getByTestId('task-more-7'));
    await user.click(await screen.findByRole('menuitem', { name: /End/ }));
    expect(await screen.findByText('End task #7?')).toBeVisible();
    expect(calls.some((c) => c.path === 'upgrade/task/operate')).toBe(false);
    await user.type(screen.getByLabelText('Reason'), 'Enough data');
    await user.click(screen.getByTestId('task-action-ok'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'upgrade/task/operate')?.body.data).toEqual({ taskId: 7, action: 'end', reason: 'Enough data' }),
    );
  });

  it('gives the supplier suspension and external pause', async () => {
    signIn(supplierUser());
    mockIndexApi((status) => [...(OWNER_ACTIONS[status] ?? []), 'supplierSuspend', 'externalPause']);
    const user = userEvent.setup({ delay: null });
    renderPage(<CloudUpgradeIndexPage />, { path: '/?tab=tasks' });
    await within(await screen.findByTestId('tasks-table')).findByText('#7 · V1.1.0');
    await user.click(screen.getByTestId('task-more-7'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Suspend')).toBeVisible();
    expect(within(menu).getByText('External pause')).toBeVisible();
  });

  it('offers exactly the actions the server answered with each task, whatever the codes suggest', async () => {
    // A manager's session, but the server's policy grants task 7 nothing and task 8 only delete.
    signIn(partnerOwner());
    mockIndexApi((status) => (status === 'paused' ? ['delete'] : []));
    const user = userEvent.setup({ delay: null });
    renderPage(<CloudUpgradeIndexPage />, { path: '/?tab=tasks' });
    await within(await screen.findByTestId('tasks-table')).findByText('#7 · V1.1.0');
    expect(screen.queryByTestId('task-pause-7')).not.toBeInTheDocument();
    expect(screen.queryByTestId('task-more-7')).not.toBeInTheDocument();
    expect(screen.queryByTestId('task-continue-8')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('task-more-8'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Delete')).toBeVisible();
    expect(within(menu).queryByText('End')).not.toBeInTheDocument();
  });

  it('offers exactly the package actions and the upload the server answered, whatever the codes suggest', async () => {
    // A manager's session, but the server grants no upload and, on the synced package, only its notes and edit.
    signIn(partnerOwner());
    mockIndexApi(undefined, { abilities: ['release'], packageActions: (status) => (status === 'synced' ? ['edit'] : []) });
    const user = userEvent.setup({ delay: null });
    renderPage(<CloudUpgradeIndexPage />);
    const table = await screen.findByTestId('packages-table');
    expect(await within(table).findByText('V1.1.0')).toBeVisible();
    expect(screen.queryByTestId('upload-package')).not.toBeInTheDocument();
    expect(screen.queryByTestId('release-1')).not.toBeInTheDocument();
    expect(screen.queryByTestId('continue-2')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('package-more-1'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Edit')).toBeVisible();
    expect(within(menu).queryByText('Abandon')).not.toBeInTheDocument();
    expect(within(menu).queryByText('Delete')).not.toBeInTheDocument();
    // The release button of the task tab follows the answered 'release'.
    await user.click(screen.getByRole('tab', { name: /Release tasks/ }));
    expect(await screen.findByTestId('new-release')).toBeVisible();
  });

  it('shows the upload button once the server answers uploadPackage', async () => {
    signIn(partnerOwner({ authResList: ['dealer_upgrade_qry'] }));
    mockIndexApi(() => [], { abilities: ['uploadPackage'], packageActions: () => [] });
    renderPage(<CloudUpgradeIndexPage />);
    expect(await screen.findByTestId('upload-package')).toBeVisible();
  });
});
