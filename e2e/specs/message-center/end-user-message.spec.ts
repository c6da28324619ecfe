/**
 * A message to the brand's app end users (issue 13 §2, §5, §7), in en-US and zh-CN with axe: Acme's
 * owner composes a two-language message, chooses "App end users" as the audience, previews its
 * exact count (and how many muted promotions) and releases it; an end user of Acme's app reads it
 * through the app API (the push the local provider kept for its token, inbox list, detail, read) in
 * their own language; the stats show it pushed, delivered and opened. A message in the UI's language
 * and German is read in German by a de-DE end user of the demo seed, through the app API as
 * `npm run app-sim` calls it. Screenshots go to e2e/screenshots/message-center-end-users-*.png.
 */
import { appMessageCalls, appApiCalls, buildBasic, callUrlPath, type CallDef, type CallResult } from '@portal/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS, buttonText, e2eDemoApp, type Locale, login, toast } from '../../support';
import { expectAccessible } from '../../support/axe';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');
const RELEASE_PAGE = '/layout/messageCenter/messageRelease';
/** The demo seed's Acme app (tools/seed/demo-app.ts) and its end users (user001: en-US, user003: zh-CN). */
/** Its secret is the seed's random one, handed over by e2e/serve.ts (read when a test runs, after the seed). */
const acmeApp = () => {
  const k = e2eDemoApp('appacmedemo2026');
  return { token: k.appId, signKey: k.secret };
};
const APP_USER: Record<Locale, string> = { 'en-US': 'user001@acme-app.demo.local', 'zh-CN': 'user003@acme-app.demo.local' };
/** A de-DE end user of the demo seed (DEMO_END_USER_LANGUAGES: user126 is de-DE, in DE). */
const GERMAN_USER = 'user126@acme-app.demo.local';
const DEMO_PASSWORD = 'Demo@12345';

const T = {
  'en-US': {
    endUsers: 'App end users',
    saved: 'Saved.',
    release: 'Release',
    released: 'Released. The receipts are being written.',
    stats: 'Stats',
    pushed: 'Pushed',
    recipients: /[\d,]+ recipients?/,
    muted: /\d+ of them muted promotions/,
    other: 'zh-CN' as const,
  },
  'zh-CN': {
    endUsers: '应用终端用户',
    saved: '已保存。',
    release: '发布',
    released: '已发布，正在写入接收记录。',
    stats: '统计',
    pushed: '已推送',
    recipients: /[\d,]+位接收人/,
    muted: /其中\d+位已屏蔽促销消息/,
    other: 'en-US' as const,
  },
} as const;

/** A signed call of the app-facing API, as the brand's app makes it. */
async function appCall<C extends CallDef>(
  request: APIRequestContext,
  call: C,
  data: unknown,
  creds: { token: string; signKey: string },
): Promise<CallResult<C>> {
  const basic = buildBasic({ token: creds.token, signKey: creds.signKey, path: call.path, data });
  const res = await request.post(callUrlPath(call), { data: { basic, data } });
  const body = (await res.json()) as { basic: { code: number; msg: string }; data: CallResult<C> };
  expect(body.basic.code, `${call.path}: ${body.basic.msg}`).toBe(200);
  return body.data;
}

