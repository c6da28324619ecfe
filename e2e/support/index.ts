/**
 * Helpers shared by the end-to-end specs: the demo accounts, signing in through the real login form,
 * the side menu, the language switch, toasts, and a recorder of the API exchanges a page makes.
 *
 * Everything here drives the UI the way a user does (labels, roles, visible text); data-testid is
 * used only where the web app offers one and no accessible name exists (login button, side menu,
 * language and user-menu triggers).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The password of every demo account (tools/seed, README). */
export const PASSWORD = 'Demo@12345';

/**
 * The keys the demo seed made at random for the suite's server (tools/seed/demo-keys.ts): Acme's
 * provisioning key and the demo brands' application secrets, handed over by e2e/serve.ts as the
 * seed's output. Nothing in the source knows them.
 */
export interface E2eDemoKeys {
  provisioningKey: string;
  appKeys: Array<{ company: string; appId: string; secret: string }>;
}
export function e2eDemoKeys(): E2eDemoKeys {
  const file = path.join(os.tmpdir(), `portal-e2e-demo-keys-${process.env.E2E_PORT ?? '8181'}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as E2eDemoKeys;
}
/** A demo brand's application key, its secret as the seed made it (Acme Vision: appacmedemo2026). */
export function e2eDemoApp(appId = 'appacmedemo2026'): { appId: string; secret: string } {
  const k = e2eDemoKeys().appKeys.find((a) => a.appId === appId);
  if (!k) throw new Error(`no demo application key ${appId}`);
  return { appId: k.appId, secret: k.secret };
}

/** The fixed demo account of each role (README "demo accounts"). */
export const ACCOUNTS = {
  supplier: 'supplier@demo.local',
  owner: 'owner@acme.demo.local',
  admin: 'admin@acme.demo.local',
  distributor: 'dealer@acme.demo.local',
  installer: 'installer@acme.demo.local',
  customer: 'customer@acme.demo.local',
} as const;
export type Role = keyof typeof ACCOUNTS;

export type Locale = 'en-US' | 'zh-CN';

/** UI strings the specs look for, written out per locale (not read from the app's own catalogues). */
export const TEXT = {
  'en-US': {
    languageLabel: 'English',
    account: 'Account (e-mail)',
    password: 'Password',
    signIn: 'Sign in',
    loginTitle: 'Sign in',
    home: 'Home',
    logout: 'Log out',
  },
  'zh-CN': {
    languageLabel: '简体中文',
    account: '账号（邮箱）',
    password: '密码',
    signIn: '登录',
    loginTitle: '账号登录',
    home: '首页',
    logout: '退出登录',
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** antd puts a space between the two characters of a two-character CJK button label ("登 录"). */
export function buttonText(label: string): RegExp {
  const chars = [...label].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^\\s*${chars.join('\\s?')}\\s*$`);
}

export const API_PREFIX = '/v1.0/customer-api/';

// ---- login ------------------------------------------------------------------------------------

/** Fill and submit the login form of the page that is open (must be /login). */
export async function submitLogin(page: Page, email: string, password = PASSWORD, locale: Locale = 'en-US'): Promise<void> {
  const t = TEXT[locale];
  await page.getByLabel(t.account).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
}

/**
 * Sign in through the login form and wait for the signed-in layout. Opens /login first unless
 * `onLoginPage` says the page is already there (e.g. after a redirect that must be kept).
 */
export async function login(
  page: Page,
  email: string,
  opts: { password?: string; locale?: Locale; onLoginPage?: boolean; landOn?: string | RegExp } = {},
): Promise<void> {
  if (!opts.onLoginPage) await page.goto('/login');
  await submitLogin(page, email, opts.password ?? PASSWORD, opts.locale ?? 'en-US');
  await page.waitForURL(opts.landOn ?? '**/layout/home');
  await expect(sideMenu(page)).toBeVisible();
}

export async function loginAs(page: Page, role: Role, opts: Parameters<typeof login>[2] = {}): Promise<void> {
  await login(page, ACCOUNTS[role], opts);
}

/**
 * The answer a page ends with for one call (`call` is the path after API_PREFIX), as JSON. The e2e
 * access token lives 20 s (e2e/serve.ts): a call may first be answered 7004, after which the client
 * renews the token and sends it again, so a 7004 is never the answer that counts. `request` picks
 * the call by its body (e.g. one filter among several calls to the same path).
 */
export async function waitForAnswer<T = { basic: { code: number; msg: string }; data: unknown }>(
  page: Page,
  call: string,
  opts: { request?: (body: string) => boolean; timeout?: number } = {},
): Promise<T> {
  const res = await page.waitForResponse(
    async (r) =>
      r.url().endsWith(`${API_PREFIX}${call}`) &&
      (!opts.request || opts.request(r.request().postData() ?? '')) &&
      ((await r.json().catch(() => null)) as { basic?: { code: number } } | null)?.basic?.code !== 7004,
    { timeout: opts.timeout },
  );
  return (await res.json()) as T;
}

/**
 * Log out from the user menu in the header and wait for the login page. The server answers where
 * to go (SPEC §4: the brand's unified-domain login, else the regional host's, else this host's);
 * the demo seed sets no unified domain and no regional host, so it is this host's /login.
 */
