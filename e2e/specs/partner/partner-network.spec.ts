/**
 * The partner network end to end: a partner invites an installer, the invitation is read from the
 * SMTP server e2e/serve.ts runs, the installer registers through the link (which then works no
 * more) and logs in; remote access is refused while the installer's switch is off, works once it
 * is on (banner with both identities; the visit's account dialog offers the profile only, not the
 * e-mail, password or deletion the installer's own session is offered), and ends when the switch
 * goes off again.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNTS, buttonText, login, openPopup, switchLocale, toast } from '../../support';

const MAIL_LOG = path.join(os.tmpdir(), `portal-e2e-mail-${process.env.E2E_PORT ?? '8181'}.jsonl`);
const NEW_PASSWORD = 'Instal1er#2026';

/** Undo quoted-printable soft line breaks and '=' escapes, enough to read a link from a raw message. */
function decodeQp(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
}

async function invitationPath(to: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        const lines = readFileSync(MAIL_LOG, 'utf8').split('\n').filter(Boolean);
        for (const line of lines.reverse()) {
          const m = JSON.parse(line) as { to: string[]; raw: string };
          if (!m.to.includes(to)) continue;
          const link = /https?:\/\/[^/\s"<>]+(\/customer\/company-register\/\d+\/[0-9a-f]{64})/.exec(decodeQp(m.raw));
          if (link) found = link[1];
          return found;
        }
        return '';
      },
      { timeout: 15_000, message: `invitation mail to ${to}` },
    )
    .not.toBe('');
  return found;
}

async function openDownstream(page: Page) {
  await page.goto('/layout/accountManage/downstreamCompany');
  await expect(page.getByTestId('company-table')).toBeVisible();
}

async function openCompany(page: Page, name: string) {
  await openDownstream(page);
  await page.getByTestId('company-search').fill(name);
  await page.getByTestId('company-search').press('Enter');
  await page.getByTestId('company-table').getByText(name, { exact: true }).first().click();
  await expect(page.getByTestId('company-drawer')).toBeVisible();
}

/** The tabs of the account dialog (user menu, then Account information) and whether the holder-only note shows. */
async function accountDialogTabs(page: Page, menuLabel = 'Account information') {
  await openPopup(page, page.getByTestId('user-menu'));
  await page.getByRole('menuitem', { name: menuLabel }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab').first()).toBeVisible();
  // The tabs of what the server offers appear once the account's answer is in.
  await expect(dialog.getByRole('tab', { name: /Profile|基本资料/ })).toBeVisible();
  const tabs = (await dialog.getByRole('tab').allInnerTexts()).map((s) => s.trim());
  const note = await dialog
    .getByTestId('account-holder-only')
    .textContent({ timeout: 1000 })
    .catch(() => null);
  await dialog.getByRole('button', { name: /Close|关闭/ }).click();
  await expect(dialog).toBeHidden();
  return { tabs, note };
}

async function setRemoteSwitch(page: Page, on: boolean) {
  await page.goto('/layout/setting/corpInfo');
  const sw = page.getByTestId('remote-access-switch');
  await expect(sw).toBeVisible();
  await expect(sw).toHaveAttribute('aria-checked', String(!on));
  await sw.click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: buttonText('OK') })
    .click();
  await expect(sw).toHaveAttribute('aria-checked', String(on));
}

test.describe.configure({ mode: 'serial' });

