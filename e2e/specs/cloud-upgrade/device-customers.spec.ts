/**
 * Devices' downstream customer (issue 15 §1), in en-US and zh-CN with axe: the brand's owner selects
 * devices in the device list and assigns them to a company below its own in one call; the list then
 * shows that customer (the Customer column). Screenshots go to test-results.
 */
import { expect, test } from '@playwright/test';
import { type Locale, loginAs, switchArea, toast, waitForAnswer } from '../../support';
import { expectAccessible } from '../../support/axe';

const DEVICES_PAGE = '/layout/cloudUpgrade/upgradeDevices';

const T = {
  'en-US': {
    assign: /Assign customer/,
    dialog: /Assign 2 devices to a customer/,
    customer: 'Customer',
    submit: 'Assign',
    done: '2 devices assigned.',
    search: 'Harbor',
    company: 'Harbor Logistics GmbH',
  },
  'zh-CN': {
    assign: /分配客户/,
    dialog: /将 2 台设备分配给客户/,
    customer: '客户',
    submit: '分配',
    done: '已分配 2 台设备。',
    search: 'Brightline',
    company: 'Brightline Installations GmbH',
  },
} as const satisfies Record<Locale, Record<string, unknown>>;

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`device customers (${locale})`, () => {
    // Wide enough for the Customer column (shown by default from 1600 px).
    test.use({ locale, viewport: { width: 1680, height: 900 } });

    test('selects devices in the list and assigns them to a customer', async ({ page }) => {
      test.setTimeout(90_000);
      const t = T[locale];
      await loginAs(page, 'owner', { locale });
      // The demo fleet is not in the owner's default data centre: the RDC sees every area.
      await switchArea(page, /\(RDC\)/);
      await page.goto(DEVICES_PAGE);
      const table = page.getByTestId('devices-table');
      const rows = table.locator('tbody tr.ant-table-row');
      // The first list after a fresh start can take a while on a loaded machine.
      await expect(rows.first()).toBeVisible({ timeout: 30_000 });
      // The two newest devices of the list (a locale its own pair: the second page's first two in zh-CN).
      const pick = locale === 'en-US' ? [0, 1] : [2, 3];
      const sns: string[] = [];
      for (const i of pick) {
        const row = rows.nth(i);
        sns.push((await row.locator('td').nth(1).innerText()).trim());
        await row.getByRole('checkbox').check();
      }
      const button = page.getByTestId('assign-customer');
      await expect(button).toBeEnabled();
      await button.click();
      const dialog = page.getByRole('dialog', { name: t.dialog });
      await expect(dialog).toBeVisible();
      const select = dialog.getByRole('combobox', { name: t.customer });
      await select.click();
      // Pick from the answer to the name typed (the picker shows no other search's companies), by the
      // company's own name: another company's label names it as its parent ("Harbor Logistics GmbH
      // (Brightline Installations GmbH)").
      const searched = waitForAnswer(page, 'device/customer/options', { request: (body) => body.includes(`"searchText":"${t.search}"`) });
      await select.fill(t.search);
      await searched;
      const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${t.company}`) });
      await expect(option).toHaveCount(1);
      await option.click();
      await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
      await expect(dialog.getByTestId('assign-customer-submit')).toBeEnabled();
      await expectAccessible(page, `${locale} assign customer dialog`);
      await page.screenshot({ path: test.info().outputPath(`assign-customer-dialog-${locale}.png`) });

      // The answer the page ends with: a first answer may be 7004 (the e2e access token lives 20 s), renewed and sent again.
      const assigned = waitForAnswer<{ basic: { code: number }; data: { assigned: number } }>(page, 'device/customer/assign');
      await dialog.getByRole('button', { name: new RegExp(`^\\s*${[...t.submit].join('\\s?')}\\s*$`) }).click();
      const body = await assigned;
      expect(body.basic.code).toBe(200);
      expect(body.data.assigned).toBe(2);
      await expect(toast(page, t.done)).toBeVisible();
      await expect(dialog).toHaveCount(0);

      // The list shows the customer of both devices.
      for (const sn of sns) await expect(rows.filter({ hasText: sn })).toContainText(t.company);
      await expect(button).toBeDisabled();
      await expectAccessible(page, `${locale} devices with customers`);
      await page.screenshot({ path: test.info().outputPath(`devices-customers-${locale}.png`), fullPage: true });
    });
  });
}
