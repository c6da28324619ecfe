/**
 * Push settings of a brand app (issue 13 §5), in en-US and zh-CN with axe: Acme's owner opens the
 * message centre's "Push settings" tab, configures the Acme app for APNs (a .p8 key made here, key
 * id, team id, bundle id, sandbox) and sees only the masked credentials afterwards (never the key,
 * also not in the drawer opened again); switches back to the local outbox (the demo's default, which
 * the other specs read), and test-sends to a device token: the result shows "sent". Screenshots at 1440 px go to
 * e2e/screenshots/message-center-push-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS, type Locale, login, toast } from '../../support';
import { expectAccessible } from '../../support/axe';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');
const PUSH_PAGE = '/layout/messageCenter/messagePush';
/** The demo seed's Acme app (tools/seed/demo-app.ts). */
const ACME_APP_ID = 'appacmedemo2026';

/** UI strings of this screen, written out per locale (not read from the app's catalogues). */
const T = {
  'en-US': {
    tab: 'Push settings',
    outbox: 'Local outbox',
    noCredentials: 'Local outbox: no credentials',
    sandbox: 'Sandbox (development builds)',
    keyLabel: 'Signing key (.p8)',
    keyId: 'Key ID',
    teamId: 'Team ID',
    bundleId: 'Bundle ID',
    saved: 'Push settings saved.',
    configured: 'Configured · com.acme.home · team ACMETEAM01 · key E2EKEY0001 · sandbox',
    stored: 'APNs is configured: com.acme.home · team ACMETEAM01 · key E2EKEY0001 · sandbox',
    token: 'Device token',
    sent: 'Sent: the provider accepted the push.',
  },
  'zh-CN': {
    tab: '推送设置',
    outbox: '本地发件箱',
    noCredentials: '本地发件箱：无需凭据',
    sandbox: '沙盒环境（开发版本）',
    keyLabel: '签名密钥（.p8）',
    keyId: '密钥 ID',
    teamId: '团队 ID',
    bundleId: 'Bundle ID',
    saved: '推送设置已保存。',
    configured: '已配置 · com.acme.home · team ACMETEAM01 · key E2EKEY0001 · sandbox',
    stored: '已配置 APNs：com.acme.home · team ACMETEAM01 · key E2EKEY0001 · sandbox',
    token: '设备令牌',
    sent: '已发送：推送服务已接受此推送。',
  },
} as const;

async function settle(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .portal-page-spinner')).toHaveCount(0);
  await page.waitForTimeout(300);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `message-center-push-${name}.png`), animations: 'disabled', caret: 'hide' });
}

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`push settings (${locale})`, () => {
    test.use({ locale, viewport: { width: 1440, height: 900 } });

    test('configures APNs for the brand app (shown masked only), goes back to the outbox and test-sends', async ({ page }) => {
      test.setTimeout(180_000);
      const t = T[locale];
      const p8 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

      await login(page, ACCOUNTS.owner, { locale });
      await page.goto(PUSH_PAGE);
      await settle(page);
      await expect(page.getByRole('tab', { name: t.tab, selected: true })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: ACME_APP_ID });
      await expect(row).toBeVisible({ timeout: 30_000 });
      const appKeyId = (await row.getAttribute('data-row-key'))!;
      await expect(page.getByTestId(`push-credentials-${appKeyId}`)).toHaveText(t.noCredentials);
      await page.mouse.move(0, 0);
      await expectAccessible(page, `push settings list (${locale})`);
      await shot(page, `list-${locale}`);

      // APNs, sandbox: the key is checked by the server and stored sealed; the list shows the mask.
      await page.getByTestId(`push-configure-${appKeyId}`).click();
      const drawer = page.getByRole('dialog');
      const form = drawer.getByTestId('push-form');
      await expect(form).toBeVisible();
      await form.getByText('APNs', { exact: true }).click();
      await form.getByLabel(t.keyLabel).fill(p8);
      await form.getByLabel(t.keyId).fill('E2EKEY0001');
      await form.getByLabel(t.teamId).fill('ACMETEAM01');
      await form.getByLabel(t.bundleId).fill('com.acme.home');
      await form.getByText(t.sandbox).click();
      await page.mouse.move(0, 0);
      await expectAccessible(page, `push settings APNs drawer (${locale})`);
      await shot(page, `apns-${locale}`);
      await drawer.getByTestId('push-save').click();
      await expect(toast(page, t.saved)).toBeVisible();
      await expect(page.getByTestId(`push-credentials-${appKeyId}`)).toHaveText(t.configured);
      await expect(page.getByText('PRIVATE KEY')).toHaveCount(0);

      // Opened again: what is stored shows masked; the key is not filled in.
      await page.getByTestId(`push-configure-${appKeyId}`).click();
      await expect(drawer.getByTestId('push-stored')).toContainText(t.stored);
      await expect(drawer.getByLabel(t.keyLabel)).toHaveValue('');
      await expect(page.getByText('PRIVATE KEY')).toHaveCount(0);

      // Back to the local outbox (the demo's default).
      await drawer.getByTestId('push-form').getByText(t.outbox, { exact: true }).click();
      await expect(drawer.getByTestId('push-stored')).toHaveCount(0);
      await drawer.getByTestId('push-save').click();
      await expect(page.getByTestId(`push-credentials-${appKeyId}`)).toHaveText(t.noCredentials);

      // A test send to a device token: the local outbox keeps it and answers "sent" (the server's
      // push tests read the outbox back; reading it through the app API is slow on the demo's PGlite).
      const pushToken = `e2e-push-test-${locale}-${Date.now()}`;
      await page.getByTestId(`push-test-${appKeyId}`).click();
      const modal = page.getByRole('dialog');
      await expect(modal.getByTestId('push-test-provider')).toHaveText(t.outbox);
      await modal.getByLabel(t.token).fill(pushToken);
      await modal.getByTestId('push-test-send').click();
      await expect(modal.getByTestId('push-test-result')).toContainText(t.sent);
      await page.mouse.move(0, 0);
      await expectAccessible(page, `push test send (${locale})`);
      await shot(page, `test-send-${locale}`);
      await page.keyboard.press('Escape');
      await expect(modal).toHaveCount(0);
    });
  });
}
