/**
 * A permission change read back in the operation log (issue 15 §5), in en-US and zh-CN with axe and
 * screenshots: Acme's owner invites a user with one permission, then edits the user's role in
 * Accounts and Permissions (one more permission); in Logs > Operation Logs, filtered by that typed
 * action, the newest entry reads as a sentence naming the user (never a path or an #id) and, opened,
 * shows the changed field "Permissions (role)" with its before and after.
 */
import { expect, test, type Page } from '@playwright/test';
import { buttonText, type Locale, loginAs } from '../../support';
import { expectAccessible } from '../../support/axe';

const USERS_PAGE = '/layout/accountManage/usersManage';
const LOGS_PAGE = '/layout/logs/operationLog';

const T = {
  'en-US': {
    email: 'E-mail',
    searchUsers: 'Search users',
    search: 'Search',
    edit: 'Edit',
    action: 'Action',
    changedRole: 'changed the role and details of',
    permissions: 'Permissions (role)',
    changes: 'Changed fields',
  },
  'zh-CN': {
    email: '邮箱',
    searchUsers: '搜索用户',
    search: '查询',
    edit: '编辑',
    action: '操作',
    changedRole: '的角色和资料',
    permissions: '权限（角色）',
    changes: '变更字段',
  },
} as const;

async function settle(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .portal-page-spinner')).toHaveCount(0);
  await page.waitForTimeout(300);
}

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`permission change in the operation log (${locale})`, () => {
    test.use({ locale, viewport: { width: 1440, height: 900 } });

    test('a role edited in Accounts and Permissions reads as a sentence and a field diff', async ({ page }) => {
      test.setTimeout(180_000);
      const t = T[locale];
      const email = `perm-${locale.toLowerCase()}-${Date.now()}@acme.demo.local`;
      await loginAs(page, 'owner', { locale });
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);

      // A user with one permission.
      await page.goto(USERS_PAGE);
      await page.getByTestId('invite-user').click();
      const invite = page.getByRole('dialog');
      await invite.getByLabel(t.email, { exact: true }).fill(email);
      await invite.getByTestId('perm-dealer_account_qry').check();
      await invite.getByTestId('invite-submit').click();
      // Sent: the drawer closes (its toast may come and go before a busy machine looks).
      await expect(invite).toBeHidden({ timeout: 30_000 });

      // Its role gains the device statistics' permission.
      await page.getByLabel(t.searchUsers).fill(email);
      await page.getByRole('button', { name: buttonText(t.search) }).click();
      const row = page.getByTestId('users-table').locator('tr', { hasText: email });
      await row.getByRole('button', { name: buttonText(t.edit) }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByTestId('perm-dealer_device_qry').check();
      await settle(page);
      await expectAccessible(page, `${locale} user's role being edited`);
      await page.screenshot({ path: test.info().outputPath(`role-edit-${locale}.png`), fullPage: true });
      await drawer.getByTestId('edit-submit').click();
      await expect(drawer).toBeHidden({ timeout: 30_000 });

      // Operation Logs, filtered by the typed action: the newest entry is this change.
      await page.goto(LOGS_PAGE);
      const logs = page.getByTestId('operation-log-table');
      await expect(logs).toBeVisible();
      await page.getByRole('combobox', { name: t.action, exact: true }).click();
      await page.keyboard.type(t.changedRole);
      await page.locator('.ant-select-item-option').filter({ hasText: t.changedRole }).first().click();
      await page.getByRole('button', { name: t.search }).click();
      await settle(page);
      const newest = logs.locator('tbody tr.ant-table-row').first();
      const sentence = newest.locator('[data-testid^="log-open-"]');
      await expect(sentence).toContainText(t.changedRole);
      // The user by its name (an invited user's nickname is its e-mail's local part until it registers).
      await expect(sentence).toContainText(email.split('@')[0]!);
      expect(await sentence.innerText()).not.toMatch(/customer\/|#\d/);
      await expectAccessible(page, `${locale} operation log, the role change`);

      // Opened: the sentence and the changed field with before and after.
      await sentence.click();
      const detail = page.locator('[data-testid^="log-detail-"]').first();
      await expect(detail.getByTestId('log-sentence')).toContainText(email.split('@')[0]!);
      const diff = detail.getByTestId('log-diff');
      await expect(diff).toBeVisible();
      await expect(diff).toHaveAttribute('aria-label', t.changes);
      const field = diff.locator('tbody tr', { hasText: t.permissions });
      await expect(field).toHaveCount(1);
      const [before, after] = await field.locator('td').allInnerTexts();
      expect(before).not.toBe(after);
      expect(after!.length).toBeGreaterThan(before!.length);
      await settle(page);
      await expectAccessible(page, `${locale} operation log, the role change opened`);
      await page.screenshot({ path: test.info().outputPath(`role-change-log-${locale}.png`), fullPage: true });
    });
  });
}
