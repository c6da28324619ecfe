/**
 * The end-user log (issue 15 §5), in en-US and zh-CN with axe: an end user of Acme's demo app signs
 * in from an iOS app (once with a wrong password) and reports a failed playback of its device, through
 * the app-facing API; Acme's owner opens Logs > End-user Logs, finds the demo month's rows, filters
 * by the device's SN and sees the sign-ins and the playback failure with result, platform, app
 * version and IP, the e-mail masked; the range picker says it takes at most 31 days; the distributor
 * sees the log of the end users of devices it sold. Screenshots go to e2e/screenshots/end-user-log-*.png.
 */
import {
  APP_PLATFORM_HEADER,
  APP_VERSION_HEADER,
  appApiCalls,
  buildBasic,
  callUrlPath,
  endUserLogAppCalls,
  type CallDef,
  type CallResult,
} from '@portal/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eDemoApp, type Locale, loginAs, menuItem } from '../../support';
import { expectAccessible } from '../../support/axe';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');
/** The demo seed's Acme app (tools/seed/demo-app.ts) and two of its end users. */
/** Its secret is the seed's random one, handed over by e2e/serve.ts (read when a test runs, after the seed). */
const acmeApp = () => {
  const k = e2eDemoApp('appacmedemo2026');
  return { token: k.appId, signKey: k.secret };
};
const APP_USER: Record<Locale, string> = { 'en-US': 'user005@acme-app.demo.local', 'zh-CN': 'user007@acme-app.demo.local' };
const DEMO_PASSWORD = 'Demo@12345';

const T = {
  'en-US': {
    logs: 'Logs',
    endUserLogs: 'End-user Logs',
    sn: 'Device SN',
    search: 'Search',
    signIn: 'Sign in',
    playback: 'Playback failed',
    success: 'Success',
    failed: /^Failed \(\d+\)$/,
    rangeNote: 'The query range cannot exceed 31 days.',
  },
  'zh-CN': {
    logs: '日志',
    endUserLogs: '终端用户日志',
    sn: '设备 SN',
    search: '查询',
    signIn: '登录',
    playback: '播放失败',
    success: '成功',
    failed: /^失败（\d+）$/,
    rangeNote: '查询时间范围不能超过31天。',
  },
} as const;

/** A signed call of the app-facing API, as the brand's app makes it (its platform and version in headers). */
async function appCall<C extends CallDef>(
  request: APIRequestContext,
  call: C,
  data: unknown,
  creds: { token: string; signKey: string },
  version: string,
): Promise<{ code: number; data: CallResult<C> }> {
  const basic = buildBasic({ token: creds.token, signKey: creds.signKey, path: call.path, data });
  const res = await request.post(callUrlPath(call), {
    data: { basic, data },
    headers: { [APP_PLATFORM_HEADER]: 'ios', [APP_VERSION_HEADER]: version },
  });
  const body = (await res.json()) as { basic: { code: number }; data: CallResult<C> };
  return { code: body.basic.code, data: body.data };
}

async function settle(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .portal-page-spinner')).toHaveCount(0);
  await page.waitForTimeout(300);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `end-user-log-${name}.png`), animations: 'disabled', caret: 'hide' });
}

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`end-user log (${locale})`, () => {
    test.use({ locale, viewport: { width: 1366, height: 900 } });

    test("an end user's sign-ins and playback failure, found by the device's SN, masked", async ({ page, request }) => {
      test.setTimeout(180_000);
      const t = T[locale];
      const version = `9.${locale === 'en-US' ? 1 : 2}.${Date.now() % 1000}`;
      const errorCode = `E2E_${locale === 'en-US' ? 'EN' : 'ZH'}_TIMEOUT`;
      // The app: a wrong password, then the right one, the device list, a failed playback.
      const email = APP_USER[locale];
      const wrong = await appCall(request, appApiCalls.login, { account: email, password: 'Wrong@00000' }, acmeApp(), version);
      expect(wrong.code).not.toBe(200);
      const login = await appCall(request, appApiCalls.login, { account: email, password: DEMO_PASSWORD }, acmeApp(), version);
      expect(login.code).toBe(200);
      const devices = await appCall(request, appApiCalls.deviceList, { pageNum: 1, pageSize: 5 }, login.data, version);
      const sn = devices.data.records[0]!.sn;
      const report = await appCall(
        request,
        endUserLogAppCalls.playbackFailure,
        { sn, errorCode, platform: 'ios', appVersion: version },
        login.data,
        version,
      );
      expect(report.code).toBe(200);

      await loginAs(page, 'owner', { locale });
      await menuItem(page, t.logs).click();
      await menuItem(page, t.endUserLogs).click();
      await page.waitForURL('**/layout/logs/endUserLog');
      await expect(page.getByTestId('page-title')).toHaveText(t.endUserLogs);
      const table = page.getByTestId('end-user-log-table');
      // The demo month's rows are there before any filter.
      await expect(table.locator('.ant-table-row').first()).toBeVisible();
      await settle(page);
      await expectAccessible(page, `end-user log (${locale})`);
      await shot(page, `list-${locale}`);

      // Filtered by the device: the playback failure (newest), with the app's platform and version.
      await page.getByLabel(t.sn).fill(sn);
      await page.getByTestId('eul-search').click();
      const playback = table.locator('.ant-table-row', { hasText: errorCode });
      await expect(playback).toHaveCount(1);
      await expect(playback).toContainText(`${t.playback} · ${errorCode}`);
      await expect(playback).toContainText('iOS');
      await expect(playback).toContainText(version);
      await expect(playback).toContainText(t.success);
      // The e-mail masked: its first letter and domain only.
      await expect(playback).toContainText('u***@acme-app.demo.local');
      await expect(table).not.toContainText(email);

      // The sign-ins of this version (no SN): the failed one names its code.
      await page.getByLabel(t.sn).fill('');
      await page.getByTestId('eul-appVersion').fill(version);
      await page.getByTestId('eul-search').click();
      const rows = table.locator('.ant-table-row');
      await expect(rows).toHaveCount(4);
      await expect(rows.filter({ hasText: t.signIn })).toHaveCount(2);
      await expect(rows.filter({ hasText: t.signIn }).getByTestId('eul-failed')).toHaveText(t.failed);
      await settle(page);
      await expectAccessible(page, `end-user log filtered (${locale})`);
      await shot(page, `filtered-${locale}`);

      // The range picker refuses more than 31 days, and says so.
      await page.locator('.ant-picker-range').click();
      await expect(page.getByTestId('range-limit-note')).toHaveText(t.rangeNote);
      await page.keyboard.press('Escape');
    });

    test('the distributor sees the end users of the devices it sold', async ({ page }) => {
      test.setTimeout(120_000);
      const t = T[locale];
      await loginAs(page, 'distributor', { locale });
      await page.goto('/layout/logs/endUserLog');
      await expect(page.getByTestId('page-title')).toHaveText(t.endUserLogs);
      await settle(page);
      await expect(page.getByTestId('end-user-log-table')).toBeVisible();
      await expectAccessible(page, `end-user log, distributor (${locale})`);
      await shot(page, `distributor-${locale}`);
    });
  });
}
