/**
 * Issue #2, items 2, 3 and 7 (deep links): the route rules of SPEC §2 in a real browser.
 *
 * - Distributors opening the customization tools, the cloud upgrade index or the cloud (content
 *   site) index are sent to login.
 * - An unknown or hidden route redirects to the first visible top menu (Home for every role: it has
 *   no resource, user-type or distributor rule).
 * - A deep link survives a reload while signed in, and leads to login (and back) when signed out.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, login, loginAs, logout, sessionToken } from '../../support';

test.describe('distributor redirects', () => {
  test('a distributor opening the cloud upgrade index, the customization tools or the cloud index is sent to /login', async ({ page }) => {
    await loginAs(page, 'distributor');
    for (const path of [
      '/layout/cloudUpgrade/cloudUpgradeIndex',
      '/layout/customizeTool',
      '/layout/passwordReset',
      '/layout/cloud/cloudIndex',
    ]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
      await expect(page.getByRole('heading', { name: 'Sign in', exact: true }), `${path} lands on the login page`).toBeVisible();
    }
  });

  test('the same pages open for a partner owner (the rule is for distributors only)', async ({ page }) => {
    await loginAs(page, 'owner');
    for (const [path, title] of [
      ['/layout/cloudUpgrade/cloudUpgradeIndex', 'Firmware and Releases'],
      ['/layout/customizeTool', 'Device Customization Tool'],
      ['/layout/cloud/cloudIndex', 'Site Overview'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId('page-title')).toHaveText(title);
      expect(new URL(page.url()).pathname).toBe(path);
    }
  });

  test('a distributor opening a page hidden by its area goes to the first visible top menu, not to login', async ({ page }) => {
    await loginAs(page, 'distributor');
    // Points mall is on the DDC hidden list; applications are hidden for distributors.
    for (const path of ['/layout/pointMall', '/layout/appManage/allApp']) {
      await page.goto(path);
      await page.waitForURL('**/layout/home');
      await expect(page.getByTestId('page-title')).toHaveText('Home');
    }
  });

  test('cloudIndex falls back to the product set without cloud-resource authority (partner admin)', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/layout/cloud/cloudIndex');
    await page.waitForURL('**/layout/cloud/productSet');
    await expect(page.getByTestId('page-title')).toHaveText('Product Set');
  });
});

test.describe('unknown routes', () => {
  test('/layout/does-not-exist goes to the first visible top menu', async ({ page }) => {
    await loginAs(page, 'owner');
    await page.goto('/layout/does-not-exist');
    await page.waitForURL('**/layout/home');
    await expect(page.getByTestId('page-title')).toHaveText('Home');

    // Also below a known group, and outside the layout.
    await page.goto('/layout/cloudUpgrade/nope');
    await page.waitForURL('**/layout/home');
    await page.goto('/no-such-page');
    await page.waitForURL('**/layout/home');
  });

  test('a route the user may not open (mail outbox, partner owner) goes to the first visible top menu', async ({ page }) => {
    await loginAs(page, 'owner');
    await page.goto('/layout/mailOutbox');
    await page.waitForURL('**/layout/home');
    await expect(page.getByTestId('page-title')).toHaveText('Home');
  });

  test('signed out, an unknown layout route goes to login', async ({ page }) => {
    await page.goto('/layout/does-not-exist');
    await page.waitForURL((url) => url.pathname === '/login');
  });
});

test.describe('deep links', () => {
  const USERS = '/layout/accountManage/usersManage';

  test('reloading a deep link while signed in stays on the page', async ({ page }) => {
    await loginAs(page, 'owner');
    await page.goto(USERS);
    await expect(page.getByTestId('page-title')).toHaveText('Users');
    await page.reload();
    expect(new URL(page.url()).pathname).toBe(USERS);
    await expect(page.getByTestId('page-title')).toHaveText('Users');
    await expect(page.getByRole('navigation').getByText('Accounts and Permissions')).toBeVisible();
    // The menu shows where we are: the group is open and its entry selected.
    await expect(page.getByTestId('side-menu').locator('.ant-menu-item-selected')).toHaveText('Users');
  });

  test('a deep link while signed out goes to login, and signing in comes back to it', async ({ page }) => {
    await page.goto(USERS);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(USERS);
    expect(await sessionToken(page)).toBeNull();

    await login(page, ACCOUNTS.owner, { onLoginPage: true, landOn: `**${USERS}` });
    await expect(page.getByTestId('page-title')).toHaveText('Users');

    // After logging out from the user menu, the deep link (and its reload) leads to login again.
    await logout(page);
    expect(await sessionToken(page)).toBeNull();
    await page.goto(USERS);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  });
});
