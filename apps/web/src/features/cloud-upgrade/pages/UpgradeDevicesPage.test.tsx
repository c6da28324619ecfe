import { IMPORT_MAX_ROWS, VALIDATION_MESSAGES } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { ALL_CODES, mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { setScreenWidth } from '../../../test/screen';
import UpgradeDevicesPage from './UpgradeDevicesPage';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const device = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  sn: `SN0000${id}`,
  mac: `AABBCC00000${id}`,
  model: 'IPC-200',
  productType: 'IPC',
  firmwareVersion: 'V1.0.0',
  hardwareVersion: 'H1',
  country: 'DE',
  areaId: 1,
  companyId: 10,
  companyName: 'Acme Security',
  customerId: null,
  customerName: '',
  endUser: '',
  online: id % 2 === 1,
  lastSeenAt: '2025-03-01T08:00:00.000Z',
  createdAt: '2025-02-01T08:00:00.000Z',
  ...over,
});

const MANAGER_ABILITIES = ['uploadPackage', 'release', 'importDevices', 'provisioningKey'];

function mockDevicesApi(
  importResult = { total: 3, created: 1, updated: 1, failed: 1, errorFileUrl: '/v1.0/customer-api/file/get?path=errors.xlsx' },
  abilities: string[] = MANAGER_ABILITIES,
) {
  return mockApi((path, data) => {
    if (path === 'upgrade/abilities') return { data: { actions: abilities } };
    if (path === 'customer/user-configs/list') return { data: { records: [] } };
    if (path === 'device/list')
      return { data: { records: [device(1), device(2, { endUser: 'ann@example.com' })], total: 2, pageNum: 1, pageSize: 10 } };
    if (path === 'device/facets')
      return {
        data: {
          models: [{ model: 'IPC-200', productType: 'IPC', devices: 2 }],
          versions: [{ version: 'V1.0.0', devices: 2 }],
          countries: [{ code: 'DE', devices: 2 }],
        },
      };
    if (path === 'device/provisioning-key/get') return { data: { key: 'acme-provisioning-key', createdAt: '2025-01-01T00:00:00.000Z' } };
    if (path.startsWith('file/upload')) return { data: { fileId: 55, name: 'devices.xlsx', size: 4, mime: XLSX } };
    if (path === 'device/import') return { data: importResult };
    if (path === 'device/customer/options') return { data: [{ companyId: 31, name: 'Harbor Logistics', parentName: 'Rhein Security' }] };
    if (path === 'device/customer/assign') return { data: { assigned: (data as { deviceIds: number[] }).deviceIds.length } };
    return undefined;
  });
}

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UpgradeDevicesPage', () => {
  it('lists the registry, online state and binding, and searches it', async () => {
    // From 1600 px the bound end user is a column by default (below, one the user can show).
    setScreenWidth(1920);
    signIn(partnerOwner());
    const { calls } = mockDevicesApi();
    const user = userEvent.setup({ delay: null });
    renderPage(<UpgradeDevicesPage />);
    expect(await screen.findByText('SN00001')).toBeVisible();
    const row2 = screen.getByText('SN00002').closest('tr')!;
    expect(within(row2).getByText('Offline')).toBeVisible();
    expect(within(screen.getByText('SN00001').closest('tr')!).getByText('Online')).toBeVisible();
    expect(within(row2).getByText('ann@example.com')).toBeVisible();
    expect(within(row2).getByText('AA:BB:CC:00:00:02')).toBeVisible();

    await user.type(screen.getByPlaceholderText(/SN/), 'SN00002{Enter}');
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'device/list').at(-1)?.body.data).toMatchObject({ searchText: 'SN00002', pageNum: 1 }),
    );
  });

  it('imports an xlsx and shows the counts, with the file of the rows not imported', async () => {
    signIn(partnerOwner());
    const { calls } = mockDevicesApi();
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderPage(<UpgradeDevicesPage />);
    await user.click(await screen.findByTestId('import-devices'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(new RegExp(IMPORT_MAX_ROWS.toLocaleString()))).toBeVisible();

    // Not a workbook: refused before anything is uploaded.
    // rc-upload renders a new input after each pick.
    const input = () => dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input(), new File(['SN,MAC'], 'devices.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText(VALIDATION_MESSAGES.importFileType.en)).toBeVisible();
    expect(within(dialog).getByTestId('import-submit')).toBeDisabled();

    await user.upload(input(), new File(['PK..'], 'devices.xlsx', { type: XLSX }));
    expect(await within(dialog).findByText('devices.xlsx')).toBeVisible();
    await user.click(within(dialog).getByTestId('import-submit'));
    expect(await within(dialog).findByText('Rows not imported: 1.')).toBeVisible();
    expect(within(dialog).getByTestId('import-error-file')).toHaveAttribute('href', '/v1.0/customer-api/file/get?path=errors.xlsx');
    const upload = calls.find((c) => c.path.startsWith('file/upload'))!;
    expect(upload.path).toContain('purpose=import');
    expect(calls.find((c) => c.path === 'device/import')?.body.data).toEqual({ fileId: 55 });
  });

  it('downloads the import template through a signed link', async () => {
    signIn(partnerOwner());
    const { calls } = mockApi((path, data) => {
      if (path === 'device/import/template') return { data: { url: `/t?kind=${(data as { kind: string }).kind}` } };
      if (path === 'device/list') return { data: { records: [], total: 0, pageNum: 1, pageSize: 10 } };
      if (path === 'device/facets') return { data: { models: [], versions: [], countries: [] } };
      return path === 'customer/user-configs/list' ? { data: { records: [] } } : undefined;
    });
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup({ delay: null });
    renderPage(<UpgradeDevicesPage />);
    await user.click(await screen.findByTestId('template-devices'));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('/t?kind=devices', '_blank', 'noopener'));
    expect(calls.filter((c) => c.path === 'device/import/template').map((c) => c.body.data)).toEqual([{ kind: 'devices' }]);
    opened.mockRestore();
  });

  it('offers no import and no provisioning key when the server answers neither (a user who may only look)', async () => {
    signIn(partnerOwner({ authResList: ALL_CODES.filter((c) => c !== 'dealer_upgrade_mgr') }));
    const { calls } = mockDevicesApi(undefined, []);
    renderPage(<UpgradeDevicesPage />);
    expect(await screen.findByText('SN00001')).toBeVisible();
    expect(screen.queryByTestId('import-devices')).not.toBeInTheDocument();
    expect(screen.getByTestId('template-devices')).toBeVisible();
    expect(calls.some((c) => c.path === 'device/provisioning-key/get')).toBe(false);
  });

  it.each([['importDevices'], ['provisioningKey']])(
    'follows the answered abilities, not the session codes: only %s appears',
    async (answered) => {
      // The session holds dealer_upgrade_mgr; the server answers one of the two page actions.
      signIn(partnerOwner());
      const { calls } = mockDevicesApi(undefined, [answered]);
      renderPage(<UpgradeDevicesPage />);
      expect(await screen.findByText('SN00001')).toBeVisible();
      if (answered === 'importDevices') {
        expect(await screen.findByTestId('import-devices')).toBeVisible();
        expect(screen.queryByTestId('provisioning-key')).not.toBeInTheDocument();
        expect(calls.some((c) => c.path === 'device/provisioning-key/get')).toBe(false);
      } else {
        expect(await screen.findByTestId('provisioning-key-value')).toHaveTextContent('acme•••••••••••••-key');
        expect(screen.queryByTestId('import-devices')).not.toBeInTheDocument();
      }
    },
  );

  it.each([
    ['en-US', 'Assign customer', 'Assign', '2 devices assigned.'],
    ['zh-CN', '分配客户', '分 配', '已分配 2 台设备。'],
  ] as const)('assigns the selected devices to a customer in one call (%s)', async (locale, button, submit, done) => {
    await setLocale(locale);
    signIn(partnerOwner());
    const { calls } = mockDevicesApi(undefined, [...MANAGER_ABILITIES, 'assignCustomer']);
    const user = userEvent.setup({ delay: null });
    renderPage(<UpgradeDevicesPage />);
    expect(await screen.findByText('SN00001')).toBeVisible();
    const assign = await screen.findByTestId('assign-customer');
    expect(assign).toHaveTextContent(button);
    expect(assign).toBeDisabled();
    await user.click(within(screen.getByText('SN00001').closest('tr')!).getByRole('checkbox'));
    await user.click(within(screen.getByText('SN00002').closest('tr')!).getByRole('checkbox'));
    await user.click(assign);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByText('Harbor Logistics (Rhein Security)'));
    await user.click(within(dialog).getByRole('button', { name: submit }));
    await waitFor(() => expect(calls.some((c) => c.path === 'device/customer/assign')).toBe(true));
    const sent = calls.find((c) => c.path === 'device/customer/assign')!.body.data as { deviceIds: number[]; customerId: number };
    expect([...sent.deviceIds].sort()).toEqual([1, 2]);
    expect(sent.customerId).toBe(31);
    expect(await screen.findByText(done)).toBeInTheDocument();
  });

  it('offers no assignment without the answered ability', async () => {
    signIn(partnerOwner());
    mockDevicesApi();
    renderPage(<UpgradeDevicesPage />);
    expect(await screen.findByText('SN00001')).toBeVisible();
    expect(screen.queryByTestId('assign-customer')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