test.describe('partner network', () => {
  const stamp = Date.now();
  const email = `installer.${stamp}@e2e.test`;
  const company = `E2E Installers ${stamp}`;
  let linkPath = '';

  test('a partner invites an installer, who registers through the e-mailed link once and logs in', async ({ page, browser }) => {
    await login(page, ACCOUNTS.owner);
    await openDownstream(page);
    await page.getByTestId('invite-button').click();
    const form = page.getByTestId('invite-form');
    await form.getByText('Installer', { exact: true }).click();
    await form.getByLabel('Company name').fill(company);
    await form.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toast(page, `Invitation sent to ${email}.`)).toBeVisible();

    // Listed as not activated, with the invitation's link state in the drawer.
    await openCompany(page, company);
    await expect(page.getByTestId('company-drawer').getByText('Not activated')).toBeVisible();
    await expect(page.getByTestId('company-drawer').getByText('Link valid')).toBeVisible();

    linkPath = await invitationPath(email);
    const ctx = await browser.newContext();
    const invitee = await ctx.newPage();
    await invitee.goto(linkPath);
    const reg = invitee.getByTestId('invite-register-form');
    await expect(reg).toBeVisible();
    await expect(invitee.getByTestId('invite-email')).toHaveValue(email);
    await expect(reg.getByLabel('Company name')).toHaveValue(company);
    await reg.getByLabel('Your name').fill('Ivy Installer');
    await reg.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await reg.getByLabel('Confirm password').fill('Mismatch#123');
    await invitee.getByTestId('invite-register-submit').click();
    await expect(invitee.getByText('The two passwords do not match.')).toBeVisible();
    await reg.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await invitee.getByTestId('invite-register-submit').click();
    await expect(invitee.getByTestId('register-done')).toContainText('Registration complete');

    // The link works once.
    await invitee.goto(linkPath);
    await expect(invitee.getByTestId('link-used')).toContainText('This invitation was already used');
    // A tampered link is refused plainly.
    await invitee.goto(linkPath.replace(/[0-9a-f]$/, (c) => (c === '0' ? '1' : '0')));
    await expect(invitee.getByTestId('link-invalid')).toContainText('This link is not valid');

    await login(invitee, email, { password: NEW_PASSWORD });
    await expect(invitee.getByTestId('user-menu')).toContainText('Ivy Installer');
    await ctx.close();
  });

  test('remote access is refused while the switch is off, works once it is on, and ends when it goes off', async ({ page, browser }) => {
    // Off (the default): the partner gets no remote-access action.
    await login(page, ACCOUNTS.owner);
    await openCompany(page, company);
    await expect(page.getByTestId('company-drawer').getByText('Activated', { exact: true })).toBeVisible();
    await expect(page.getByTestId('remote-access-button')).toHaveCount(0);

    // The installer allows superior access.
    const instCtx = await browser.newContext();
    const installer = await instCtx.newPage();
    await login(installer, email, { password: NEW_PASSWORD });
    await setRemoteSwitch(installer, true);

    // The partner creates a one-time link and opens it in a fresh tab.
    await openCompany(page, company);
    await page.getByTestId('remote-access-button').click();
    const url = await page.getByTestId('remote-link').inputValue();
    expect(url).toMatch(/\/remote-access-login\/\d+\/[^/]+\/\d+$/);
    const remoteCtx = await browser.newContext();
    const remote = await remoteCtx.newPage();
    await remote.goto(new URL(url).pathname);
    await expect(remote.getByTestId('remote-access-banner')).toBeVisible({ timeout: 15_000 });
    await expect(remote.getByTestId('remote-access-banner')).toContainText('Ivy Installer');
    // The visit may fix the profile, never the account's credentials (the server offers no such tab).
    expect(await accountDialogTabs(remote)).toEqual({
      tabs: ['Overview', 'Profile'],
      note: 'Only the account holder can bind another e-mail, change the password or delete the account (not during remote access).',
    });
    await switchLocale(remote, 'zh-CN');
    expect(await accountDialogTabs(remote, '账号信息')).toEqual({
      tabs: ['概览', '基本资料'],
      note: '只有账号本人可以绑定其他邮箱、修改密码或注销账号（远程访问期间不可操作）。',
    });
    expect(await accountDialogTabs(installer)).toEqual({
      tabs: ['Overview', 'Profile', 'E-mail', 'Password', 'Delete account'],
      note: null,
    });
    // The link cannot be used twice.
    const again = await remoteCtx.newPage();
    await again.goto(new URL(url).pathname);
    await expect(again.getByTestId('remote-login-failed')).toBeVisible();

    // The installer withdraws access: the remote session ends on its next call.
    await setRemoteSwitch(installer, false);
    await remote.goto('/layout/setting/corpInfo');
    await remote.waitForURL((u) => u.pathname === '/login');
    await openCompany(page, company);
    await expect(page.getByTestId('remote-access-button')).toHaveCount(0);
    await Promise.all([instCtx.close(), remoteCtx.close()]);
  });
});
