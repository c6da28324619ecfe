/**
 * Usage and diagnostics (issue 15 §4), in en-US and zh-CN with axe on each screen: the device-health
 * screen's tabs. The failure-code Pareto (bars and the cumulative line, the same figures as a table)
 * and the end-user activity (daily active end users, by platform and app version) render from the
 * demo seed's 30 days; the health list filters devices offline 7+ days. Screenshots go to
 * test-results (1440 px wide).
 */
import { expect, test, type Page } from '@playwright/test';
import { type Locale, loginAs, waitForAnswer } from '../../support';
import { expectAccessible } from '../../support/axe';

const T = {
  'en-US': {
    healthTab: 'Device health',
    failuresTab: 'Failure codes',
    activityTab: 'End-user activity',
    table: 'Table',
    pareto: /Upgrade failures by code \(\d+ in all\)/,
    zone: /Days in Europe\/Berlin · updated \d+ min ago/,
    liveZone: 'Days in Europe/Berlin · from the end-user log',
    dailyActive: 'Daily active end users',
    offline: 'Offline for',
    sevenDays: '7+ days',
  },
  'zh-CN': {
    healthTab: '设备健康',
    failuresTab: '故障码分析',
    activityTab: '终端用户活跃',
    table: '表格',
    pareto: /按故障码统计的升级失败（共 \d+ 次）/,
    zone: /日期按 Europe\/Berlin 划分 · \d+ 分钟前更新/,
    liveZone: '日期按 Europe/Berlin 划分 · 来自终端用户日志',
    dailyActive: '每日活跃终端用户',
    offline: '离线时长',
    sevenDays: '7 天以上',
  },
} as const satisfies Record<Locale, Record<string, unknown>>;

async function settle(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .portal-page-spinner')).toHaveCount(0);
  await page.waitForTimeout(400);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`usage and diagnostics (${locale})`, () => {
    test.use({ locale, viewport: { width: 1440, height: 900 } });

    test('the failure-code Pareto and the end-user activity render, each with its table; the health list filters by days offline', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const t = T[locale];
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await loginAs(page, 'owner', { locale });

      // Failure codes over 30 days: the seed's upgrade failures, most frequent code first.
      const failures = waitForAnswer<{ data: { total: number; codes: Array<{ code: string; failures: number }> } }>(
        page,
        'insight/diagnostics/failures',
      );
      await page.goto('/layout/dataStatistics/deviceHealth?days=30');
      await page.getByRole('tab', { name: t.failuresTab }).click();
      await page.waitForURL('**/layout/dataStatistics/deviceHealth?days=30&view=failures');
      const answer = await failures;
      expect(answer.data.total).toBeGreaterThan(0);
      const pareto = page.getByTestId('chart-failure-pareto');
      await expect(pareto, errors.join('\n')).toContainText(t.pareto);
      await expect(page.getByTestId('failure-pareto').locator('svg')).toBeVisible();
      await expect(page.getByTestId('failure-pareto')).toHaveAttribute('role', 'figure');
      await expect(page.getByTestId('stats-meta')).toHaveText(t.zone);
      await expect(page.getByTestId('chart-failures-by-model').getByRole('figure').locator('svg').first()).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} failure codes`);
      await shot(page, `failure-codes-${locale}`);
      // The same figures as a table: the top code with its count first.
      await pareto.getByText(t.table, { exact: true }).click();
      const first = pareto.locator('tbody tr.ant-table-row').first();
      await expect(first).toContainText(answer.data.codes[0]!.code);
      await expect(first).toContainText(String(answer.data.codes[0]!.failures));
      await expectAccessible(page, `${locale} failure codes table`);

      // End-user activity, reached by its tab with the range kept.
      const activity = waitForAnswer<{ data: { rangeActive: number } }>(page, 'insight/diagnostics/activity');
      await page.getByRole('tab', { name: t.activityTab }).click();
      await page.waitForURL('**/layout/dataStatistics/deviceHealth?days=30&view=activity');
      const act = await activity;
      expect(act.data.rangeActive).toBeGreaterThan(0);
      await expect(page.getByTestId('chart-daily-active')).toContainText(t.dailyActive);
      await expect(page.getByTestId('daily-active').locator('svg')).toBeVisible();
      await expect(page.getByTestId('activity-card-rangeActive')).toContainText(String(act.data.rangeActive));
      await expect(page.getByTestId('stats-meta')).toHaveText(t.liveZone);
      await settle(page);
      await expectAccessible(page, `${locale} end-user activity`);
      await shot(page, `end-user-activity-${locale}`);

      // The health list: devices not seen for 7+ days.
      // The answer the page ends with: a first answer may be 7004 (the e2e access token lives 20 s), renewed and asked again.
      const health = waitForAnswer(page, 'insight/health/list', { request: (b) => b.includes('"offlineDays":7') });
      await page.getByRole('tab', { name: t.healthTab }).click();
      await page.waitForURL('**/layout/dataStatistics/deviceHealth?days=30');
      await page.getByRole('combobox', { name: t.offline }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: t.sevenDays }).click();
      await page.waitForURL('**/deviceHealth?days=30&offlineDays=7');
      expect((await health).basic.code).toBe(200);
      await settle(page);
      await expectAccessible(page, `${locale} device health offline 7+ days`);
      await shot(page, `health-offline-${locale}`);
    });
  });
}
