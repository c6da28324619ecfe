/**
 * Issue #2, items 5 and 6: the session in a real browser against the real server.
 *
 * - 7004 renewal: e2e/serve.ts starts the server with ACCESS_TOKEN_TTL_SECONDS=20, so an access token
 *   really expires after 20 s. The next call answers 7004; the browser renews once with its renewal
 *   token (auth/token/renew) and retries the call with the new token (SPEC §8), without a trip to
 *   the login page.
 * - Idle logout: after more than 2 hours without activity (checked every 30 s) the user is logged
 *   out and sees the message of error 7009 (SPEC §4 Session). The browser clock is faked with
 *   page.clock; the server clock is real, so nothing here calls the server after the jump.
 */
import { type Page, expect, test } from '@playwright/test';
import {
  ACCOUNTS,
  type ApiExchange,
  loginAs,
  login,
  menuItem,
  recordApi,
  sessionToken,
  switchArea,
  switchLocale,
  toast,
} from '../../support';

/**
 * The header's unread-message badge polls the server every 10 s (message centre). These tests
 * follow one page's calls and fake the browser clock, so the poll is kept from the server here: it
 * would be the call that meets an expired token first, and after a clock jump its request time
 * would be hours off the server's (9102, which ends the session).
 */
async function holdBadgePoll(page: Page): Promise<void> {
  await page.route('**/message/inbox/unread', (route) => route.abort());
}

/**
 * Before the browser clock jumps: the page has drawn and made its calls. A call still on its way
 * would be signed with the jumped time, hours off the server's (9102).
 */
async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('page-title')).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** Access-token lifetime set by e2e/serve.ts, plus a margin. */
const TOKEN_TTL_MS = 20_000;
const PAST_TTL_MS = TOKEN_TTL_MS + 1_500;

/** The exchanges for `path` and the renewal, in order. */
function renewalTrail(all: ApiExchange[], path: string): Array<Pick<ApiExchange, 'path' | 'code'>> {
  return all.filter((x) => x.path === path || x.path === 'auth/token/renew').map(({ path: p, code }) => ({ path: p, code }));
}

test.describe('token renewal (7004)', () => {
  // One wait past the token lifetime serves two sessions (two browser contexts, signed in at the
  // same time): a query (the operation logs) and a call that changes the session (area switch).
  test('an expired token is renewed once and the call retried: data loads and the area switches, without going back to login', async ({
    page,
    browser,
  }) => {
    test.setTimeout(75_000);
    await holdBadgePoll(page);
    await loginAs(page, 'owner');
    const firstToken = await sessionToken(page);
    expect(firstToken).toBeTruthy();

    const dealerContext = await browser.newContext();
    const dealer = await dealerContext.newPage();
    await holdBadgePoll(dealer);
    await loginAs(dealer, 'distributor');
    await expect(dealer.getByTestId('home-area')).toHaveText('Europe (Frankfurt)');
    const dealerToken = await sessionToken(dealer);

    const api = recordApi(page);
    const dealerApi = recordApi(dealer);
    await page.waitForTimeout(PAST_TTL_MS);

    // 1. Open a page that loads data through the side menu (no reload: the client's own renewal path).
    await menuItem(page, 'Logs').click();
    await menuItem(page, 'Operation Logs').click();
    await page.waitForURL('**/layout/logs/operationLog');
    await expect(page.getByTestId('page-title')).toHaveText('Operation Logs');
    const table = page.getByTestId('operation-log-table');
    await expect(table.getByRole('columnheader', { name: 'Action' })).toBeVisible();
    // The table shows its empty state while it loads too: wait for the answers, then for the spinner.
    await expect
      .poll(async () => renewalTrail(await api.exchanges(), 'insight/operation-log/search'))
      .toEqual([
        { path: 'insight/operation-log/search', code: 7004 },
        { path: 'auth/token/renew', code: 200 },
        { path: 'insight/operation-log/search', code: 200 },
      ]);
    await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
    const all = await api.exchanges();
    const [expired, , retried] = all.filter((x) => x.path === 'insight/operation-log/search' || x.path === 'auth/token/renew');
    // What the retried call answered is on screen: the rows (other specs may have written some), or
    // the empty state on a fresh seed.
    const { records } = retried.data as { records: Array<{ actorName: string }> };
    if (records.length) {
      await expect(table.locator('.ant-table-row')).toHaveCount(records.length);
      // Each row reads as its sentence, which names the actor.
      await expect(table.locator('.ant-table-row').first()).toContainText(records[0].actorName);
    } else {
      await expect(table.locator('.ant-empty-description')).toHaveText('No data');
    }
    const newToken = await sessionToken(page);
    expect(expired.token).toBe(firstToken);
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(firstToken);
    expect(retried.token).toBe(newToken);
    expect(retried.data).toMatchObject({ records: expect.any(Array), total: expect.any(Number) });

    // Still signed in, no error toast, and the new token works without another renewal.
    expect(new URL(page.url()).pathname).toBe('/layout/logs/operationLog');
    await expect(page.locator('.portal-toast-error')).toHaveCount(0);
    api.clear();
    await page.getByRole('button', { name: 'Refresh' }).click();
    // (The header's badges may ask too, on a live event: only the page's call and renewals count here.)
    const ownCalls = async () =>
      (await api.exchanges())
        .filter((x) => x.path === 'insight/operation-log/search' || x.path === 'auth/token/renew')
        .map((x) => `${x.path} ${x.code}`);
    await expect.poll(ownCalls).toEqual(['insight/operation-log/search 200']);

    // 2. The distributor's token expired too: switching to the RDC is renewed, retried and takes effect
    //    (the RDC has no hidden menus, so the points mall appears).
    await switchArea(dealer, /Global \(RDC\)/);
    await expect(toast(dealer, 'Switched to Global (RDC).')).toBeVisible();
    await expect(dealer.getByTestId('home-area')).toHaveText('Global (RDC)');
    await expect(menuItem(dealer, 'Points Mall')).toHaveCount(1);
    await expect
      .poll(async () => renewalTrail(await dealerApi.exchanges(), 'auth/area/switch'))
      .toEqual([
        { path: 'auth/area/switch', code: 7004 },
        { path: 'auth/token/renew', code: 200 },
        { path: 'auth/area/switch', code: 200 },
      ]);
    const dealerAll = await dealerApi.exchanges();
    expect(dealerAll.find((x) => x.path === 'auth/area/switch')?.token).toBe(dealerToken);
    expect(new URL(dealer.url()).pathname).toBe('/layout/home');
    expect(await sessionToken(dealer)).not.toBe(dealerToken);
    await dealerContext.close();
  });
});

