/**
 * The monitoring link (SPEC §2, issue 15 §7), in en-US and zh-CN with axe and screenshots: the
 * supplier's Monitoring menu opens the built-in page while no external address is set (error rates,
 * background jobs, the statistics' lag); the supplier sets an address for every data centre, and
 * the page then offers the session's data centre's address (opened in a new tab), with the built-in
 * figures one click away; the addresses are cleared again.
 */
import { expect, test, type Page } from '@playwright/test';
import { buttonText, type Locale, loginAs, menuItem, toast } from '../../support';
import { expectAccessible } from '../../support/axe';

const T = {
  'en-US': {
    menu: 'Monitoring',
    refused: 'Refused operations',
    jobs: 'Background jobs',
    rollup: 'Statistics updated',
    builtInNote: /No external monitoring address is set for .+: the portal's own figures of the last 24 hours are shown\./,
    address: 'Address',
    save: 'Save',
    clear: 'Clear',
    external: /The monitoring of .+ is at an external address/,
    showBuiltIn: "Show the portal's own figures",
    invalid: 'The monitoring address must be an http:// or https:// address of at most 500 characters.',
  },
  'zh-CN': {
    menu: '监控',
    refused: '被拒绝的操作',
    jobs: '后台任务',
    rollup: '统计更新于',
    builtInNote: /.+ 未设置外部监控地址：以下为门户自身最近 24 小时的指标。/,
    address: '地址',
    save: '保存',
    clear: '清除',
    external: /.+ 的监控位于外部地址/,
    showBuiltIn: '显示门户自身的指标',
    invalid: '监控地址须为 http:// 或 https:// 开头的地址，且不超过 500 个字符。',
  },
} as const;

async function settle(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .portal-page-spinner')).toHaveCount(0);
  await page.waitForTimeout(400);
}

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`monitoring (${locale})`, () => {
    test.use({ locale, viewport: { width: 1440, height: 900 } });

    test('the built-in page without an address; the external address once set', async ({ page }) => {
      test.setTimeout(180_000);
      const t = T[locale];
      await loginAs(page, 'supplier', { locale });
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);

      await menuItem(page, t.menu).click();
      await page.waitForURL('**/layout/monitoring');
      // The first figures of a fresh page may take a while on a busy machine.
      await expect(page.getByTestId('monitoring-builtin-note')).toHaveText(t.builtInNote, { timeout: 30_000 });
      await expect(page.getByTestId('monitoring-card-refused')).toContainText(t.refused);
      await expect(page.getByTestId('monitoring-card-rollup')).toContainText(t.rollup);
      await expect(page.getByTestId('monitoring-errors').getByRole('figure').locator('svg').first()).toBeVisible();
      await expect(page.getByText(t.jobs, { exact: true })).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} monitoring, built-in`);
      await page.screenshot({ path: test.info().outputPath(`monitoring-builtin-${locale}.png`), fullPage: true });

      // Every data centre gets an address (a bad one is refused with the catalogue's message first).
      const edits = page.locator('[data-testid^="monitoring-edit-"]');
      const n = await edits.count();
      expect(n).toBeGreaterThan(0);
      for (let i = 0; i < n; i++) {
        await edits.nth(i).click();
        const dialog = page.getByRole('dialog');
        const input = dialog.getByTestId('monitoring-url-input');
        if (i === 0) {
          await input.fill('ftp://grafana.example.com');
          await dialog.getByRole('button', { name: buttonText(t.save) }).click();
          await expect(toast(page, new RegExp(t.invalid.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))).toBeVisible();
          await settle(page);
          await expectAccessible(page, `${locale} monitoring address dialog`);
        }
        await input.fill(`https://grafana.example.com/d/dc-${i}`);
        await dialog.getByRole('button', { name: buttonText(t.save) }).click();
        await expect(dialog).toBeHidden();
      }
      const external = page.getByTestId('monitoring-external');
      await expect(external).toContainText(t.external);
      await expect(page.getByTestId('monitoring-open')).toHaveAttribute('href', /^https:\/\/grafana\.example\.com\/d\/dc-\d$/);
      await expect(page.getByTestId('monitoring-open')).toHaveAttribute('target', '_blank');
      await expect(page.getByTestId('monitoring-cards')).toHaveCount(0);
      await settle(page);
      await expectAccessible(page, `${locale} monitoring, external address`);
      await page.screenshot({ path: test.info().outputPath(`monitoring-external-${locale}.png`), fullPage: true });
      // The built-in figures are one click away.
      await page.getByTestId('monitoring-toggle').click();
      await expect(page.getByTestId('monitoring-cards')).toBeVisible();

      // Cleared again: the built-in page.
      for (let i = 0; i < n; i++) {
        await edits.nth(i).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: buttonText(t.clear) }).click();
        await expect(dialog).toBeHidden();
      }
      await expect(page.getByTestId('monitoring-builtin-note')).toBeVisible();
      await expect(page.getByTestId('monitoring-external')).toHaveCount(0);
    });
  });
}
