/**
 * Exports (issue 15 §5), in en-US and zh-CN with axe: the owner exports the operation log from its
 * screen (at most 90 days, xlsx or CSV); the file streams behind its signed link with a progress bar
 * (held back here until the bar has been looked at), then is saved under the server's file name; a
 * CSV export has the headers in the screen's language. The device-health list is exported alike, and
 * a brand's owner changes how long its device logs are kept on a device's logs. Screenshots go to
 * test-results and e2e/screenshots.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Locale, loginAs } from '../../support';
import { expectAccessible } from '../../support/axe';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');

const T = {
  'en-US': {
    export: 'Export',
    title: 'Export the operation log',
    csv: 'CSV (.csv)',
    downloading: /Downloading \d+ rows…/,
    done: /Exported \d+ rows\./,
    header: 'Time (UTC),Actor,On behalf of,Target company,Module,Operation,Changed fields,Result,IP,Request ID',
    history: 'Device history',
    change: 'Change',
    save: 'Save',
    kept: 'Logs are kept for 45 days.',
    saved: 'Device logs are now kept 45 days.',
    healthTitle: 'Export the device-health list',
  },
  'zh-CN': {
    export: '导 出',
    title: '导出运维日志',
    csv: 'CSV（.csv）',
    downloading: /正在下载 \d+ 行…/,
    done: /已导出 \d+ 行。/,
    header: '时间 (UTC),操作人,代操作账号,目标公司,模块,操作,变更字段,结果,IP,请求 ID',
    history: '设备历史',
    change: /^修\s?改$/,
    save: /^保\s?存$/,
    kept: '日志保留 45 天。',
    saved: '设备日志现保留 45 天。',
    healthTitle: '导出设备健康列表',
  },
} as const satisfies Record<Locale, Record<string, string | RegExp>>;

async function settle(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .portal-page-spinner')).toHaveCount(0);
  await page.waitForTimeout(300);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), animations: 'disabled', caret: 'hide' });
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`exports (${locale})`, () => {
    test.use({ locale, viewport: { width: 1366, height: 900 } });

    test('exports the operation log with a progress bar, as xlsx and as CSV with localized headers', async ({ page }) => {
      test.setTimeout(120_000);
      const t = T[locale];
      await loginAs(page, 'owner', { locale });
      await page.goto('/layout/logs');
      await expect(page.getByTestId('operation-log-table')).toBeVisible();
      await settle(page);

      // The file's bytes are held back until the progress bar has been seen.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/insight/export/download?**', async (route) => {
        await held;
        await route.continue();
      });

      await page.getByTestId('oplog-export').click();
      const dialog = page.getByRole('dialog', { name: t.title });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('radio', { name: /xlsx/ })).toBeChecked();
      await settle(page);
      await expectAccessible(page, `${locale} operation log export dialog`);
      await shot(page, `oplog-export-dialog-${locale}`);

      const download = page.waitForEvent('download');
      await dialog.getByTestId('export-submit').click();
      const progress = dialog.getByTestId('export-progress');
      await expect(progress).toBeVisible();
      await expect(progress).toContainText(t.downloading);
      await expect(progress.getByRole('progressbar')).toBeVisible();
      await expectAccessible(page, `${locale} operation log export progress`);
      await shot(page, `oplog-export-progress-${locale}`);
      release();

      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^operation-log-\d{8}-\d{8}\.xlsx$/);
      const bytes = readFileSync((await file.path())!);
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
      await expect(page.getByText(t.done)).toBeVisible();
      await expect(dialog).toBeHidden();

      // CSV: the headers in the screen's language.
      await page.getByTestId('oplog-export').click();
      await dialog.getByRole('radio', { name: t.csv }).check();
      const csvDownload = page.waitForEvent('download');
      await dialog.getByTestId('export-submit').click();
      const csv = await csvDownload;
      expect(csv.suggestedFilename()).toMatch(/\.csv$/);
      const text = readFileSync((await csv.path())!, 'utf8');
      expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(t.header);
      expect(text.split('\r\n').length).toBeGreaterThan(2);
      await settle(page);
      await shot(page, `oplog-export-done-${locale}`);
    });

    test('exports the device-health list and sets the device-log retention on a device', async ({ page }) => {
      test.setTimeout(120_000);
      const t = T[locale];
      await loginAs(page, 'owner', { locale });
      await page.goto('/layout/dataStatistics/deviceHealth');
      const sn = page.getByTestId('health-table').locator('[data-testid^="health-sn-"]').first();
      await expect(sn).toBeVisible();
      await settle(page);

      await page.getByTestId('health-export').click();
      const dialog = page.getByRole('dialog', { name: t.healthTitle });
      await expect(dialog).toBeVisible();
      const download = page.waitForEvent('download');
      await dialog.getByTestId('export-submit').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^device-health-\d{8}\.xlsx$/);
      expect(
        readFileSync((await file.path())!)
          .subarray(0, 2)
          .toString(),
      ).toBe('PK');
      await expect(dialog).toBeHidden();

      await sn.click();
      const drawer = page.getByRole('dialog', { name: t.history });
      const retention = drawer.getByTestId('device-log-retention');
      await expect(retention).toBeVisible();
      await retention.getByRole('button', { name: t.change }).click();
      const input = retention.getByTestId('device-log-retention-input');
      await input.fill('45');
      await retention.getByRole('button', { name: t.save }).click();
      await expect(page.getByText(t.saved)).toBeVisible();
      await expect(retention).toContainText(t.kept);
      await settle(page);
      await expectAccessible(page, `${locale} device log retention`);
      await shot(page, `device-log-retention-${locale}`);
    });
  });
}
