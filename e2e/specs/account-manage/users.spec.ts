/**
 * Issue #3 part A (users): a partner owner invites a user, the invitee registers through the e-mailed
 * link and logs in; a distributor is never offered partner-only permissions (the server's refusal of
 * them, 1005, is covered by apps/server/test/api/account-manage/users.test.ts).
 *
 * The e2e server keeps mail in the outbox: the test reads the invitation as the supplier does, in the
 * Mail outbox page (a second browser context).
 */
import { expect, test, type Browser } from '@playwright/test';
import { login, loginAs, logout, toast } from '../../support';

const USERS_PAGE = '/layout/accountManage/usersManage';
const NEW_PASSWORD = 'Invitee#2026';

/** The registration link of the newest mail to `email`, read from the supplier's Mail outbox. */
async function invitationLink(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await loginAs(page, 'supplier');
    await page.goto('/layout/mailOutbox');
    await page.getByLabel('Recipient').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByTestId('mail-outbox-table');
    await expect(table.getByText(email)).toBeVisible();
    await table
      .getByRole('button', { name: /expand/i })
      .first()
      .click();
    await page.getByRole('tab', { name: 'Plain text' }).click();
    const text = (await page.locator('[data-testid^="mail-detail-"] pre').first().textContent()) ?? '';
    const m = text.match(/https?:\/\/[^/\s]+(\/customer\/user-register\/\S+)/);
    expect(m, text).toBeTruthy();
    return m![1];
  } finally {
    await context.close();
  }
}

test('a partner owner invites a user, who registers through the link and logs in', async ({ page, browser }) => {
  const email = `invitee-${Date.now()}@acme.demo.local`;
  await loginAs(page, 'owner');
  await page.goto(USERS_PAGE);
  await expect(page.getByTestId('users-table')).toBeVisible();
  await page.getByTestId('invite-user').click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('E-mail').fill(email);
  await drawer.getByTestId('perm-dealer_account_qry').check();
  await drawer.getByTestId('invite-submit').click();
  await expect(toast(page, `The invitation was sent to ${email}.`)).toBeVisible();
  // The invitee is listed, not registered yet.
  await page.getByLabel('Search users').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByTestId('users-table').locator('tr', { hasText: email });
  await expect(row.getByText('Not registered')).toBeVisible();
  await logout(page);

  const link = await invitationLink(browser, email);
  await page.goto(link);
  await expect(page.getByTestId('user-register-form')).toBeVisible();
  await page.getByLabel('Nickname').fill('Ivy Invitee');
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await expect(page.getByTestId('password-strength')).toHaveAttribute('data-level', '3');
  await page.getByTestId('user-register-submit').click();
  await expect(page.getByText('Registration complete')).toBeVisible();

  // The link works once.
  await page.goto(link);
  await expect(page.getByTestId('register-link-invalid')).toBeVisible();

  await login(page, email, { password: NEW_PASSWORD });
  await expect(page.getByTestId('user-menu')).toContainText('Ivy Invitee');
});

test('a distributor is not offered partner-only permissions and sees only its subtree', async ({ page }) => {
  await loginAs(page, 'distributor');
  await page.goto(USERS_PAGE);
  await page.getByTestId('invite-user').click();
  const editor = page.getByTestId('permission-editor');
  await expect(editor).toBeVisible();
  await expect(editor.getByText('Cloud storage', { exact: true })).toBeVisible();
  await expect(editor.getByText('Cloud firmware upgrade')).toHaveCount(0);
  await expect(editor.getByTestId('perm-dealer_upgrade_qry')).toHaveCount(0);
  await expect(editor.getByTestId('perm-dealer_customizetool_mgr')).toHaveCount(0);

  // Its list holds only its own subtree: none of the partner's users.
  await page.keyboard.press('Escape');
  await page.getByLabel('Search users').fill('owner@acme');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No users match these filters.')).toBeVisible();
});
