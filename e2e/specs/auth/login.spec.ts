/**
 * Issue #2, item 7 (login part): a wrong password shows how many attempts remain before the lock
 * (SPEC §8 "Login: wrong account or password with remaining attempts before lock; account locked,
 * retry later"). Five failures lock the account for 15 minutes (contract LOGIN_MAX_FAILURES,
 * LOGIN_LOCK_MINUTES).
 *
 * Seeded staff accounts (not the fixed demo accounts) take the failures, so the other specs can
 * keep signing in with the demo accounts.
 */
import { expect, test } from '@playwright/test';
import { PASSWORD, TEXT, login, logout, sessionToken, submitLogin, switchLocale, toast, toasts } from '../../support';

// Seeded staff of Acme Vision and Northwind (tools/seed/demo.ts: first.last@<company mail domain>).
const EMMA = 'emma.clarke@acme.demo.local';
const CHLOE = 'chloe.martin@acme.demo.local';
const JESSICA = 'jessica.nguyen@northwind.demo.local';

test('a wrong password shows the remaining attempts, and the right one still signs in', async ({ page }) => {
  await page.goto('/login');

  await submitLogin(page, EMMA, 'Wrong@12345');
  await expect(toast(page, 'Wrong account or password. 4 attempts left before the account is locked.')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/login');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  expect(await sessionToken(page)).toBeNull();

  await submitLogin(page, EMMA, 'Wrong@54321');
  await expect(toast(page, 'Wrong account or password. 3 attempts left before the account is locked.')).toBeVisible();
  // One toast per error code: the second answer replaces the first.
  await expect(toasts(page).filter({ hasText: 'Wrong account or password.' })).toHaveCount(1);

  await login(page, EMMA, { onLoginPage: true });
  await expect(page.getByTestId('home-role')).toHaveText('Partner · Staff');
});

test('an unknown account gets the same answer as a wrong password', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, 'nobody@acme.demo.local', PASSWORD);
  await expect(toast(page, 'Wrong account or password. 4 attempts left before the account is locked.')).toBeVisible();
});

test('the remaining attempts are shown in Chinese when the page is in zh-CN', async ({ page }) => {
  await page.goto('/login');
  await switchLocale(page, 'zh-CN');
  await submitLogin(page, CHLOE, 'Wrong@12345', 'zh-CN');
  await expect(toast(page, '账号或密码错误，还可尝试 4 次，之后账号将被锁定。')).toBeVisible();
});

test('the fifth failure locks the account; the right password is then refused too', async ({ page }) => {
  await page.goto('/login');
  for (let remaining = 4; remaining >= 1; remaining--) {
    await submitLogin(page, JESSICA, `Wrong@1234${remaining}`);
    await expect(toast(page, `${remaining} ${remaining === 1 ? 'attempt' : 'attempts'} left before the account is locked.`)).toBeVisible();
  }
  await submitLogin(page, JESSICA, 'Wrong@12340');
  const locked = page.getByTestId('login-locked');
  await expect(locked).toHaveText('The account is locked. Please try again in 15 minutes.');

  await submitLogin(page, JESSICA, PASSWORD);
  await expect(locked).toContainText('The account is locked.');
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(await sessionToken(page)).toBeNull();
  await expect(page.getByTestId('login-submit')).toHaveText(TEXT['en-US'].signIn);
});

test('logging out from the user menu ends the session and lands on the login page', async ({ page }) => {
  await login(page, EMMA);
  await page.goto('/layout/logs/operationLog');
  await expect(page.getByTestId('page-title')).toHaveText('Operation Logs');
  await logout(page);
  expect(await sessionToken(page)).toBeNull();
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
});

test('an explicit logout leaves no redirect back to the page the user left', async ({ page }) => {
  // The next person to sign in on this tab must not be sent to the previous user's page.
  await login(page, EMMA);
  await page.goto('/layout/logs/operationLog');
  await expect(page.getByTestId('page-title')).toHaveText('Operation Logs');
  const at = await logout(page);
  await page.waitForTimeout(500);
  expect(new URL(page.url()).search, `after logout at ${at.href}`).toBe('');
});
