/**
 * Issue #4, cloud firmware upgrade end to end: the device simulator (tools/simulate) registers a fleet
 * with Acme's demo provisioning key (the seed's random one, handed over by e2e/serve.ts) against the e2e server; the partner owner sees it on the Devices
 * screen, uploads a package for its model (chunked upload, MD5 computed in the page, verified and
 * synced), releases it as a fast gray release of 50 devices to the area the owner works in (preview
 * first), watches the waves fill until "Gray complete", promotes it and sees it end "Completed
 * normally" with every device succeeded. A second fleet that fails every upgrade makes its release
 * pause itself (error threshold) with the reason shown.
 *
 * e2e/serve.ts runs the engine every 0.5 s and tells idle devices to poll again within about a
 * second, so a release moves in seconds. Each fleet uses a model no demo device has.
 *
 * Page lifetimes are kept short on purpose: the e2e server's access tokens live 20 s, and the web
 * client renews at most once per 60 s (TOKEN_REFRESH_GUARD_MS, kept in memory), so a page that stays
 * loaded through two token expiries is sent to the login page. Long waits therefore reload the page
 * between rounds (a reload is what a user watching a release would do anyway); within a round the
 * page's own live refresh does the work.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS, e2eDemoKeys, exactText, login, menuItem, toast } from '../../support';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? '8181'}`;
const INDEX_PAGE = '/layout/cloudUpgrade/cloudUpgradeIndex';
const DEVICES_PAGE = '/layout/cloudUpgrade/upgradeDevices';

/** `node --import tsx tools/simulate/cli.ts ...` in the background, its output kept for the report. */
class Simulator {
  private readonly child: ChildProcess;
  private out = '';

