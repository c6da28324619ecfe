/**
 * Issue #3: a distributor does not see partner-only menus, and the server refuses it when it calls
 * their endpoints anyway. The spec signs in through the login form, then sends correctly signed
 * calls with the distributor's own session (token and signing key from its tab) straight to the
 * API, as a crafted client would; a partner owner making the same calls is the control.
 */
import { API_PREFIX as CONTRACT_PREFIX, buildBasic, ErrorCodes } from '@portal/contract';
import { expect, test, type Page } from '@playwright/test';
import { loginAs, menuItem, sideMenu } from '../../support';

async function signedCall(page: Page, path: string, data: unknown): Promise<{ code: number; msg: string }> {
  const { token, signKey } = await page.evaluate(() => ({
    token: sessionStorage.getItem('portal.token') ?? '',
    signKey: sessionStorage.getItem('portal.signKey') ?? '',
  }));
  expect(token, 'signed in').not.toBe('');
  const res = await page.request.post(`${CONTRACT_PREFIX}/${path}`, {
    data: { basic: buildBasic({ token, signKey, path, data }), data },
    headers: { 'accept-language': 'en-US' },
  });
  const body = (await res.json()) as { basic: { code: number; msg: string } };
  return body.basic;
}

/** Partner-only endpoints: the cloud upgrade module (dealer_upgrade_*), dealer invitations (level 1 only). */
const PARTNER_ONLY: { path: string; data: unknown; code: number }[] = [
  { path: 'upgrade/package/list', data: {}, code: ErrorCodes.forbidden },
  { path: 'upgrade/task/list', data: {}, code: ErrorCodes.forbidden },
  { path: 'device/list', data: {}, code: ErrorCodes.forbidden },
  { path: 'upgrade/task/preview', data: { pkgId: 1, releaseType: 'full', areaIds: [1] }, code: ErrorCodes.forbidden },
  { path: 'customer/dealer/invite', data: { name: 'Sneaky Dealer', email: 'sneaky@example.test' }, code: ErrorCodes.partnerOnly },
];

test('a distributor sees no partner-only menus and the server refuses their calls', async ({ page }) => {
  await loginAs(page, 'distributor');
  await expect(sideMenu(page)).toBeVisible();
  await expect(menuItem(page, 'Cloud Firmware Upgrade')).toHaveCount(0);
  await expect(menuItem(page, 'Device Customization Tool')).toHaveCount(0);

  for (const c of PARTNER_ONLY) {
    const basic = await signedCall(page, c.path, c.data);
    expect(basic.code, c.path).toBe(c.code);
    expect(basic.msg, c.path).not.toBe('');
  }
  // Opening the module by its address sends a distributor to the login page (SPEC §2).
  await page.goto('/layout/cloudUpgrade/cloudUpgradeIndex');
  await expect(page).toHaveURL(/\/login/);
});

test('a partner owner making the same calls is answered (control)', async ({ page }) => {
  await loginAs(page, 'owner');
  for (const path of ['upgrade/package/list', 'upgrade/task/list', 'device/list']) {
    const basic = await signedCall(page, path, {});
    expect(basic.code, path).toBe(200);
  }
});
