/**
 * Cloud storage orders, in en-US and zh-CN at 1366 px, with axe on every new screen and a
 * screenshot of each (e2e/screenshots/storage-<screen>-<locale>.png, git-ignored): Acme's owner
 * opens the orders, makes an internal purchase for an unbound device (23007 in the dialog), then
 * for a bound one, finds it in the list, opens its detail with the device's plan timeline, and
 * looks at the overview; then saves the seller's order settings (an out-of-bounds window refused).
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Locale, loginAs } from '../../support';
import { expectAccessible } from '../../support/axe';

const PAGE = '/layout/cloudStorageServiceManage/cloudStorageIndex';
const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');
/** A seeded Acme device in DC-EU (Acme's goods' area) without an end user (the seed binds IPCs only). */
const UNBOUND_SN = 'ACMENVR00300';

const T = {
  'en-US': {
    notBound: 'The device is not bound.',
    internal: 'Internal',
    overview: 'Overview',
    timeline: 'Plans of this device',
    payMinutes: 'Payment window',
    nearExpiry: 'Near expiry',
    outOfBounds: 'The payment window must be 5 to 120 minutes.',
    saved: 'Settings saved',
  },
  'zh-CN': {
    notBound: '设备未绑定。',
    internal: '内部购买',
    overview: '概览',
    timeline: '该设备的套餐',
    payMinutes: '支付时限',
    nearExpiry: '即将过期',
    outOfBounds: '支付时限须为 5 至 120 分钟。',
    saved: '设置已保存',
  },
} as const satisfies Record<Locale, Record<string, string>>;

async function settle(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .portal-page-spinner')).toHaveCount(0);
  await page.waitForTimeout(300);
}

async function shot(page: Page, name: string, locale: Locale) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `storage-${name}-${locale}.png`) });
}

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`cloud storage orders (${locale})`, () => {
    test.use({ locale, viewport: { width: 1366, height: 900 } });

    test('internal purchase hits 23007, then succeeds; the orders list, detail and overview', async ({ page }) => {
      test.setTimeout(180_000);
      const t = T[locale];
      await loginAs(page, 'owner', { locale });
      await page.goto(`${PAGE}?tab=orders`);
      const table = page.getByTestId('orders-table');
      await expect(table).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} orders`);
      await shot(page, 'orders', locale);
      // A device with orders of the seed has an end user: buy it another plan.
      const firstRow = table.locator('tbody tr.ant-table-row').first();
      await expect(firstRow).toBeVisible();
      const boundSn = (await firstRow.locator('td').nth(1).innerText()).trim();
      expect(boundSn).toMatch(/^ACME/);

      await page.getByTestId('internal-purchase').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(async () => {
        await dialog.getByTestId('internal-goods').click();
        await page
          .locator('.ant-select-dropdown:visible .ant-select-item-option')
          .filter({ hasText: 'ACME Cloud' })
          .first()
          .click({ timeout: 2_000 });
        await expect(dialog.locator('.ant-form-item').first()).toContainText('ACME Cloud', { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await dialog.getByTestId('internal-sn').fill(UNBOUND_SN);
      await page.getByTestId('internal-purchase-ok').click();
      await expect(dialog.getByTestId('internal-error')).toHaveText(t.notBound);
      await settle(page);
      await expectAccessible(page, `${locale} internal purchase`);
      await shot(page, 'internal-purchase', locale);
      await dialog.getByTestId('internal-sn').fill(boundSn);
      await page.getByTestId('internal-purchase-ok').click();
      await expect(dialog).toBeHidden();

      const row = table.locator('tbody tr', { hasText: boundSn }).filter({ hasText: t.internal }).first();
      await expect(row).toBeVisible();
      await row.getByTestId('order-view').click();
      const detail = page.getByTestId('order-detail');
      await expect(detail).toBeVisible();
      await expect(detail.getByText(t.timeline, { exact: true })).toBeVisible();
      await expect(detail.getByTestId('plan-timeline')).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} order detail`);
      await shot(page, 'order-detail', locale);
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();

      await page.getByRole('tab', { name: t.overview }).click();
      await expect(page.getByTestId('storage-overview')).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} storage overview`);
      await shot(page, 'overview', locale);
    });

    test('the order settings: out of bounds refused, saved, put back', async ({ page }) => {
      test.setTimeout(120_000);
      const t = T[locale];
      await loginAs(page, 'owner', { locale });
      await page.goto(`${PAGE}?tab=settings`);
      const card = page.getByTestId('storage-order-settings');
      const minutes = card.getByRole('spinbutton', { name: t.payMinutes });
      const days = card.getByRole('spinbutton', { name: t.nearExpiry });
      await expect(minutes).toHaveValue(/^\d+$/);
      await settle(page);
      await expectAccessible(page, `${locale} storage settings`);
      await shot(page, 'settings', locale);
      await minutes.fill('200');
      await page.getByTestId('storage-settings-save').click();
      await expect(card.getByText(t.outOfBounds)).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} storage settings error`);
      await minutes.fill('45');
      await days.fill('10');
      await page.getByTestId('storage-settings-save').click();
      await expect(page.getByText(t.saved)).toBeVisible();
      await page.reload();
      await expect(minutes).toHaveValue('45');
      await expect(days).toHaveValue('10');
      await minutes.fill('30');
      await days.fill('7');
      await page.getByTestId('storage-settings-save').click();
      await expect(page.getByText(t.saved).first()).toBeVisible();
    });
  });
}
