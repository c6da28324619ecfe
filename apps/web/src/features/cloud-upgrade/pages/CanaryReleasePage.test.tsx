import { VALIDATION_MESSAGES } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { PageHeader } from '../../../app/layout/PageHeader';
import CanaryReleasePage from './CanaryReleasePage';

const GATES = { successThreshold: 80, errorThreshold: 15, minDevices: 5, reportTimeoutMinutes: 60 };
const pkg = {
  pkgId: 41,
  companyId: 10,
  companyName: 'Acme Security',
  versionName: 'V5.2.1',
  productType: 'IPC',
  models: ['IPC-100'],
  compatibleVersions: ['V5.1.0'],
  validityDays: 180,
  validUntil: null,
  isTest: false,
  descriptions: { 'en-US': 'Fixes' },
  signSheetFileId: null,
  signSheetUrl: null,
  fileName: 'fw.bin',
  size: 5,
  md5: '5d41402abc4b2a76b9719d911017c592',
  sha256: null,
  uploadedBytes: 5,
  status: 'synced',
  statusReason: null,
  sync: [],
  createdAt: '2025-03-01T08:00:00.000Z',
  updatedAt: '2025-03-01T08:00:00.000Z',
  actions: ['edit', 'release', 'abandon', 'delete'],
};
const preview = (areaIds: number[]) => ({
  targetQuantity: areaIds[0] === 2 ? 40 : 120,
  noticeQuantity: 100,
  busyElsewhere: 3,
  unknownTargets: 0,
  incompatible: 7,
  alreadyUpgraded: 2,
  byCountry: [
    { country: 'DE', devices: 80 },
    { country: 'FR', devices: 40 },
  ],
  waves: [
    { index: 1, size: 10, paceMinutes: 0 },
    { index: 2, size: 30, paceMinutes: 10 },
    { index: 3, size: 60, paceMinutes: 10 },
  ],
});

function mockReleaseApi(abilities = ['uploadPackage', 'release', 'importDevices', 'provisioningKey']) {
  return mockApi((path, data) => {
    if (path === 'upgrade/abilities') return { data: { actions: abilities } };
    if (path === 'upgrade/app-config/get')
      return { data: { chunkBytes: 5242880, maxPackageBytes: 1, validityMinDays: 7, canary: {}, defaultGates: GATES } };
    if (path === 'upgrade/package/get') return { data: pkg };
    if (path === 'upgrade/package/list') return { data: { records: [pkg], total: 1, pageNum: 1, pageSize: 50 } };
    if (path === 'upgrade/country-code')
      return {
        data: [
          { code: 'DE', devices: 80 },
          { code: 'FR', devices: 40 },
        ],
      };
    if (path === 'upgrade/task/preview') return { data: preview((data as { areaIds: number[] }).areaIds) };
    if (path === 'upgrade/task/batch-submit') return { data: { taskIds: [7, 8] } };
    if (path === 'customer/user-configs/list') return { data: { records: [] } };
    if (path === 'device/import/template')
      return { data: { url: `/v1.0/customer-api/device/import/template/download?kind=${(data as { kind: string }).kind}` } };
    return undefined;
  });
}

