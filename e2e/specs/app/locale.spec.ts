/**
 * Issue #2, item 4: switching the language on the login page and in the layout. The choice is kept
 * in sessionStorage ('locale'), so it survives a reload of the tab (SPEC §1: session storage, else
 * the browser language, en-US as fallback).
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, TEXT, buttonText, login, logout, menuItem, switchLocale, topMenuLabels } from '../../support';

const storedLocale = (page: import('@playwright/test').Page) => page.evaluate(() => sessionStorage.getItem('locale'));

test.describe('on the login page', () => {
  test('switches to zh-CN, keeps it across a reload, and back to en-US', async ({ page }) => {
    await page.goto('/login');
    const submit = page.getByTestId('login-submit');
    await expect(submit).toHaveText('Sign in');
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();

    await switchLocale(page, 'zh-CN');
    await expect(submit).toHaveText(buttonText('登录'));
    await expect(page.getByRole('heading', { name: '账号登录' })).toBeVisible();
    await expect(page.getByLabel('账号（邮箱）')).toBeVisible();
    await expect(page.getByRole('link', { name: '忘记密码？' }).or(page.getByRole('link', { name: /忘记密码/ }))).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    expect(await storedLocale(page)).toBe('zh-CN');

    await page.reload();
    await expect(submit).toHaveText(buttonText('登录'));
    await expect(page.getByTestId('locale-switch')).toHaveText(/简体中文/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

    await switchLocale(page, 'en-US');
    await expect(submit).toHaveText('Sign in');
    await expect(page.getByLabel('Account (e-mail)')).toBeVisible();
    await page.reload();
    await expect(submit).toHaveText('Sign in');
    expect(await storedLocale(page)).toBe('en-US');
  });

  test('a field error follows the language', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('login-submit').click();
    await expect(page.getByLabel('Account (e-mail)')).toHaveAttribute('aria-invalid', 'true');
    const accountError = page.locator('#login-account-error');
    await expect(accountError).toHaveText(/\S/);
    const en = (await accountError.innerText()).trim();
    expect(en.length).toBeGreaterThan(0);
    await switchLocale(page, 'zh-CN');
    await expect(accountError).not.toHaveText(en);
    await expect(accountError).toHaveText(/[\u4e00-\u9fff]/);
  });

  test('the language picked before signing in carries into the layout', async ({ page }) => {
    await page.goto('/login');
    await switchLocale(page, 'zh-CN');
    await login(page, ACCOUNTS.owner, { locale: 'zh-CN', onLoginPage: true });
    await expect(page.getByTestId('page-title')).toHaveText('首页');
    await expect(menuItem(page, '固件云升级')).toBeVisible();
  });
});

test.describe('with a Chinese browser', () => {
  test.use({ locale: 'zh-CN' });

  test('the login page starts in zh-CN when nothing is stored', async ({ page }) => {
    await page.goto('/login');
    expect(await storedLocale(page)).toBeNull();
    await expect(page.getByTestId('login-submit')).toHaveText(buttonText('登录'));
    await expect(page.getByTestId('locale-switch')).toHaveText(/简体中文/);
  });
});

test.describe('in the layout', () => {
  test('switches the menus, page title and header to zh-CN, and keeps them across a reload', async ({ page }) => {
    await login(page, ACCOUNTS.owner);
    await expect(page.getByTestId('page-title')).toHaveText('Home');
    await expect(menuItem(page, 'Cloud Firmware Upgrade')).toBeVisible();

    await switchLocale(page, 'zh-CN');
    const zhMenu = [
      '首页',
      '数据统计',
      '固件云升级',
      '云存储',
      '云VMS',
      '许可证',
      '账号与权限',
      '应用管理',
      '管理工具',
      '设备定制工具',
      '设备密码重置工具',
      '内容站点',
      '消息中心',
      '积分商城',
      '收款设置',
      '设置',
      '日志',
    ];
    await expect.poll(() => topMenuLabels(page)).toEqual(zhMenu);
    await expect(page.getByTestId('page-title')).toHaveText('首页');
    await expect(page.getByTestId('home-role')).toHaveText('合作伙伴 · 所有者');
    await expect(page.getByText('快捷入口')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('page-title')).toHaveText('首页');
    expect(await topMenuLabels(page)).toEqual(zhMenu);
    expect(await storedLocale(page)).toBe('zh-CN');

    // Logging out keeps the language of this tab: the login page is in Chinese too.
    await logout(page, 'zh-CN');
    await expect(page.getByTestId('login-submit')).toHaveText(buttonText(TEXT['zh-CN'].signIn));
  });
});