test.describe('a renewal whose answer was lost (RENEWAL_GRACE_MS)', () => {
  // The renewal reaches the server, which rotates token, renewal token and signing key, but the page
  // reloads before the answer arrives: the tab still holds the previous ones. The server answers
  // 7004 (not 7003) to the previous token and renews again with the previous renewal token.
  test('the page reloaded mid-renewal renews again with what it holds and stays signed in', async ({ page }) => {
    test.setTimeout(75_000);
    await holdBadgePoll(page);
    await loginAs(page, 'owner');
    const firstToken = await sessionToken(page);
    expect(firstToken).toBeTruthy();
    await page.waitForTimeout(PAST_TTL_MS);

    let lostToken = '';
    let reachedServer!: () => void;
    const reached = new Promise<void>((r) => (reachedServer = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    await page.route(
      '**/auth/token/renew',
      async (route) => {
        // The server answers (and has rotated the tokens); the browser never sees the answer.
        const answer = await route.fetch();
        lostToken = ((await answer.json()) as { data?: { token?: string } }).data?.token ?? '';
        reachedServer();
        await released;
        await route.abort().catch(() => undefined);
      },
      { times: 1 },
    );
    await menuItem(page, 'Logs').click();
    await menuItem(page, 'Operation Logs').click();
    await page.waitForURL('**/layout/logs/operationLog');
    await reached;
    expect(lostToken).toBeTruthy();
    expect(await sessionToken(page)).toBe(firstToken);

    const api = recordApi(page);
    await page.reload();
    release();
    await expect(page.getByTestId('page-title')).toHaveText('Operation Logs');
    await expect
      .poll(async () => renewalTrail(await api.exchanges(), 'insight/operation-log/search').filter((x) => x.code === 200))
      .toEqual([
        { path: 'auth/token/renew', code: 200 },
        { path: 'insight/operation-log/search', code: 200 },
      ]);
    const all = await api.exchanges();
    // The calls with the previous token were told to renew (7004), never that the login is invalid.
    expect(all.some((x) => x.token === firstToken)).toBe(true);
    expect(all.filter((x) => x.token === firstToken && x.code !== 7004)).toEqual([]);
    expect(all.filter((x) => x.code === 7003 || x.code === 7023)).toEqual([]);
    const newToken = await sessionToken(page);
    expect(newToken).toBeTruthy();
    expect(newToken).not.toBe(firstToken);
    expect(newToken).not.toBe(lostToken);
    expect(new URL(page.url()).pathname).toBe('/layout/logs/operationLog');
    await expect(page.locator('.portal-toast-error')).toHaveCount(0);
  });
});

test.describe('idle logout (7009)', () => {
  const IDLE = '02:00:31'; // more than IDLE_TIMEOUT_MS (2 h), so the 30-second check fires past it

  test('after more than 2 hours without activity the user is logged out with the 7009 message', async ({ page }) => {
    await page.clock.install();
    await holdBadgePoll(page);
    await loginAs(page, 'owner');
    await page.goto('/layout/logs/operationLog');
    await expect(page.getByTestId('page-title')).toHaveText('Operation Logs');
    await settled(page);

    // Not yet: just under the limit nothing happens.
    await page.clock.fastForward('01:59:00');
    await expect(page.getByTestId('page-title')).toHaveText('Operation Logs');
    expect(await sessionToken(page)).toBeTruthy();

    await page.clock.fastForward('00:01:31');
    await page.waitForURL((url) => url.pathname === '/login');
    await expect(toast(page, 'You have been inactive for too long. Please log in again.')).toBeVisible();
    expect(await sessionToken(page)).toBeNull();
    // The login page offers to come back to where the user was.
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/layout/logs/operationLog');
  });

  test('the 7009 message is localized (zh-CN)', async ({ page }) => {
    await page.clock.install();
    await holdBadgePoll(page);
    await page.goto('/login');
    await switchLocale(page, 'zh-CN');
    await login(page, ACCOUNTS.installer, { locale: 'zh-CN', onLoginPage: true });
    await settled(page);
    await page.clock.fastForward(IDLE);
    await page.waitForURL((url) => url.pathname === '/login');
    await expect(toast(page, '长时间未操作，请重新登录。')).toBeVisible();
    expect(await sessionToken(page)).toBeNull();
  });

  test('activity keeps the session alive', async ({ page }) => {
    await page.clock.install();
    await holdBadgePoll(page);
    await loginAs(page, 'customer');
    await expect(page.getByTestId('home-role')).toBeVisible();
    await settled(page);
    await page.clock.fastForward('01:30:00');
    // Any mouse or keyboard activity counts (written at most once a second).
    await page.mouse.move(400, 400);
    await page.mouse.move(420, 410);
    await page.clock.fastForward('01:00:00');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/layout/home');
    expect(await sessionToken(page)).toBeTruthy();
  });
});