beforeEach(async () => {
  await setLocale('en-US');
  signIn(partnerOwner());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function open() {
  const r = renderPage(<CanaryReleasePage />, { path: '/?pkgId=41' });
  await screen.findByTestId('release-form');
  // The preselected package is loaded and shown.
  await screen.findByText('IPC-100');
  return r;
}

describe('CanaryReleasePage (release wizard)', () => {
  it('requires a region and a gray count of 50-1000 devices', async () => {
    const { calls } = mockReleaseApi();
    const user = userEvent.setup({ delay: null });
    await open();
    await user.click(screen.getByTestId('wizard-next'));
    const grayCount = await screen.findByLabelText('Gray devices');
    await user.clear(grayCount);
    await user.type(grayCount, '20');
    await user.click(screen.getByTestId('wizard-next'));
    expect(await screen.findByText(VALIDATION_MESSAGES.regionRequired.en)).toBeVisible();
    expect(await screen.findByText(VALIDATION_MESSAGES.versionCountRange.en)).toBeVisible();
    await user.clear(grayCount);
    await user.type(grayCount, '1001');
    await user.click(screen.getByTestId('wizard-next'));
    // The message is shown again for the new value (the old one may still be fading out).
    await waitFor(() => expect(screen.getAllByText(VALIDATION_MESSAGES.versionCountRange.en).at(-1)).toBeVisible());
    expect(grayCount).toHaveValue('1001');
    expect(calls.some((c) => c.path === 'upgrade/task/preview')).toBe(false);
  });

  it('shows the waves of the chosen speed for the gray count', async () => {
    mockReleaseApi();
    const user = userEvent.setup({ delay: null });
    await open();
    await user.click(screen.getByTestId('wizard-next'));
    await user.click(await screen.findByText('Slow'));
    const waves = await screen.findByTestId('gray-waves');
    // 100 devices at slow speed: 5%, 15%, 30%, 50%.
    expect(
      within(waves)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      expect.stringMatching(/^Wave 15%5At the start time$/),
      expect.stringMatching(/^Wave 215%15When the previous wave reaches 80% success, at least 30 min after it started$/),
      expect.stringMatching(/^Wave 330%30/),
      expect.stringMatching(/^Wave 450%50/),
    ]);
  });

  it('checks specified SNs and MAC ranges with the contract rules', async () => {
    mockReleaseApi();
    const user = userEvent.setup({ delay: null });
    await open();
    await user.click(screen.getByText('Specified devices'));
    await user.click(screen.getByTestId('wizard-next'));
    await user.click(await screen.findByTestId('wizard-next'));
    expect(await screen.findByText(VALIDATION_MESSAGES.targetDevicesRequired.en)).toBeVisible();

    await user.type(screen.getByLabelText('SNs'), 'SN0001{Enter}bad sn!');
    await user.click(screen.getByTestId('add-mac-range'));
    await user.type(screen.getByLabelText('Range 1 start'), 'AA:BB:CC:00:00:10');
    await user.type(screen.getByLabelText('Range 1 end'), 'AA:BB:CD:00:00:01');
    await user.click(screen.getByTestId('wizard-next'));
    expect(await screen.findByText(`sn!: ${VALIDATION_MESSAGES.snInvalid.en}`)).toBeVisible();
    expect(await screen.findByText(VALIDATION_MESSAGES.macRangeOuiMismatch.en)).toBeVisible();

    const end = screen.getByLabelText('Range 1 end');
    await user.clear(end);
    await user.type(end, 'AA-BB-CC-00-00-01');
    await user.click(screen.getByTestId('wizard-next'));
    expect(await screen.findByText(VALIDATION_MESSAGES.macRangeOrder.en)).toBeVisible();

    await user.clear(screen.getByLabelText('Range 1 start'));
    await user.type(screen.getByLabelText('Range 1 start'), 'zz:zz');
    await user.click(screen.getByTestId('wizard-next'));
    // One mistake, one message: the malformed start is reported on the start field only.
    await waitFor(() => expect(screen.getAllByText(VALIDATION_MESSAGES.macInvalid.en)).toHaveLength(1));
    expect(screen.getByText(VALIDATION_MESSAGES.macInvalid.en)).toBeVisible();
  });

  it.each([
    ['en-US', 'Specified devices', 'SNs', 'Range 1 start', 'Range 1 end', VALIDATION_MESSAGES.macRangeOrder.en],
    ['zh-CN', '指定设备', 'SN', '第 1 段起始', '第 1 段结束', VALIDATION_MESSAGES.macRangeOrder.zh],
  ] as const)(
    'an invalid MAC range stops Next even when the SNs are valid (%s, issue 11 §3)',
    async (locale, specified, sns, startLabel, endLabel, message) => {
      await setLocale(locale);
      const { calls } = mockReleaseApi();
      const user = userEvent.setup({ delay: null });
      await open();
      await user.click(screen.getByText(specified));
      await user.click(screen.getByTestId('wizard-next'));
      await user.type(await screen.findByLabelText(sns), 'SN0001');
      await user.click(screen.getByTestId('add-mac-range'));
      await user.type(screen.getByLabelText(startLabel), 'AA:BB:CC:00:00:10');
      await user.type(screen.getByLabelText(endLabel), 'AA:BB:CC:00:00:01');
      await user.click(screen.getByTestId('wizard-next'));
      expect(await screen.findByText(message)).toBeVisible();
      // Still on the targets step: the range is visible, the schedule is not.
      expect(screen.getByLabelText(endLabel)).toBeVisible();
      expect(screen.getByLabelText(endLabel)).toHaveValue('AA:BB:CC:00:00:01');
      expect(document.querySelector('.ant-steps-item-active')?.textContent).toMatch(locale === 'en-US' ? /Targets/ : /发布对象/);
      expect(calls.some((c) => c.path === 'upgrade/task/preview')).toBe(false);
    },
  );

  it('is titled after the type of release it creates, in the header and the tab (issue 11 §3)', async () => {
    mockReleaseApi();
    const user = userEvent.setup({ delay: null });
    renderPage(
      <>
        <PageHeader brandTitle="Acme" />
        <CanaryReleasePage />
      </>,
      { path: '/?pkgId=41' },
    );
    await screen.findByText('IPC-100');
    expect(screen.getByTestId('page-title')).toHaveTextContent('New gray release');
    expect(document.title).toBe('New gray release - Acme');
    await user.click(screen.getByText('Full release'));
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('New full release'));
    await user.click(screen.getByText('Specified devices'));
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('New release to specified devices'));
    await setLocale('zh-CN');
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('新建指定设备发布'));
  });

  it("offers the SN list's xlsx template beside the file picker", async () => {
    const { calls } = mockReleaseApi();
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup({ delay: null });
    await open();
    await user.click(screen.getByText('Specified devices'));
    await user.click(screen.getByTestId('wizard-next'));
    await user.click(await screen.findByTestId('template-targets'));
    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith('/v1.0/customer-api/device/import/template/download?kind=targets', '_blank', 'noopener'),
    );
    expect(calls.filter((c) => c.path === 'device/import/template').map((c) => c.body.data)).toEqual([{ kind: 'targets' }]);
    opened.mockRestore();
  });

  it('previews each region and submits one task per region with the configured gates', async () => {
    const { calls } = mockReleaseApi();
    const user = userEvent.setup({ delay: null });
    const { router } = await open();
    await user.click(screen.getByTestId('wizard-next'));
    await user.click(await screen.findByText('Global RDC (RDC)'));
    await user.click(screen.getByText('Europe DC (DDC)'));
    await user.click(await screen.findByRole('switch', { name: 'One task per region' }));
    await user.click(screen.getByTestId('wizard-next'));
    await screen.findByText('Gates');
    expect(screen.getByLabelText('Success gate')).toHaveValue('80');
    await user.click(screen.getByTestId('wizard-next'));

    const previewPanel = await screen.findByTestId('release-preview');
    expect(await within(previewPanel).findByText('2 tasks will be created, one per region.')).toBeVisible();
    await waitFor(() => expect(within(previewPanel).getByText('160')).toBeVisible()); // 120 + 40 target devices
    const previews = calls
      .filter((c) => c.path === 'upgrade/task/preview')
      .map((c) => c.body.data as { areaIds: number[]; grayCount: number; speed: string });
    expect(previews.map((p) => p.areaIds)).toEqual([[1], [2]]);
    expect(previews[0]).toMatchObject({ pkgId: 41, releaseType: 'gray', grayCount: 100, speed: 'normal', countries: [] });

    await user.click(screen.getByTestId('wizard-submit'));
    await waitFor(() => expect(calls.some((c) => c.path === 'upgrade/task/batch-submit')).toBe(true));
    const { tasks } = calls.find((c) => c.path === 'upgrade/task/batch-submit')!.body.data as {
      tasks: { target: { areaIds: number[] }; startAt: number; endAt: number; gates: unknown }[];
    };
    expect(tasks.map((t) => t.target.areaIds)).toEqual([[1], [2]]);
    expect(tasks[0]!.gates).toEqual(GATES);
    expect(tasks[0]!.endAt).toBeGreaterThan(tasks[0]!.startAt);
    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/cloudUpgrade/cloudUpgradeIndex'));
    expect(router.state.location.search).toBe('?tab=tasks');
  });

  it('is closed to a caller the server does not let release, whatever the codes suggest', async () => {
    // A manager's session (partnerOwner holds dealer_upgrade_mgr), but the server answers no 'release'.
    mockReleaseApi(['uploadPackage']);
    renderPage(<CanaryReleasePage />, { path: '/?pkgId=41' });
    expect(await screen.findByText('You can view releases but not create them.')).toBeVisible();
    expect(screen.queryByTestId('release-form')).not.toBeInTheDocument();
  });
});
