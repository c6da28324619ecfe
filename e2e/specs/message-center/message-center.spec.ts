/**
 * The message centre's journey (issue 13), in en-US and zh-CN, with axe on each new screen: the
 * partner owner composes a two-language message to installers and distributors, previews its exact
 * audience and releases it; without a reload the installer's header badge rises, and the installer
 * reads the message in the language it signed in with; the distributor's badge, up by one as well,
 * drops again without a reload when the owner withdraws the message. Screenshots of each screen go
 * to e2e/screenshots/message-center-*.png (git-ignored).
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS, buttonText, type Locale, login, toast } from '../../support';
import { expectAccessible } from '../../support/axe';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');
const RELEASE_PAGE = '/layout/messageCenter/messageRelease';

/** UI strings of these screens, written out per locale (not read from the app's catalogues). */
const T = {
  'en-US': {
    installers: 'Installers',
    distributors: 'Distributors',
    saved: 'Saved.',
    release: 'Release',
    released: 'Released. The receipts are being written.',
    withdraw: 'Withdraw',
    withdrawn: 'Withdrawn.',
    schedule: 'Schedule',
    scheduleTitle: 'Schedule the release',
    recipients: /[\d,]+ recipients?/,
    other: 'zh-CN' as const,
  },
  'zh-CN': {
    installers: '安装商',
    distributors: '经销商',
    saved: '已保存。',
    release: '发布',
    released: '已发布，正在写入接收记录。',
    withdraw: '撤回',
    withdrawn: '已撤回。',
    schedule: '定时',
    scheduleTitle: '定时发布',
    recipients: /[\d,]+位接收人/,
    other: 'en-US' as const,
  },
} as const;

/** The header badge's unread count, once the page has it (the attribute is absent until then). */
async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('unread-badge');
  await expect(badge).toHaveAttribute('data-count', /^\d+$/);
  return Number(await badge.getAttribute('data-count'));
}

async function settle(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .portal-page-spinner')).toHaveCount(0);
  await page.waitForTimeout(300);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `message-center-${name}.png`), animations: 'disabled', caret: 'hide' });
}

/** The event types each page's live socket received (recorded from before its sign-in). */
const liveFrames = new WeakMap<Page, string[]>();

/** How many `inbox` events the page's live socket has received so far. */
function inboxFrames(page: Page): number {
  return (liveFrames.get(page) ?? []).filter((type) => type === 'inbox').length;
}

/** A second signed-in user in a browser context of its own (another person's browser), its live frames recorded. */
async function signIn(browser: Browser, email: string, locale: Locale): Promise<Page> {
  const ctx = await browser.newContext({ locale, viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  const frames: string[] = [];
  liveFrames.set(page, frames);
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/customer-api/live')) return;
    ws.on('framereceived', (f) => {
      try {
        frames.push(String((JSON.parse(String(f.payload)) as { type?: unknown }).type));
      } catch {
        frames.push('?');
      }
    });
  });
  await login(page, email, { locale });
  return page;
}

async function confirm(page: Page): Promise<void> {
  const ok = page.locator('.ant-modal-confirm .ant-btn-primary');
  await expect(ok).toBeVisible();
  await ok.click();
  await expect(ok).toBeHidden();
}