export async function logout(page: Page, locale: Locale = 'en-US'): Promise<URL> {
  // The access token may have expired (20 s in e2e/serve.ts): the client renews it and retries, so
  // the answer that counts is the logout's last, not a 7004 before it.
  const answer = waitForAnswer<{ basic: { code: number }; data: { redirect: string } }>(page, 'auth/logout');
  await openPopup(page, page.getByTestId('user-menu'));
  await page.getByRole('menuitem', { name: TEXT[locale].logout }).click();
  const body = await answer;
  expect(body.basic.code).toBe(200);
  expect(body.data.redirect).toBe('/login');
  await page.waitForURL((url) => url.pathname === '/login');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  return new URL(page.url());
}

/** The session token kept in this tab's sessionStorage, or null when logged out. */
export function sessionToken(page: Page): Promise<string | null> {
  return page.evaluate(() => sessionStorage.getItem('portal.token'));
}

// ---- menus ------------------------------------------------------------------------------------

export function sideMenu(page: Page): Locator {
  return page.getByTestId('side-menu');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Text matching exactly `label` (surrounding white space allowed). */
export function exactText(label: string): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`);
}

/**
 * The side-menu entry (leaf or group title) labelled exactly `label`. Matched on its text: the
 * accessible name also carries the icon's aria-label (e.g. "cloud-upload Cloud Firmware Upgrade").
 */
export function menuItem(page: Page, label: string): Locator {
  return sideMenu(page)
    .getByRole('menuitem')
    .filter({ hasText: exactText(label) });
}

/** The labels of the side menu's top level, in order (groups closed). */
export async function topMenuLabels(page: Page): Promise<string[]> {
  // Top-level entries are the direct children of the menu: leaves are menuitems themselves,
  // groups carry a menuitem title. Children of closed groups are not rendered.
  const items = sideMenu(page).locator(':scope > li');
  const labels: string[] = [];
  for (const li of await items.all()) {
    const own = (await li.getAttribute('role')) === 'menuitem' ? li : li.getByRole('menuitem').first();
    labels.push((await own.innerText()).trim());
  }
  return labels;
}

/** Open a group of the side menu and return the labels of its entries, in order. */
export async function menuGroupLabels(page: Page, group: string): Promise<string[]> {
  const title = menuItem(page, group);
  if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  await expect(title).toHaveAttribute('aria-expanded', 'true');
  const popupId = await title.getAttribute('aria-controls');
  expect(popupId, `menu group "${group}" names its list`).toBeTruthy();
  const list = page.locator(`[id="${popupId}"]`);
  await expect(list).toBeVisible();
  return (await list.getByRole('menuitem').allInnerTexts()).map((s) => s.trim());
}

// ---- language ---------------------------------------------------------------------------------

/** Pick a language from the switch on the login page or in the header. */
export async function switchLocale(page: Page, locale: Locale): Promise<void> {
  await openPopup(page, page.getByTestId('locale-switch'));
  await page.getByRole('menuitemradio', { name: TEXT[locale].languageLabel }).click();
  await expect(page.getByTestId('locale-switch')).toHaveText(new RegExp(TEXT[locale].languageLabel));
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('locale'))).toBe(locale);
}

// ---- popups -----------------------------------------------------------------------------------

/**
 * Click a dropdown, popover or select trigger and wait until its popup has finished its opening motion:
 * a click during the slide-in can press on an entry and release elsewhere, which is no click.
 */
export async function openPopup(page: Page, trigger: Locator): Promise<void> {
  await trigger.click();
  const popup = page
    .locator('.ant-dropdown:visible, .ant-select-dropdown:visible, .ant-popover:visible, .portal-menu-popup:visible')
    .last();
  await expect(popup).toBeVisible();
  await expect(popup).not.toHaveClass(/-(appear|enter)\b/);
}

/** Switch the session's current area with the switcher in the header. */
export async function switchArea(page: Page, area: RegExp): Promise<void> {
  await openPopup(page, page.getByTestId('area-switcher'));
  await page.getByRole('option', { name: area }).click();
}

// ---- toasts -----------------------------------------------------------------------------------

/** Toasts on screen (components/Toaster). */
export function toasts(page: Page): Locator {
  return page.locator('.portal-toast');
}

export function toast(page: Page, text: string | RegExp): Locator {
  return toasts(page).filter({ hasText: text });
}

// ---- API exchanges ----------------------------------------------------------------------------

export interface ApiExchange {
  /** The call path after /v1.0/customer-api/ (e.g. auth/token/renew). */
  path: string;
  /** basic.token the browser sent ('' for public calls). */
  token: string;
  /** basic.code the server answered (200 is success). */
  code: number;
  data: unknown;
}

/**
 * Record every API call of `page` in the order the answers arrive (page.on('response')).
 * `exchanges()` waits for the bodies read so far.
 */
export function recordApi(page: Page) {
  const pending: Promise<ApiExchange | null>[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (!url.pathname.startsWith(API_PREFIX)) return;
    pending.push(
      (async () => {
        try {
          const sent = res.request().postDataJSON() as { basic?: { token?: string } } | null;
          const body = (await res.json()) as { basic: { code: number }; data: unknown };
          return { path: url.pathname.slice(API_PREFIX.length), token: sent?.basic?.token ?? '', code: body.basic.code, data: body.data };
        } catch {
          return null;
        }
      })(),
    );
  });
  return {
    async exchanges(): Promise<ApiExchange[]> {
      return (await Promise.all(pending)).filter((x): x is ApiExchange => x !== null);
    },
    /** Forget what was recorded so far. */
    clear(): void {
      pending.length = 0;
    },
  };
}
