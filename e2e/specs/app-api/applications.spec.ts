/**
 * Applications (app-api), in en-US and zh-CN with axe on each screen: Acme's owner creates an
 * application key and sees its secret once, gives it a new secret, disables it; then reads the
 * brand's end users (the demo seed's), freezes one and unfreezes it. Screenshots of both tabs.
 */
import { expect, test, type Page } from '@playwright/test';
import { buttonText, type Locale, loginAs, toast } from '../../support';
import { expectAccessible } from '../../support/axe';

const PAGE = '/layout/appManage/allApp';

const T = {
  'en-US': {
    keysTab: 'Application keys',
    endUsersTab: 'End users',
    createTitle: 'Create an application key',
    create: 'Create',
    once: /shown only this once/,
    copied: 'I have copied it',
    rotate: 'New secret',
    disable: 'Disable',
    disabled: 'Disabled',
    disabledToast: (n: string) => `${n} is disabled.`,
    frozen: 'Frozen',
    searchUsers: 'Search end users',
    search: 'Search',
    freeze: 'Freeze',
    unfreeze: 'Unfreeze',
  },
  'zh-CN': {
    keysTab: '应用密钥',
    endUsersTab: '终端用户',
    createTitle: '创建应用密钥',
    create: '创建',
    once: /只显示这一次/,
    copied: '我已复制',
    rotate: '更换密钥',
    disable: '停用',
    disabled: '已停用',
    disabledToast: (n: string) => `${n} 已停用。`,
    frozen: '已冻结',
    searchUsers: '搜索终端用户',
    search: '查询',
    freeze: '冻结',
    unfreeze: '解冻',
  },
} as const satisfies Record<Locale, Record<string, unknown>>;

async function settle(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .portal-page-spinner')).toHaveCount(0);
  await page.waitForTimeout(300);
}

/** The OK button of the open confirm dialog. */
const confirmOk = (page: Page) => page.locator('.ant-modal-confirm .ant-modal-confirm-btns .ant-btn-primary');

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`applications (${locale})`, () => {
    test.use({ locale, viewport: { width: 1440, height: 900 } });

    test('an application key is created (secret once), rotated and disabled; end users are listed and frozen', async ({ page }) => {
      test.setTimeout(180_000);
      const t = T[locale];
      const name = `E2E app ${locale} ${Date.now()}`;
      await loginAs(page, 'owner', { locale });
      await page.goto(PAGE);
      await expect(page.getByRole('tab', { name: t.keysTab })).toBeVisible();
      await settle(page);
      const table = page.getByTestId('app-keys-table');
      await expect(table.getByText('appacmedemo2026')).toBeVisible();
      await expectAccessible(page, `applications keys ${locale}`);
      await page.screenshot({ path: `test-results/app-api-keys-${locale}.png`, fullPage: true });

      // Create: the secret is in the dialog once.
      await page.getByTestId('create-app-key').click();
      const create = page.getByRole('dialog', { name: t.createTitle });
      await create.getByTestId('app-name').fill(name);
      await create.getByRole('button', { name: buttonText(t.create) }).click();
      const secretDialog = page.getByRole('dialog').filter({ has: page.getByTestId('secret-value') });
      await expect(secretDialog.getByText(t.once)).toBeVisible();
      const secret = (await secretDialog.getByTestId('secret-value').innerText()).trim();
      expect(secret.length).toBeGreaterThanOrEqual(40);
      await expectAccessible(page, `applications secret ${locale}`);
      await page.screenshot({ path: `test-results/app-api-secret-${locale}.png` });
      await secretDialog.getByRole('button', { name: buttonText(t.copied) }).click();
      await expect(secretDialog).toBeHidden();
      // The list shows only the last 4 characters.
      const row = table.locator('tr', { hasText: name });
      await expect(row.getByText(`••••${secret.slice(-4)}`)).toBeVisible();
      await expect(page.getByText(secret)).toHaveCount(0);

      // Rotate: a new secret, shown once.
      await row.getByRole('button', { name: buttonText(t.rotate) }).click();
      await confirmOk(page).click();
      await expect(secretDialog.getByTestId('secret-value')).toBeVisible();
      const rotated = (await secretDialog.getByTestId('secret-value').innerText()).trim();
      expect(rotated).not.toBe(secret);
      await secretDialog.getByRole('button', { name: buttonText(t.copied) }).click();
      await expect(row.getByText(`••••${rotated.slice(-4)}`)).toBeVisible();

      // Disable.
      await row.getByRole('button', { name: buttonText(t.disable) }).click();
      await confirmOk(page).click();
      await expect(toast(page, t.disabledToast(name))).toBeVisible();
      await expect(row.getByText(t.disabled, { exact: true })).toBeVisible();

      // End users of the brand (the demo seed's), freeze and unfreeze one.
      await page.getByRole('tab', { name: t.endUsersTab }).click();
      await settle(page);
      const users = page.getByTestId('end-users-table');
      await expect(users.getByText('user001@acme-app.demo.local')).toBeVisible();
      await expect(users.getByText('northwind-app.demo.local')).toHaveCount(0);
      await expectAccessible(page, `applications end users ${locale}`);
      await page.screenshot({ path: `test-results/app-api-end-users-${locale}.png`, fullPage: true });
      const email = locale === 'en-US' ? 'user002@acme-app.demo.local' : 'user004@acme-app.demo.local';
      await page.getByRole('textbox', { name: t.searchUsers }).fill(email);
      await page.getByRole('button', { name: t.search }).click();
      await settle(page);
      const userRow = users.locator('tr', { hasText: email });
      await userRow.getByRole('button', { name: buttonText(t.freeze) }).click();
      await confirmOk(page).click();
      await expect(userRow.getByText(t.frozen, { exact: true })).toBeVisible();
      await userRow.getByRole('button', { name: buttonText(t.unfreeze) }).click();
      await confirmOk(page).click();
      await expect(userRow.getByRole('button', { name: buttonText(t.freeze) })).toBeVisible();
    });
  });
}
