/**
 * The system module's screens, in en-US and zh-CN, with axe on each: the supplier invites a user
 * (a write the operation log records and a mail the platform sends), then finds that entry in the
 * Operation Logs by filtering on its typed action (and sees a filter that matches nothing say so),
 * reads it as a sentence, opens it to read the request, and reads the invitation in the Mail Outbox, filtered by recipient,
 * once the delivery job has sent it.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Locale, loginAs, toast } from '../../support';
import { expectAccessible } from '../../support/axe';

const USERS_PAGE = '/layout/accountManage/usersManage';
const LOGS_PAGE = '/layout/logs/operationLog';
const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');
const OUTBOX_PAGE = '/layout/mailOutbox';
/** The supplier demo account's nickname (tools/seed/demo.ts), shown as the operator. */
const SUPPLIER_NAME = 'Grace Liu';

/** UI strings of these screens, written out per locale (not read from the app's catalogues). */
const T = {
  'en-US': {
    email: 'E-mail',
    invited: (email: string) => `The invitation was sent to ${email}.`,
    action: 'Action',
    ip: 'IP address',
    invitedUser: 'invited the user',
    request: 'Request data',
    search: 'Search',
    refresh: 'Refresh',
    emptyFiltered: 'Nothing matches these filters. Change or clear them to see more.',
    verify: 'Verify integrity',
    intact: /The log is intact: [\d,]+ sealed entries verified\./,
    success: 'Success',
    recipient: 'Recipient',
    invitationSubject: /invited you/,
    sent: 'Sent',
    plainText: 'Plain text',
  },
  'zh-CN': {
    email: '邮箱',
    invited: (email: string) => `邀请已发送至 ${email}。`,
    action: '操作',
    ip: 'IP 地址',
    invitedUser: '邀请了用户',
    request: '请求数据',
    search: '查询',
    refresh: '刷新',
    emptyFiltered: '没有符合筛选条件的数据。请修改或清除筛选条件后再查看。',
    verify: '校验完整性',
    intact: /日志完整：已校验 [\d,]+ 条封存记录。/,
    success: '成功',
    recipient: '收件人',
    invitationSubject: /邀请您加入/,
    sent: '已发送',
    plainText: '纯文本',
  },
} as const satisfies Record<Locale, Record<string, unknown>>;

/** antd's own label of a row's expand button (Table locale). */
const EXPAND_ROW = /expand row|展开行/i;