function rowOf(page: Page, title: string): Locator {
  return page.getByRole('row').filter({ hasText: title });
}

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`message centre (${locale})`, () => {
    test.use({ locale });

    test('a partner releases a two-language message; badges rise and drop live; the installer reads it', async ({ page, browser }) => {
      test.setTimeout(240_000);
      const t = T[locale];
      const stamp = Date.now();
      const titles = { 'en-US': `Network upgrade ${stamp}`, 'zh-CN': `网络升级 ${stamp}` };
      const bodies = { 'en-US': `The network is upgraded tonight (${stamp}).`, 'zh-CN': `今晚升级网络（${stamp}）。` };

      // The recipients sign in first (the installer in this run's language: their preferred one).
      const installer = await signIn(browser, ACCOUNTS.installer, locale);
      const distributor = await signIn(browser, ACCOUNTS.distributor, locale);
      const installerBefore = await badgeCount(installer);
      const distributorBefore = await badgeCount(distributor);
      // Their live sockets are open (the badges rise by the socket's inbox event, not the poll that
      // stands in while it is down).
      for (const p of [installer, distributor])
        await expect.poll(() => liveFrames.get(p)!.includes('ready'), { timeout: 20_000 }).toBe(true);
      const installerFrames = inboxFrames(installer);
      const distributorFrames = inboxFrames(distributor);

      // The owner composes the message in both languages.
      await login(page, ACCOUNTS.owner, { locale });
      await page.goto(RELEASE_PAGE);
      await settle(page);
      await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      await expectAccessible(page, `messaging release (${locale})`);
      await shot(page, `release-${locale}`);

      await page.getByTestId('message-new').click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByTestId('compose-form')).toBeVisible();
      const languages = drawer.getByTestId('compose-languages');
      await languages.click();
      await page.keyboard.type(t.other);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      const tabs = drawer.getByRole('tablist').last().getByRole('tab');
      await expect(tabs).toHaveCount(2);
      for (const [i, lang] of ([locale, t.other] as const).entries()) {
        await tabs.nth(i).click();
        await drawer.getByTestId(`title-${lang}`).fill(titles[lang]);
        await drawer.getByTestId(`body-${lang}`).fill(`<p>${bodies[lang]}</p>`);
      }
      await drawer.getByRole('checkbox', { name: t.installers }).check();
      await drawer.getByRole('checkbox', { name: t.distributors }).check();
      await drawer.getByTestId('compose-preview').click();
      await expect(drawer.getByTestId('preview-result')).toContainText(t.recipients);
      await page.mouse.move(0, 0); // no hover colour on the button just clicked
      await expectAccessible(page, `compose with preview (${locale})`);
      await shot(page, `compose-${locale}`);
      await drawer.getByTestId('compose-save').click();
      await expect(toast(page, t.saved)).toBeVisible();

      // The schedule dialog (axe), left without scheduling.
      const row = rowOf(page, titles[locale]);
      await row.getByRole('button', { name: buttonText(t.schedule) }).click();
      const scheduling = page.getByRole('dialog', { name: t.scheduleTitle });
      await expect(scheduling).toBeVisible();
      await expect(scheduling.getByLabel(locale === 'zh-CN' ? '发布时间' : 'Release time')).toBeVisible();
      await page.mouse.move(0, 0);
      await expectAccessible(page, `schedule dialog (${locale})`);
      await shot(page, `schedule-${locale}`);
      await page.keyboard.press('Escape');
      await expect(scheduling).toBeHidden();

      // Release it.
      await row.getByRole('button', { name: buttonText(t.release) }).click();
      await confirm(page);
      await expect(toast(page, t.released)).toBeVisible();

      // Without a reload, both recipients' badges rise (each person looking at their own screen),
      // each told by an inbox event on its socket.
      await installer.bringToFront();
      await expect.poll(() => inboxFrames(installer), { timeout: 30_000 }).toBeGreaterThan(installerFrames);
      await expect.poll(() => badgeCount(installer), { timeout: 30_000 }).toBe(installerBefore + 1);
      await distributor.bringToFront();
      await expect.poll(() => inboxFrames(distributor), { timeout: 30_000 }).toBeGreaterThan(distributorFrames);
      await expect.poll(() => badgeCount(distributor), { timeout: 30_000 }).toBe(distributorBefore + 1);

      // The installer reads it in their language.
      await installer.bringToFront();
      await installer.getByTestId('unread-badge').click();
      await installer.waitForURL('**/messageCenter/messageInbox');
      await settle(installer);
      const item = rowOf(installer, titles[locale]);
      await expect(item).toBeVisible();
      await expectAccessible(installer, `inbox (${locale})`);
      await shot(installer, `inbox-${locale}`);
      await item.getByRole('button', { name: titles[locale] }).click();
      const detail = installer.getByTestId('inbox-detail');
      await expect(detail).toContainText(bodies[locale]);
      await expect(detail).toHaveAttribute('lang', locale);
      await expectAccessible(installer, `inbox detail (${locale})`);
      await shot(installer, `detail-${locale}`);
      await expect.poll(() => badgeCount(installer), { timeout: 30_000 }).toBe(installerBefore);

      // The stats count the read.
      await page.bringToFront();
      await row.getByRole('button', { name: buttonText(locale === 'zh-CN' ? '统计' : 'Stats') }).click();
      const stats = page.getByTestId('stats-table');
      await expect(stats).toBeVisible();
      await expectAccessible(page, `stats (${locale})`);
      await shot(page, `stats-${locale}`);
      await page.keyboard.press('Escape');
      await expect(stats).toBeHidden();

      // Withdrawn: the distributor's badge drops without a reload, told by another inbox event.
      const beforeWithdraw = inboxFrames(distributor);
      await row.getByRole('button', { name: buttonText(t.withdraw) }).click();
      await confirm(page);
      await expect(toast(page, t.withdrawn)).toBeVisible();
      await distributor.bringToFront();
      await expect.poll(() => inboxFrames(distributor), { timeout: 30_000 }).toBeGreaterThan(beforeWithdraw);
      await expect.poll(() => badgeCount(distributor), { timeout: 30_000 }).toBe(distributorBefore);
      // No socket was lost meanwhile (a lost one would have let the poll stand in): one 'ready' each.
      for (const p of [installer, distributor]) expect(liveFrames.get(p)!.filter((type) => type === 'ready')).toHaveLength(1);

      await installer.context().close();
      await distributor.context().close();
    });
  });
}