  constructor(
    readonly name: string,
    args: string[],
  ) {
    this.child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tools/simulate/cli.ts', '--url', ORIGIN, '--key', e2eDemoKeys().provisioningKey, ...args],
      {
        cwd: ROOT,
        env: { ...process.env, FORCE_COLOR: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child.stdout!.on('data', (d: Buffer) => (this.out += d.toString()));
    this.child.stderr!.on('data', (d: Buffer) => (this.out += d.toString()));
    // Never outlive the test worker, however it ends.
    const kill = () => this.child.kill('SIGKILL');
    process.once('exit', kill);
    this.child.once('exit', () => process.off('exit', kill));
  }

  output(): string {
    return this.out;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGTERM (the simulator stops its devices and prints a summary), SIGKILL if it lingers. */
  async stop(): Promise<void> {
    if (!this.running) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    const t = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(t);
  }
}

const simulators: Simulator[] = [];

function startSimulator(name: string, args: string[]): Simulator {
  const sim = new Simulator(name, args);
  simulators.push(sim);
  return sim;
}

async function stopSimulators(): Promise<void> {
  await Promise.all(simulators.map((s) => s.stop()));
}

/** An antd Statistic by its title, e.g. "Target quantity" in the preview or "Succeeded" in the task counts. */
function statistic(scope: Locator, title: string): Locator {
  return scope
    .locator('.ant-statistic')
    .filter({ has: scope.page().locator('.ant-statistic-title', { hasText: exactText(title) }) })
    .locator('.ant-statistic-content');
}

/**
 * Type into an antd tags Select; the comma (a token separator) turns the text into a tag. The list is
 * closed by leaving the field, not by Escape: on a busy machine the list may not have opened yet, and
 * an Escape with no list open closes the upload dialog itself.
 */
async function addTag(select: Locator, value: string): Promise<void> {
  await select.click();
  await select.pressSequentially(`${value},`);
  await select.blur();
}

/** Open the Devices screen, search the fleet's SN prefix and wait until all of it is listed. */
async function waitForFleet(page: Page, snPrefix: string, count: number, sim: Simulator): Promise<void> {
  const table = page.getByTestId('devices-table');
  await expect(async () => {
    expect(sim.running, `simulator ${sim.name} is running:\n${sim.output()}`).toBe(true);
    await page.goto(DEVICES_PAGE);
    await expect(table).toBeVisible();
    await page.getByLabel('Search devices').fill(snPrefix);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(`${count} records in total`)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000, intervals: [500, 1_000] });
  await expect(table.getByText(new RegExp(`^${snPrefix}\\d{6}$`)).first()).toBeVisible();
}

/**
 * Wait on the open task detail until the task shows `status`: rounds of at most 10 s on a freshly
 * loaded page, whose live refresh (every 5 s while in release) shows the change.
 */
async function waitForTaskStatus(page: Page, status: string, timeout: number): Promise<void> {
  const tag = page.getByTestId('task-detail').getByTestId('task-status');
  await expect(async () => {
    await page.reload();
    await expect(tag).toHaveText(status, { timeout: 10_000 });
  }).toPass({ timeout, intervals: [0] });
}

/**
 * Upload a package through the upload dialog: version, model, compatible version, version notes,
 * the file (a generated Buffer) and its MD5 computed by the page; then wait for verified and synced.
 */
async function uploadPackage(page: Page, p: { version: string; model: string; compatible: string; sizeBytes: number }): Promise<void> {
  const content = randomBytes(p.sizeBytes);
  const md5 = createHash('md5').update(content).digest('hex');
  await page.goto(INDEX_PAGE);
  await page.getByTestId('upload-package').click();
  const form = page.getByTestId('upload-form');
  await expect(form).toBeVisible();
  await form.getByLabel('Version', { exact: true }).fill(p.version);
  await addTag(form.getByRole('combobox', { name: 'Models' }), p.model);
  await expect(form.locator('.ant-select-selection-item', { hasText: exactText(p.model) })).toBeVisible();
  await addTag(form.getByRole('combobox', { name: 'Compatible versions' }), p.compatible);
  await expect(form.locator('.ant-select-selection-item', { hasText: exactText(p.compatible) })).toBeVisible();
  await form.getByLabel('Version notes (en-US)').fill(`E2E build ${p.version}: faster night mode and security fixes.`);
  await form
    .locator('.ant-upload-drag input[type="file"]')
    .setInputFiles({ name: `${p.model.toLowerCase()}-${p.version}.bin`, mimeType: 'application/octet-stream', buffer: content });
  await expect(form.getByText(`${p.model.toLowerCase()}-${p.version}.bin`)).toBeVisible();
  await page.getByTestId('compute-md5').click();
  await expect(page.getByTestId('md5-ok')).toHaveText(`MD5 of the file: ${md5}`);
  await expect(form.getByLabel('MD5')).toHaveValue(md5);
  await page.getByTestId('upload-submit').click();
  await expect(page.getByTestId('upload-progress')).toBeVisible();
  await expect(page.getByTestId('upload-ready')).toContainText(`${p.version} is verified and synced`, { timeout: 30_000 });
  await page.getByTestId('upload-close').click();
  const row = page.getByTestId('packages-table').getByRole('row').filter({ hasText: p.version });
  await expect(row.getByTestId('package-status')).toHaveText('Synced');
}

/** From the package list, open the release wizard of `version` (its Release button). */
async function openReleaseWizard(page: Page, version: string): Promise<void> {
  await page.goto(INDEX_PAGE);
  const row = page.getByTestId('packages-table').getByRole('row').filter({ hasText: version });
  await row.getByRole('button', { name: 'Release' }).click();
  await page.waitForURL(/\/layout\/cloudUpgrade\/canaryRelease\?pkgId=\d+/);
  await expect(page.getByTestId('release-summary')).toContainText(version);
}

/** Submit the wizard on its preview step; answers the new task's id from the confirmation. */
async function submitRelease(page: Page): Promise<number> {
  await page.getByTestId('wizard-submit').click();
  const done = toast(page, /Release submitted: #\d+\./);
  await expect(done).toBeVisible();
  const id = Number(/#(\d+)/.exec((await done.textContent()) ?? '')?.[1]);
  expect(id).toBeGreaterThan(0);
  await page.waitForURL(/cloudUpgradeIndex\?tab=tasks/);
  return id;
}

/** A wave's row in the waves table as shown: ["Wave n", size, notified, succeeded, failed]. */
async function waveCells(page: Page, n: number): Promise<string[]> {
  // Row 0 is the header; the waves follow in order.
  const cells = await page.getByTestId('waves-table').getByRole('row').nth(n).getByRole('cell').allInnerTexts();
  // The first cell also holds the "Current" and "Promotion" tags.
  return cells.slice(0, 5).map((c, i) => (i === 0 ? (/^Wave \d+/.exec(c.trim())?.[0] ?? c) : c.trim()));
}

test.describe('cloud firmware upgrade', () => {
  // Each test stops its simulator in its own finally; these are the safety net (and the report).
  test.afterEach(async () => {
    for (const s of simulators) await test.info().attach(`simulator ${s.name}`, { body: s.output(), contentType: 'text/plain' });
    await stopSimulators();
    simulators.length = 0;
  });
  test.afterAll(stopSimulators);

  test('a gray release to a simulated fleet moves through its waves, is promoted and completes normally', async ({ page }) => {
    test.setTimeout(150_000);
    const fleet = { model: 'IPC-E2E', snPrefix: 'E2EOK-', devices: 80 };
    const version = 'V2.0.0-e2e';
    const sim = startSimulator('ok', [
      '--devices',
      String(fleet.devices),
      '--failure-rate',
      '0',
      '--model',
      fleet.model,
      '--version',
      'V1.0.0',
      '--sn-prefix',
      fleet.snPrefix,
      '--country',
      'DE',
      '--poll-seconds',
      '1',
      '--install-seconds',
      '1',
      '--until-done',
    ]);
    try {
      await login(page, ACCOUNTS.owner);
      await menuItem(page, 'Cloud Firmware Upgrade').click();
      await page.waitForURL(`**${INDEX_PAGE}`);
      await expect(page.getByTestId('devices-link')).toBeVisible();
      await waitForFleet(page, fleet.snPrefix, fleet.devices, sim);

      // A package of about 5.5 MB: two chunks of the resumable upload.
      await uploadPackage(page, { version, model: fleet.model, compatible: 'V1.0.0', sizeBytes: 5_500_000 });
      await openReleaseWizard(page, version);

      // Step 1: package and type (gray is the default).
      await expect(page.getByRole('radio', { name: /Gray release/ })).toBeChecked();
      await page.getByTestId('wizard-next').click();
      // Step 2: the area the owner works in (the header's area switcher) is preselected: from a DC a
      // release can target only that DC. 50 devices, fast.
      await expect(page.getByTestId('area-switcher')).toContainText('Europe (Frankfurt)');
      const area = page.getByRole('checkbox', { name: /Europe \(Frankfurt\)/ });
      await expect(area).toBeChecked();
      await page.getByLabel('Gray devices').fill('50');
      await page.locator('label.ant-radio-button-wrapper', { hasText: exactText('Fast') }).click();
      const waves = page.getByTestId('gray-waves');
      await expect(waves.getByRole('row')).toHaveCount(3); // header + 2 waves (20 % then 80 %)
      await expect(waves.getByRole('row').nth(1)).toContainText('10');
      await expect(waves.getByRole('row').nth(2)).toContainText('40');
      await page.getByTestId('wizard-next').click();
      // Step 3: the time window starts now; the default gates.
      await expect(page.getByLabel('Success gate')).toHaveValue('90');
      await page.getByTestId('wizard-next').click();
      // Step 4: the preview: all 80 devices of the model are targets, 50 of them notified in the gray waves.
      const preview = page.getByTestId('release-preview');
      await expect(statistic(preview, 'Target quantity')).toHaveText('80');
      await expect(statistic(preview, 'Notice quantity')).toHaveText('50');
      await expect(statistic(preview, 'Busy in another task')).toHaveText('0');
      await expect(preview.getByRole('cell', { name: 'Germany (DE)' })).toBeVisible();
      const taskId = await submitRelease(page);

      // The task list shows it; its gray detail shows the waves filling.
      await page.getByTestId(`task-link-${taskId}`).click();
      await page.waitForURL(/\/layout\/cloudUpgrade\/grayDetail\?taskId=\d+/);
      const detail = page.getByTestId('task-detail');
      await expect(detail.getByTestId('task-title')).toHaveText(`Task #${taskId} · ${version}`);
      await expect(detail.getByTestId('task-status')).toHaveText(/In release|Gray complete/);
      await expect(page.getByTestId('waves-table').getByRole('row')).toHaveCount(4); // header + 2 gray waves + promotion
      await waitForTaskStatus(page, 'Gray complete', 60_000);
      await expect(detail.getByText('The gray release is complete.')).toBeVisible();
      await expect.poll(() => waveCells(page, 1)).toEqual(['Wave 1', '10', '10', '10', '0']);
      await expect.poll(() => waveCells(page, 2)).toEqual(['Wave 2', '40', '40', '40', '0']);
      await expect.poll(() => waveCells(page, 3)).toEqual(['Wave 3', '30', '0', '0', '0']);
      const stats = page.getByTestId('task-stats');
      await expect(statistic(stats, 'Succeeded')).toHaveText('50');
      await expect(statistic(stats, 'Failed')).toHaveText('0');

      // Promote: the remaining 30 devices get the version; the task completes normally.
      await page.getByTestId('task-promote').click();
      await page.getByTestId('task-action-ok').click();
      await expect(toast(page, `Task #${taskId} was promoted to a full release.`)).toBeVisible();
      await waitForTaskStatus(page, 'Completed normally', 45_000);
      await expect(statistic(stats, 'Target quantity')).toHaveText('80');
      await expect(statistic(stats, 'Succeeded')).toHaveText('80');
      await expect(statistic(stats, 'Failed')).toHaveText('0');
      await expect(statistic(stats, 'To upgrade')).toHaveText('0');
      await expect.poll(() => waveCells(page, 3)).toEqual(['Wave 3', '30', '30', '30', '0']);
      await expect(page.getByTestId('counts-bar')).toContainText('100%');
      // Results by country: every German device succeeded. (Loaded afresh: the tab stops refreshing as
      // soon as the task leaves "in release", so a page open since before can show counts up to 5 s old.)
      await page.reload();
      await expect(detail.getByTestId('task-status')).toHaveText('Completed normally');
      const germany = page.getByTestId('country-results').getByRole('row').filter({ hasText: 'Germany (DE)' });
      await expect
        .poll(async () => (await germany.getByRole('cell').allInnerTexts()).map((c) => c.trim()))
        .toEqual(['Germany (DE)', '0', expect.any(String), '80', '0', '100%']);
      // The history tells the way it went: released, gray complete, promoted (by the owner), completed.
      await page.getByRole('tab', { name: 'History' }).click();
      const history = page.getByTestId('task-history');
      for (const step of ['Gray release complete', 'Promoted to full release', 'Completed'])
        await expect(history.getByText(step, { exact: true })).toBeVisible();
      await expect(history).toContainText('Gray complete → In release');
      await expect(history).toContainText('In release → Completed normally');

      // Every device now runs the new version (Devices screen).
      await page.goto(DEVICES_PAGE);
      await page.getByLabel('Search devices').fill(fleet.snPrefix);
      await page.getByRole('button', { name: 'Search' }).click();
      const table = page.getByTestId('devices-table');
      await expect(page.getByText(`${fleet.devices} records in total`)).toBeVisible();
      await expect(table.getByRole('cell', { name: version, exact: true }).first()).toBeVisible();
      await expect(table.getByRole('cell', { name: 'V1.0.0', exact: true })).toHaveCount(0);
    } finally {
      await sim.stop();
    }
  });

  test('a fleet whose upgrades fail makes its release pause itself, with the reason shown', async ({ page }) => {
    test.setTimeout(120_000);
    const fleet = { model: 'IPC-E2EF', snPrefix: 'E2EFAIL-', devices: 20 };
    const version = 'V2.0.0-e2e-fail';
    const sim = startSimulator('failing', [
      '--devices',
      String(fleet.devices),
      '--failure-rate',
      '1',
      '--model',
      fleet.model,
      '--version',
      'V1.0.0',
      '--sn-prefix',
      fleet.snPrefix,
      '--country',
      'DE',
      '--poll-seconds',
      '1',
      '--install-seconds',
      '1',
    ]);
    try {
      await login(page, ACCOUNTS.owner);
      await waitForFleet(page, fleet.snPrefix, fleet.devices, sim);
      await uploadPackage(page, { version, model: fleet.model, compatible: 'V1.0.0', sizeBytes: 1_200_000 });
      await openReleaseWizard(page, version);

      await page.locator('label', { hasText: 'Full release' }).first().click();
      await expect(page.getByRole('radio', { name: /Full release/ })).toBeChecked();
      await page.getByTestId('wizard-next').click();
      await expect(page.getByRole('checkbox', { name: /Europe \(Frankfurt\)/ })).toBeChecked();
      await page.getByTestId('wizard-next').click();
      // Gates that trip quickly: pause above 20 % failures once 5 devices finished.
      await page.getByLabel('Error threshold').fill('20');
      await page.getByRole('spinbutton', { name: '…after at least' }).fill('5');
      await page.getByTestId('wizard-next').click();
      const preview = page.getByTestId('release-preview');
      await expect(statistic(preview, 'Target quantity')).toHaveText(String(fleet.devices));
      await expect(statistic(preview, 'Notice quantity')).toHaveText(String(fleet.devices));
      const taskId = await submitRelease(page);

      await page.getByTestId(`task-link-${taskId}`).click();
      await page.waitForURL(/\/layout\/cloudUpgrade\/cloudUpgradeDetail\?taskId=\d+/);
      const detail = page.getByTestId('task-detail');
      await expect(detail.getByTestId('task-info')).toContainText('pause above 20% failures after 5 devices');
      await waitForTaskStatus(page, 'Paused', 45_000);
      await expect(detail.getByTestId('pause-reason')).toContainText('Paused: Too many failures');
      const stats = page.getByTestId('task-stats');
      await expect(statistic(stats, 'Succeeded')).toHaveText('0');
      expect(Number(await statistic(stats, 'Failed').innerText())).toBeGreaterThanOrEqual(5);
      // Paused by the gate, the owner may continue or end it.
      await expect(page.getByTestId('task-continue')).toBeVisible();
      await expect(page.getByTestId('task-end')).toBeVisible();
      await page.getByRole('tab', { name: 'History' }).click();
      await expect(page.getByTestId('task-history')).toContainText('In release → Paused');
      await expect(page.getByTestId('task-history')).toContainText('Reason: Too many failures');

      // The task list shows the state and the reason too.
      await page.goto(`${INDEX_PAGE}?tab=tasks`);
      const row = page.getByRole('row').filter({ has: page.getByTestId(`task-link-${taskId}`) });
      await expect(row.getByTestId('task-status')).toHaveText('Paused');
      await expect(row.getByText('Too many failures')).toBeVisible();
    } finally {
      await sim.stop();
    }
  });
});