/** The page has its data on screen: no spinner, no skeleton, motions over. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .portal-page-spinner')).toHaveCount(0);
  await page.waitForTimeout(300);
}

async function search(page: Page, locale: Locale): Promise<void> {
  // Its name also carries the icon's label ("search Search").
  await page.getByRole('button', { name: T[locale].search }).click();
  await settle(page);
}

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`system (${locale})`, () => {
    // The browser's language picks the portal's.
    test.use({ locale });

    test('an invitation is found in the operation log and its mail in the outbox', async ({ page }) => {
      // Six axe runs besides the journey.
      test.setTimeout(180_000);
      const t = T[locale];
      const email = `system-${locale.toLowerCase()}-${Date.now()}@lumenza.demo.local`;
      await loginAs(page, 'supplier', { locale });
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);

      // The write: the supplier invites a user of its own company.
      await page.goto(USERS_PAGE);
      await page.getByTestId('invite-user').click();
      const drawer = page.getByRole('dialog');
      await drawer.getByLabel(t.email, { exact: true }).fill(email);
      await drawer.getByTestId('perm-dealer_account_qry').check();
      await drawer.getByTestId('invite-submit').click();
      await expect(toast(page, t.invited(email))).toBeVisible();

      // Operation Logs: filtered by the action, the newest entry is this invitation, by the supplier.
      // The screen keeps working at 1366 px.
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(LOGS_PAGE);
      const logs = page.getByTestId('operation-log-table');
      await expect(logs).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} operation log`);
      mkdirSync(SCREENSHOTS, { recursive: true });

      // The table fits 1366 px: no sideways scroll (the Result column in view).
      const scroller = logs.locator('.ant-table-content').first();
      expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

      await page.getByLabel(t.ip, { exact: true }).fill('203.0.113.254');
      await search(page, locale);
      await expect(logs.getByText(t.emptyFiltered)).toBeVisible();
      await expectAccessible(page, `${locale} operation log, nothing matches`);

      // The action filter offers the registry's typed actions.
      await page.getByLabel(t.ip, { exact: true }).fill('');
      await page.getByRole('combobox', { name: t.action, exact: true }).click();
      await page.keyboard.type(t.invitedUser);
      await page.locator('.ant-select-item-option').filter({ hasText: t.invitedUser }).first().click();
      await search(page, locale);
      const rows = logs.locator('tbody tr.ant-table-row');
      await expect(rows.first()).toBeVisible();
      // Every row the filter keeps reads as the invitation's sentence, never a path.
      for (const text of await rows.locator('[data-testid^="log-open-"]').allInnerTexts()) {
        expect(text).toContain(t.invitedUser);
        expect(text).not.toContain('customer/');
      }
      const newest = rows.first();
      await expect(newest).toContainText(SUPPLIER_NAME);
      await expect(newest).toContainText(`${t.invitedUser} ${email}`);
      await expect(newest).toContainText(t.success);
      await newest.locator('[data-testid^="log-open-"]').click();
      const detail = page.locator('[data-testid^="log-detail-"]').first();
      await expect(detail).toBeVisible();
      await expect(detail.getByText(t.request, { exact: true })).toBeVisible();
      await expect(detail).toContainText(email);
      await settle(page);
      await expectAccessible(page, `${locale} operation log, entry opened`);
      await page.screenshot({ path: path.join(SCREENSHOTS, `operation-log-entry-${locale}.png`), animations: 'disabled', caret: 'hide' });
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();

      // The supplier's integrity check: the sealing job has chained the rows; the chain holds.
      await page.getByRole('button', { name: t.verify }).click();
      await expect(page.getByTestId('audit-verify-result')).toContainText(t.intact);
      await settle(page);
      await expectAccessible(page, `${locale} operation log, verified`);
      await page.screenshot({ path: path.join(SCREENSHOTS, `operation-log-${locale}.png`), animations: 'disabled', caret: 'hide' });

      // Mail Outbox: the invitation to that address, sent by the delivery job.
      await page.goto(OUTBOX_PAGE);
      const outbox = page.getByTestId('mail-outbox-table');
      await expect(outbox).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} mail outbox`);

      await page.getByLabel(t.recipient, { exact: true }).fill(email);
      await search(page, locale);
      const mail = outbox.locator('tbody tr.ant-table-row', { hasText: email });
      await expect(mail).toHaveCount(1);
      await expect(mail).toContainText(t.invitationSubject);
      await expect(async () => {
        await page.getByRole('button', { name: t.refresh }).click();
        await expect(mail).toContainText(t.sent, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await mail.getByRole('button', { name: EXPAND_ROW }).click();
      const body = page.locator('[data-testid^="mail-detail-"]').first();
      await expect(body).toBeVisible();
      await settle(page);
      // The mail's own HTML is drawn in a sandboxed frame (no scripts), which axe cannot enter: the
      // screen around it is checked, and the frame is named by the mail's subject.
      await expect(body.locator('iframe[sandbox]')).toHaveAttribute('title', t.invitationSubject);
      await expectAccessible(page, `${locale} mail outbox, mail opened (HTML)`, { exclude: ['iframe[sandbox]'] });
      await body.getByRole('tab', { name: t.plainText }).click();
      await expect(body.locator('pre')).toContainText(/\/customer\/user-register\/\d+\/\d+\/[0-9a-f]{32}\?t=/);
      await expect(body.locator('pre')).toContainText(SUPPLIER_NAME);
      await settle(page);
      await expectAccessible(page, `${locale} mail outbox, mail opened (plain text)`);
    });
  });
}
