import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { SettingsPanel } from './SettingsPanel';

const settings = { payMinutes: 30, nearExpiryDays: 7, updatedAt: null, actions: ['save'] };

/** The settings and the module's abilities (readOrderSettings: the server lets the caller read them). */
function mockSettings(answer: Record<string, unknown> = settings, abilities: string[] = ['readOrderSettings']) {
  return mockApi((path, data) => {
    if (path === 'storage/abilities') return { data: { actions: abilities } };
    if (path === 'storage/setting/get') return { data: answer };
    if (path === 'storage/setting/save') return { data: { ...(data as object), updatedAt: '2026-11-26T10:00:00.000Z', actions: ['save'] } };
    return undefined;
  });
}

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SettingsPanel', () => {
  it('shows the order settings and saves them; out of bounds is refused before the call', async () => {
    signIn(partnerOwner());
    const { calls } = mockSettings();
    renderPage(<SettingsPanel />);
    const card = await screen.findByTestId('storage-order-settings');
    const minutes = within(card).getByRole('spinbutton', { name: 'Payment window' });
    await vi.waitFor(() => expect(minutes).toHaveValue('30'));
    expect(within(card).getByRole('spinbutton', { name: 'Near expiry' })).toHaveValue('7');
    expect(within(card).getByText('The defaults apply until you save.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open payee settings' })).toBeVisible();

    const user = userEvent.setup({ delay: null });
    await user.clear(minutes);
    await user.type(minutes, '200');
    await user.click(screen.getByTestId('storage-settings-save'));
    expect(await within(card).findByText('The payment window must be 5 to 120 minutes.')).toBeVisible();
    expect(calls.some((c) => c.path === 'storage/setting/save')).toBe(false);

    await user.clear(minutes);
    await user.type(minutes, '15');
    const days = within(card).getByRole('spinbutton', { name: 'Near expiry' });
    await user.clear(days);
    await user.type(days, '14');
    await user.click(screen.getByTestId('storage-settings-save'));
    await vi.waitFor(() => expect(calls.some((c) => c.path === 'storage/setting/save')).toBe(true));
    expect(calls.find((c) => c.path === 'storage/setting/save')!.body.data).toEqual({ payMinutes: 15, nearExpiryDays: 14 });
  });

  it('is read-only without the manager code, in zh-CN', async () => {
    await setLocale('zh-CN');
    signIn(partnerOwner({ authResList: ['dealer_cldstorage_setting_qry', 'dealer_storage_qry'] }));
    mockSettings({ ...settings, payMinutes: 45, actions: [] });
    renderPage(<SettingsPanel />);
    const card = await screen.findByTestId('storage-order-settings');
    const minutes = within(card).getByRole('spinbutton', { name: '支付时限' });
    await vi.waitFor(() => expect(minutes).toHaveValue('45'));
    expect(minutes).toBeDisabled();
    expect(screen.queryByTestId('storage-settings-save')).toBeNull();
  });

  it('shows only the payee link when the server does not answer readOrderSettings, whatever the codes', async () => {
    // The codes would allow it; the abilities decide.
    signIn(partnerOwner());
    const { calls } = mockSettings(settings, ['createGoods']);
    renderPage(<SettingsPanel />);
    expect(await screen.findByRole('link', { name: 'Open payee settings' })).toBeVisible();
    await vi.waitFor(() => expect(calls.some((c) => c.path === 'storage/abilities')).toBe(true));
    expect(screen.queryByTestId('storage-order-settings')).toBeNull();
    expect(calls.some((c) => c.path === 'storage/setting/get')).toBe(false);
  });
});
