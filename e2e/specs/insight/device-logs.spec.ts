/**
 * Device logs (issue 15 §4 "Request logs"), in en-US and zh-CN with axe: a simulated device
 * (tools/simulate) polls; the owner opens it from the device-health list, requests its log, sees the
 * request waiting, and the device's next poll uploads a gzip, which the list then shows as uploaded
 * with its size and requester, with a download. Screenshots go to test-results (1440 px wide).
 */
import { expect, test, type Page } from '@playwright/test';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eDemoKeys, type Locale, loginAs, waitForAnswer } from '../../support';
import { expectAccessible } from '../../support/axe';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? '8181'}`;

const T = {
  'en-US': { history: 'Device history', request: 'Request log', requested: 'Requested', uploaded: 'Uploaded', download: 'Download' },
  'zh-CN': { history: '设备历史', request: '请求日志', requested: '已请求', uploaded: '已上传', download: '下载' },
} as const satisfies Record<Locale, Record<string, string>>;

/** One simulated device polling every second, answering log requests; stopped with SIGTERM. */
function simulate(model: string, snPrefix: string): { child: ChildProcess; output: () => string } {
  const keys = path.join(mkdtempSync(path.join(os.tmpdir(), 'e2e-logs-')), 'keys.json');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'tools/simulate/cli.ts',
      '--url',
      ORIGIN,
      '--key',
      e2eDemoKeys().provisioningKey,
      '--devices',
      '1',
      '--model',
      model,
      '--sn-prefix',
      snPrefix,
      '--country',
      'DE',
      '--poll-seconds',
      '1',
      '--keys-file',
      keys,
    ],
    { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  child.once('exit', () => process.off('exit', kill));
  return { child, output: () => out };
}

async function settle(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .portal-page-spinner')).toHaveCount(0);
  await page.waitForTimeout(400);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`device logs (${locale})`, () => {
    test.use({ locale, viewport: { width: 1440, height: 900 } });

    test('a requested log is uploaded by the simulated device and listed with its size and requester', async ({ page }) => {
      test.setTimeout(180_000);
      const t = T[locale];
      const model = `IPC-LOG${locale === 'en-US' ? 'EN' : 'ZH'}`;
      const sim = simulate(model, `E2ELOG${locale === 'en-US' ? 'EN' : 'ZH'}-`);
      try {
        await expect.poll(() => sim.output(), { timeout: 60_000 }).toMatch(/registered=1\/1/);
        await loginAs(page, 'owner', { locale });
        await page.goto(`/layout/dataStatistics/deviceHealth?model=${model}`);
        const sn = page.getByTestId('health-table').locator('[data-testid^="health-sn-"]').first();
        await expect(sn).toBeVisible();
        await sn.click();
        const drawer = page.getByRole('dialog', { name: t.history });
        const logs = drawer.getByTestId('device-logs');
        await expect(logs).toBeVisible();

        const requested = waitForAnswer(page, 'insight/device/log/request');
        await logs.getByRole('button', { name: t.request }).click();
        expect((await requested).basic.code).toBe(200);
        // The request waits for the device's next poll...
        await expect(logs.getByTestId('device-log-request')).toBeDisabled();
        await settle(page);
        await expectAccessible(page, `${locale} device logs requested`);
        await shot(page, `device-logs-requested-${locale}`);

        // ...which uploads the log; the list looks again while a request waits.
        await expect(logs.getByTestId('device-log-state-uploaded')).toBeVisible({ timeout: 60_000 });
        await expect(logs.getByTestId('device-log-state-uploaded').first()).toHaveText(t.uploaded);
        await expect(logs.getByRole('button', { name: new RegExp(t.download) }).first()).toBeVisible();
        await expect(logs.getByTestId('device-log-request')).toBeEnabled();
        expect(sim.output()).not.toMatch(/log upload:/);

        // The download opens the log's signed link.
        const link = waitForAnswer<{ basic: { code: number }; data: { url: string } }>(page, 'insight/device/log/link');
        await logs
          .getByRole('button', { name: new RegExp(t.download) })
          .first()
          .click();
        const answer = await link;
        expect(answer.basic.code).toBe(200);
        const file = await page.request.get(answer.data.url);
        expect(file.status()).toBe(200);
        expect([...(await file.body()).subarray(0, 2)]).toEqual([0x1f, 0x8b]);

        await settle(page);
        await expectAccessible(page, `${locale} device logs uploaded`);
        await shot(page, `device-logs-uploaded-${locale}`);
      } finally {
        sim.child.kill('SIGTERM');
      }
    });
  });
}