async function settle(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .portal-page-spinner')).toHaveCount(0);
  await page.waitForTimeout(300);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `message-center-end-users-${name}.png`), animations: 'disabled', caret: 'hide' });
}

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`message to app end users (${locale})`, () => {
    test.use({ locale, viewport: { width: 1440, height: 900 } });

    test('a two-language message to the brand’s end users, read in the app in the user’s language', async ({ page }) => {
      test.setTimeout(180_000);
      const t = T[locale];
      const stamp = Date.now();
      const titles = { 'en-US': `App update ${stamp}`, 'zh-CN': `应用更新 ${stamp}` };
      const bodies = { 'en-US': `Version 5 is out (${stamp}).`, 'zh-CN': `第5版已发布（${stamp}）。` };

      // The app user signs in and registers this install's push token (the local provider keeps the pushes).
      const signIn = async () => {
        const session = await appCall(page.request, appApiCalls.login, { account: APP_USER[locale], password: DEMO_PASSWORD }, acmeApp());
        return { token: session.token, signKey: session.signKey };
      };
      let me = await signIn();
      const pushToken = `e2e-${locale}-${stamp}`;
      await appCall(page.request, appMessageCalls.pushTokenRegister, { platform: 'android', token: pushToken }, me);

      await login(page, ACCOUNTS.owner, { locale });
      await page.goto(RELEASE_PAGE);
      await settle(page);
      await page.getByTestId('message-new').click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByTestId('compose-form')).toBeVisible();
      await drawer.getByTestId('compose-languages').click();
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
      await drawer.getByRole('radio', { name: t.endUsers }).check();
      await expect(drawer.getByTestId('audience-end-users')).toBeVisible();
      await drawer.getByTestId('compose-preview').click();
      await expect(drawer.getByTestId('preview-result')).toContainText(t.recipients);
      await expect(drawer.getByTestId('preview-muted')).toContainText(t.muted);
      await drawer.getByTestId('preview-muted').scrollIntoViewIfNeeded();
      await page.mouse.move(0, 0);
      await expectAccessible(page, `compose to end users (${locale})`);
      await shot(page, `compose-${locale}`);
      await drawer.getByTestId('compose-save').click();
      await expect(toast(page, t.saved)).toBeVisible();

      const row = page.getByRole('row').filter({ hasText: titles[locale] });
      await row.getByRole('button', { name: buttonText(t.release) }).click();
      const ok = page.locator('.ant-modal-confirm .ant-btn-primary');
      await ok.click();
      await expect(toast(page, t.released)).toBeVisible();

      // The app: the push arrives (in the user's language), and the message is in the inbox. Signed in
      // again: the e2e server's tokens live 20 s (e2e/serve.ts), less than the portal steps above take
      // on a loaded machine; the push token stays the user's.
      me = await signIn();
      await expect
        .poll(async () => (await appCall(page.request, appMessageCalls.pushOutbox, { afterId: 0 }, me)).items.map((i) => i.title), {
          timeout: 30_000,
        })
        .toContain(titles[locale]);
      await expect
        .poll(
          async () =>
            (await appCall(page.request, appMessageCalls.inboxList, { pageNum: 1, pageSize: 20 }, me)).records.map((r) => r.title),
          { timeout: 30_000 },
        )
        .toContain(titles[locale]);
      const list = await appCall(page.request, appMessageCalls.inboxList, { pageNum: 1, pageSize: 20, read: 'unread' }, me);
      const item = list.records.find((r) => r.title === titles[locale])!;
      expect(item.language).toBe(locale);
      const detail = await appCall(page.request, appMessageCalls.inboxGet, { messageId: item.messageId }, me);
      expect(detail.body).toContain(bodies[locale]);
      expect((await appCall(page.request, appMessageCalls.inboxRead, { messageIds: [item.messageId] }, me)).updated).toBe(1);

      // The stats: pushed, delivered and opened per language.
      await row.getByRole('button', { name: buttonText(t.stats) }).click();
      const stats = page.getByTestId('stats-table');
      await expect(stats).toBeVisible();
      await expect(stats.getByRole('columnheader', { name: t.pushed })).toBeVisible();
      // The total row: at least this user's push, delivery and read.
      const total = stats.getByRole('row').last().getByRole('cell');
      await expect(total.nth(2)).not.toHaveText('0');
      await expect(total.nth(4)).not.toHaveText('0');
      await expect(
        stats
          .getByRole('row')
          .filter({ hasText: locale === 'zh-CN' ? '中文' : 'English' })
          .first(),
      ).toBeVisible();
      await expectAccessible(page, `end-user stats (${locale})`);
      await shot(page, `stats-${locale}`);
    });

    test('a de-DE end user reads the German text of a message in two languages', async ({ page }) => {
      test.setTimeout(180_000);
      const t = T[locale];
      const stamp = Date.now();
      const titles = { [locale]: `${locale === 'zh-CN' ? '夜间模式' : 'Night mode'} ${stamp}`, 'de-DE': `Nachtmodus ${stamp}` };
      const bodies = {
        [locale]: locale === 'zh-CN' ? `夜间模式已上线（${stamp}）。` : `Night mode is here (${stamp}).`,
        'de-DE': `Der Nachtmodus ist da (${stamp}).`,
      };

      await login(page, ACCOUNTS.owner, { locale });
      await page.goto(RELEASE_PAGE);
      await settle(page);
      await page.getByTestId('message-new').click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByTestId('compose-form')).toBeVisible();
      await drawer.getByTestId('compose-languages').click();
      await page.keyboard.type('de-DE');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      const tabs = drawer.getByRole('tablist').last().getByRole('tab');
      await expect(tabs).toHaveCount(2);
      for (const [i, lang] of ([locale, 'de-DE'] as const).entries()) {
        await tabs.nth(i).click();
        await drawer.getByTestId(`title-${lang}`).fill(titles[lang]!);
        await drawer.getByTestId(`body-${lang}`).fill(`<p>${bodies[lang]}</p>`);
      }
      await drawer.getByRole('radio', { name: t.endUsers }).check();
      await expect(drawer.getByTestId('audience-end-users')).toBeVisible();
      await drawer.getByTestId('compose-preview').click();
      await expect(drawer.getByTestId('preview-result')).toContainText(t.recipients);
      await drawer.getByTestId('compose-save').click();
      await expect(toast(page, t.saved)).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: titles[locale]! });
      await row.getByRole('button', { name: buttonText(t.release) }).click();
      await page.locator('.ant-modal-confirm .ant-btn-primary').click();
      await expect(toast(page, t.released)).toBeVisible();

      // The German end user's app (signed calls with the app's key, then the user's session, as app-sim makes them).
      const session = await appCall(page.request, appApiCalls.login, { account: GERMAN_USER, password: DEMO_PASSWORD }, acmeApp());
      const me = { token: session.token, signKey: session.signKey };
      let item: { messageId: number; title: string; language: string } | undefined;
      await expect
        .poll(
          async () => {
            const list = await appCall(page.request, appMessageCalls.inboxList, { pageNum: 1, pageSize: 20 }, me);
            item = list.records.find((r) => r.title === titles['de-DE']);
            return item?.language;
          },
          { timeout: 30_000 },
        )
        .toBe('de-DE');
      const detail = await appCall(page.request, appMessageCalls.inboxGet, { messageId: item!.messageId }, me);
      expect(detail.title).toBe(titles['de-DE']);
      expect(detail.body).toContain(bodies['de-DE']);
      expect(detail.body).not.toContain(bodies[locale]!);
      expect((await appCall(page.request, appMessageCalls.inboxRead, { messageIds: [item!.messageId] }, me)).updated).toBe(1);
    });
  });
}
