/**
 * Insight's journey, in en-US and zh-CN, with axe on each new screen: Home's device card opens the
 * data statistics (days in the company's reporting zone, the rollup's age); By version's largest bar
 * (through its number in the table view) opens the device-health list with the same filters, whose total is the number of the bar;
 * a device's SN there opens its history (its events newest first).
 * Screenshots of each screen go to test-results (1440 px wide).
 */
import { expect, test, type Page } from '@playwright/test';
import { API_PREFIX, type Locale, loginAs, waitForAnswer } from '../../support';
import { expectAccessible } from '../../support/axe';

const T = {
  'en-US': {
    devices: 'Devices',
    zone: /Days in Europe\/Berlin · updated \d+ min ago/,
    byVersion: 'By Version',
    table: 'Table',
    history: 'Device history',
  },
  'zh-CN': {
    devices: '设备数',
    zone: /日期按 Europe\/Berlin 划分 · \d+ 分钟前更新/,
    byVersion: '按版本',
    table: '表格',
    history: '设备历史',
  },
} as const satisfies Record<Locale, Record<string, unknown>>;

async function settle(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .portal-page-spinner')).toHaveCount(0);
  await page.waitForTimeout(400);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The versions the release specs' simulated fleets run (e2e/specs/cloud-upgrade/release.spec.ts). */
const FLEET_VERSIONS = ['V1.0.0', 'V2.0.0-e2e', 'V2.0.0-e2e-fail'];

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`insight (${locale})`, () => {
    test.use({ locale, viewport: { width: 1440, height: 900 } });

    test('home card to statistics; version bar to the health list with the same total', async ({ page }) => {
      test.setTimeout(180_000);
      const t = T[locale];
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await loginAs(page, 'owner', { locale });
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);

      // Home: the devices card with its week.
      const card = page.getByTestId('home-card-devices');
      await expect(card).toBeVisible();
      await expect(card.getByTestId('home-sparkline')).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} home`);
      await shot(page, `home-${locale}`);

      // The card opens the overview of the last 7 days, in Acme's zone.
      await card.click();
      await page.waitForURL('**/layout/dataStatistics/statsOverview?days=7');
      await expect(page.getByTestId('overview-cards'), errors.join('\n')).toBeVisible();
      await expect(page.getByTestId('stats-meta')).toHaveText(t.zone);
      await expect(page.getByTestId('card-devices')).toContainText(t.devices);
      await expect(page.getByTestId('versions-chart').locator('svg')).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} statistics overview`);
      await shot(page, `overview-${locale}`);

      // By version: the largest bar (the first, at the top) and its number.
      const byVersion = waitForAnswer<{ data: { versions: Array<{ version: string; devices: number }> } }>(
        page,
        'insight/stats/by-version',
      );
      await page.getByRole('tab', { name: t.byVersion }).click();
      const answer = await byVersion;
      // A version's devices are those of the last fleet sample (every 5 minutes); the health list is
      // live. The release specs before this one move simulated fleets off V1.0.0 minutes ago, so the
      // largest version the seed's fleet keeps to itself is taken (no sample can be behind on it).
      const top = answer.data.versions.find((v) => !FLEET_VERSIONS.includes(v.version))!;
      expect(top.devices).toBeGreaterThan(0);
      await expect(page.getByTestId('version-bars').locator('svg')).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} statistics by version`);
      await shot(page, `by-version-${locale}`);

      // The table view shows the same figures.
      const table = page.getByTestId('chart-by-version');
      await table.getByText(t.table, { exact: true }).click();
      const row = table.locator('tbody tr.ant-table-row').filter({ hasText: top.version }).first();
      await expect(row).toContainText(String(top.devices));
      // The bar's number in the table opens what a click on the bar opens (the keyboard's way in).
      // The totals the health list was answered with (a request superseded while the page settles may be cut off).
      const totals: number[] = [];
      page.on('response', (r) => {
        if (!r.url().endsWith(`${API_PREFIX}insight/health/list`)) return;
        r.json().then(
          (b: { basic: { code: number }; data: { total: number } }) => b.basic.code === 200 && totals.push(b.data.total),
          () => undefined,
        );
      });
      await row.getByRole('link', { name: String(top.devices) }).click();
      await page.waitForURL(`**/layout/dataStatistics/deviceHealth?version=${encodeURIComponent(top.version)}`);
      await expect.poll(() => totals.at(-1)).toBe(top.devices);
      await expect(page.getByTestId('health-table').locator('tbody tr.ant-table-row').first()).toContainText(top.version);
      await expect(page.locator('.ant-pagination-total-text')).toContainText(String(top.devices));
      await settle(page);
      await expectAccessible(page, `${locale} device health`);
      await shot(page, `health-${locale}`);

      // A device's SN opens its history.
      await page.getByTestId('health-table').locator('[data-testid^="health-sn-"]').first().click();
      const drawer = page.getByRole('dialog', { name: T[locale].history });
      await expect(drawer.getByTestId('device-history')).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} device history`);
      await shot(page, `device-history-${locale}`);
    });
  });
}
