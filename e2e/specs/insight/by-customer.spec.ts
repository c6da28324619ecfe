/**
 * Data statistics, in en-US and zh-CN with axe and screenshots (issue 15 §3): By customer lists
 * Acme's direct downstream companies; one with companies of its own drills in (its name in the table
 * view), the breadcrumb names the way down and leads back up. A custom range of 32 days, submitted
 * through the screen's URL, is refused with the catalogue's message (queryRangeSchema) in place of
 * the figures, never a clipped range. The Overview shows the end users and sales cards.
 */
import { expect, test, type Page } from '@playwright/test';
import { type Locale, loginAs, waitForAnswer } from '../../support';
import { expectAccessible } from '../../support/axe';

const T = {
  'en-US': {
    byCustomer: 'By Customer',
    table: 'Table',
    rangeRefused: 'The query range cannot exceed 31 days.',
    endUsers: 'Daily active end users',
    sales: 'Storage plan sales',
  },
  'zh-CN': {
    byCustomer: '按客户',
    table: '表格',
    rangeRefused: '查询时间范围不能超过31天。',
    endUsers: '日活跃终端用户',
    sales: '云存储套餐销售',
  },
} as const satisfies Record<Locale, Record<string, string>>;

async function settle(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .portal-page-spinner')).toHaveCount(0);
  await page.waitForTimeout(400);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface ByCustomer {
  data: { path: Array<{ companyId: number; name: string }>; rows: Array<{ companyId: number | null; name: string; hasChildren: boolean }> };
}

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`statistics by customer and ranges (${locale})`, () => {
    test.use({ locale, viewport: { width: 1440, height: 900 } });

    test('by customer drills in and the breadcrumb leads back; a 32-day range is refused', async ({ page }) => {
      test.setTimeout(180_000);
      const t = T[locale];
      await loginAs(page, 'owner', { locale });
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);

      // Overview: the end users and sales cards beside the fleet's.
      await page.goto('/layout/dataStatistics/statsOverview?days=30');
      await expect(page.getByTestId('card-endUsers')).toContainText(t.endUsers, { timeout: 30_000 });
      // The sales card comes with the figures (the owner holds a storage code); a busy machine may take a while.
      await expect(page.getByTestId('card-sales')).toContainText(t.sales, { timeout: 30_000 });
      await expect(page.getByTestId('chart-app')).toBeVisible();

      // By customer, top level: Acme's direct downstream companies.
      const top = waitForAnswer<ByCustomer>(page, 'insight/stats/by-customer');
      await page.getByRole('tab', { name: t.byCustomer }).click();
      const first = await top;
      const brand = first.data.path[0]!;
      const parent = first.data.rows.find((r) => r.companyId !== null && r.hasChildren);
      expect(parent, 'a downstream company with companies of its own').toBeTruthy();
      const crumbs = page.getByTestId('customer-breadcrumb');
      await expect(crumbs).toContainText(brand.name);
      await settle(page);
      await expectAccessible(page, `${locale} statistics by customer`);
      await shot(page, `by-customer-${locale}`);

      // Its name in the table view drills in.
      const card = page.getByTestId('chart-by-customer');
      await card.getByText(t.table, { exact: true }).click();
      // The drill-in's answer (a call refused for an expired token, 7004, is renewed and sent again).
      const inner = waitForAnswer<ByCustomer>(page, 'insight/stats/by-customer', { request: (b) => b.includes('parentId') });
      await card.getByRole('link', { name: parent!.name, exact: true }).click();
      await page.waitForURL(`**/layout/dataStatistics/statsByCustomer?*parentId=${parent!.companyId}*`);
      const second = await inner;
      expect(second.data.path.map((p) => p.name)).toEqual([brand.name, parent!.name]);
      await expect(crumbs).toContainText(parent!.name);
      await expect(crumbs.getByRole('button', { name: brand.name })).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} statistics by customer, drilled in`);
      await shot(page, `by-customer-drilled-${locale}`);

      // The breadcrumb leads back to the top.
      await crumbs.getByRole('button', { name: brand.name }).click();
      await expect(page).not.toHaveURL(/parentId=/);
      await expect(crumbs.getByRole('button')).toHaveCount(0);
      await expect(crumbs).toContainText(brand.name);

      // A custom range of 32 days: refused with the catalogue's message where the figures would be.
      const today = Date.now();
      await page.goto(`/layout/dataStatistics/statsOverview?days=custom&from=${day(today - 31 * DAY)}&to=${day(today)}`);
      const refused = page.getByTestId('chart-trend-error');
      await expect(refused).toBeVisible({ timeout: 30_000 });
      await expect(refused).toContainText(t.rangeRefused);
      await settle(page);
      await expectAccessible(page, `${locale} statistics, 32-day range refused`);
      await shot(page, `range-refused-${locale}`);
      // 31 days are drawn.
      await page.goto(`/layout/dataStatistics/statsOverview?days=custom&from=${day(today - 30 * DAY)}&to=${day(today)}`);
      await expect(page.getByTestId('chart-trend').getByRole('figure').locator('svg').first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('chart-trend-error')).toHaveCount(0);
    });
  });
}
