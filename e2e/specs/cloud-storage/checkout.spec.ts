/**
 * The hosted checkout page, in en-US and zh-CN at 1440 px, with axe and a screenshot of each state
 * (e2e/screenshots/checkout-<state>-<locale>.png, git-ignored): an app (as app-sim does: signed
 * app-api calls of a demo end user) creates an order for its bound device, opens the order's
 * checkout link, pays with the sandbox's success card and sees it paid; a second order's payment
 * with the decline card is refused on the page.
 */
import { expect, test, type Page } from '@playwright/test';
import { appApiCalls, SANDBOX_TEST_CARDS, storageAppCalls } from '@portal/contract';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eDemoApp, PASSWORD, type Locale } from '../../support';
import { appCall, demoUserEmail as userEmail } from '../../support/app-api';
import { expectAccessible } from '../../support/axe';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');
/** Demo end users of the Acme app, per locale (each has a bound device). */
const USERS: Record<Locale, number[]> = { 'en-US': [1, 3, 7, 9, 11, 13], 'zh-CN': [2, 4, 6, 8, 12, 14] };

const T = {
  'en-US': { title: 'Pay for your cloud storage plan', paid: 'Payment received', declined: 'The payment was declined.' },
  'zh-CN': { title: '支付云存储套餐', paid: '支付成功', declined: '支付被拒绝。' },
} as const satisfies Record<Locale, Record<string, string>>;

const spaced = (card: string) => card.replace(/(\d{4})(?=\d)/g, '$1 ');

async function shot(page: Page, name: string, locale: Locale) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `checkout-${name}-${locale}.png`), fullPage: true });
}

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`hosted checkout (${locale})`, () => {
    test.use({ locale, viewport: { width: 1440, height: 900 } });

    test('an app order paid on its checkout page with the success card, then a decline', async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      const t = T[locale];
      const origin = baseURL!;
      // An end user whose bound device can buy a paid plan on sale (the seed's goods differ by area).
      let buyer: { session: { token: string; signKey: string }; device: { id: number; sn: string }; goodsId: number } | undefined;
      const app = e2eDemoApp();
      for (const n of USERS[locale]) {
        const s = await appCall(
          origin,
          appApiCalls.login,
          { account: userEmail(n), password: PASSWORD },
          { token: app.appId, signKey: app.secret },
        );
        for (const d of (await appCall(origin, appApiCalls.deviceList, { pageNum: 1, pageSize: 10 }, s)).records) {
          const goods = await appCall(origin, storageAppCalls.goodsList, { deviceId: d.id, platform: 'android', locale }, s);
          const g = goods.records.find((x) => x.price > 0 && !x.soldOut);
          if (g) buyer ??= { session: s, device: d, goodsId: g.goodsId };
        }
        if (buyer) break;
      }
      expect(buyer, 'a demo end user with a paid plan to buy').toBeTruthy();
      const { session, device } = buyer!;
      const paid = { goodsId: buyer!.goodsId };
      const order = async (n: number) =>
        appCall(
          origin,
          storageAppCalls.orderCreate,
          { deviceId: device.id, goodsId: paid.goodsId, platform: 'android', idempotencyKey: `e2e-checkout-${locale}-${n}-${Date.now()}` },
          session,
        );

      // Paid with the success card.
      const first = await order(1);
      expect(first.state).toBe('unpaid');
      await page.goto(new URL(first.checkoutUrl!).pathname);
      await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
      await expect(page.getByTestId('checkout-summary')).toContainText(device.sn);
      await expect(page.getByTestId('checkout-summary')).toContainText(first.orderNo);
      await expect(page.locator('.ant-app')).toHaveCount(0);
      await expectAccessible(page, `${locale} checkout`);
      await shot(page, 'form', locale);
      await page.getByRole('button', { name: new RegExp(spaced(SANDBOX_TEST_CARDS.success)) }).click();
      await page.getByTestId('checkout-pay').click();
      await expect(page.getByTestId('checkout-paid')).toContainText(t.paid);
      await expectAccessible(page, `${locale} checkout paid`);
      await shot(page, 'paid', locale);
      const after = await appCall(origin, storageAppCalls.orderGet, { orderId: first.orderId }, session);
      expect(after.state).toBe('paid');

      // Declined: the page says so and keeps the form.
      const second = await order(2);
      await page.goto(new URL(second.checkoutUrl!).pathname);
      await page.getByRole('button', { name: new RegExp(spaced(SANDBOX_TEST_CARDS.decline)) }).click();
      await page.getByTestId('checkout-pay').click();
      await expect(page.getByTestId('checkout-pay-error')).toHaveText(t.declined);
      await expect(page.getByTestId('checkout-pay')).toBeVisible();
      await expectAccessible(page, `${locale} checkout declined`);
      await shot(page, 'declined', locale);
      expect((await appCall(origin, storageAppCalls.orderGet, { orderId: second.orderId }, session)).state).toBe('unpaid');
    });
  });
}
