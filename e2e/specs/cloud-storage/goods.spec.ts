/**
 * Cloud storage goods, in en-US and zh-CN, with axe on every new screen and a screenshot of each
 * (e2e/screenshots/storage-<screen>-<locale>.png, git-ignored): Acme's owner sees a payee
 * connection test fail (23027) and pass again, creates goods with a cover and a 700 px detail
 * image, sees the app preview, submits them for review; the supplier finds them in Review, reads
 * the details and approves them and sees them listed; a demo end user buys them through the app API
 * (as app-sim does) and pays with the sandbox's success card; the owner finds the order, opens its
 * detail and sees the paid plan on the device's timeline.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { appApiCalls, SANDBOX_TEST_CARDS, storageAppCalls, type AppOrder } from '@portal/contract';
import { buttonText, e2eDemoApp, type Locale, loginAs, logout, PASSWORD, toast, waitForAnswer } from '../../support';
import { appCall, demoUserEmail } from '../../support/app-api';
import { expectAccessible } from '../../support/axe';

const GOODS_PAGE = '/layout/cloudStorageServiceManage/cloudStorageIndex';
const PAYEES_PAGE = '/layout/externalCollection';
const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');
/** Demo end users of the Acme app who may buy the new goods (their devices are in several areas; none frozen or deleted). */
const BUYERS: Record<Locale, number[]> = {
  'en-US': [41, 43, 47, 49, 51, 53, 57, 59, 61, 63, 67, 69],
  'zh-CN': [42, 44, 46, 48, 52, 54, 56, 58, 62, 64, 66, 68],
};

const T = {
  'en-US': {
    testFailed: 'The connection test failed (key refused): check the account ID, secret key and mode.',
    secret: 'Secret key',
    accountId: 'Account ID',
    save: 'Save',
    name: 'Name',
    code: 'Goods ID',
    plan: 'Plan',
    android: 'Android price (USD)',
    ios: 'iOS price (USD)',
    english: 'English',
    review: 'Review',
    listed: 'Listed',
    pendingReview: 'Pending review',
    changes: 'Changes since the last approval',
    plans: 'Plans',
    goods: 'Goods',
    orders: 'Orders',
    orderNoOrTx: 'Order no. or transaction ID',
    timeline: 'Plans of this device',
  },
  'zh-CN': {
    testFailed: '连接测试失败（key refused）：请检查账户ID、密钥和模式。',
    secret: '密钥',
    accountId: '账户ID',
    save: '保存',
    name: '名称',
    code: '商品ID',
    plan: '套餐',
    android: 'Android售价 (USD)',
    ios: 'iOS售价 (USD)',
    english: '英文',
    review: '审核',
    listed: '已上架',
    pendingReview: '待审核',
    changes: '自上次审核通过以来的修改',
    plans: '套餐',
    goods: '商品',
    orders: '订单',
    orderNoOrTx: '订单号或交易ID',
    timeline: '该设备的套餐',
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** How a paid plan's derived state is shown. */
const PLAN_STATES: Record<Locale, Record<string, string>> = {
  'en-US': { to_be_used: 'To be used', in_use: 'In use', near_expiry: 'Near expiry' },
  'zh-CN': { to_be_used: '待生效', in_use: '使用中', near_expiry: '即将过期' },
};

/** A solid PNG of the given size (truecolour, no filter). */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_v, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function settle(page: Page): Promise<void> {
  // No hover colour left on the button clicked last.
  await page.mouse.move(0, 0);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .portal-page-spinner')).toHaveCount(0);
  await page.waitForTimeout(300);
}

async function shot(page: Page, name: string, locale: Locale) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `storage-${name}-${locale}.png`) });
}

async function upload(page: Page, trigger: string, name: string, body: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId(trigger).click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: body });
}

async function pick(page: Page, label: string, option: string | RegExp) {
  // The options arrive with their query: open, choose, and check the choice took.
  await expect(async () => {
    await page.getByLabel(label, { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: option })
      .first()
      .click({ timeout: 2_000 });
    const item = page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
    await expect(item).toContainText(option, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`cloud storage goods (${locale})`, () => {
    test.use({ locale, viewport: { width: 1440, height: 900 } });

    test('a failing payee test; goods with a detail image created, approved, listed, bought in the app and paid on the device timeline', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(420_000);
      const t = T[locale];
      const name = `E2E goods ${locale} ${Date.now() % 100000}`;
      await loginAs(page, 'owner', { locale });

      // Payees: the seeded sandbox is verified; a key the sandbox refuses fails its test, a good one passes.
      await page.goto(PAYEES_PAGE);
      const sandbox = page.getByTestId('payee-sandbox');
      await expect(sandbox).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} payees`);
      await shot(page, 'payees', locale);
      await page.getByTestId('payee-configure-sandbox').click();
      const dlg = page.getByRole('dialog');
      await dlg.getByLabel(t.secret, { exact: true }).fill('sbx_e2eSandboxKeyWillfail');
      await dlg.getByRole('button', { name: buttonText(t.save) }).click();
      await expect(dlg).toBeHidden();
      await page.getByTestId('payee-test-sandbox').click();
      await expect(toast(page, t.testFailed)).toBeVisible();
      await page.getByTestId('payee-configure-sandbox').click();
      await dlg.getByLabel(t.secret, { exact: true }).fill('sbx_e2eSandboxKey000000001');
      await dlg.getByRole('button', { name: buttonText(t.save) }).click();
      await expect(dlg).toBeHidden();
      await page.getByTestId('payee-test-sandbox').click();
      await expect(sandbox.locator('.ant-tag-green')).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} payees, verified`);

      // Goods: create with a cover and a detail image; the preview shows them.
      await page.goto(GOODS_PAGE);
      await expect(page.getByTestId('goods-table')).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} goods`);
      await shot(page, 'goods', locale);
      await page.getByTestId('goods-create').click();
      const form = page.getByTestId('goods-form');
      await expect(form).toBeVisible();
      await page.getByLabel(t.name, { exact: true }).fill(name);
      await page.getByLabel(t.code, { exact: true }).fill(`E2E-${locale}-${Date.now() % 100000}`);
      await pick(page, t.plan, /7-day/);
      await page.getByLabel(t.android, { exact: true }).fill('4.99');
      await page.getByLabel(t.ios, { exact: true }).fill('5.99');
      await upload(page, 'cover-upload', 'cover.png', png(320, 180));
      // The English content (the form opens on the page's language).
      await page.getByRole('dialog').getByRole('tab', { name: t.english }).click();
      await page.locator('[id="graphic_en-US"]').fill('<p>Keep <b>7 days</b> of recordings.</p>');
      await upload(page, 'detail-upload-en-US', 'detail.png', png(700, 300));
      const preview = page.getByTestId('app-preview');
      await expect(preview.locator('img')).toHaveCount(2);
      await expect(preview).toContainText(name);
      await settle(page);
      await expectAccessible(page, `${locale} goods form`, { exclude: ['iframe[sandbox]'] });
      await shot(page, 'goods-form', locale);
      // The short-lived access token may be renewed on the way (7004, then the same call again).
      const created = waitForAnswer(page, 'storage/goods/create', { timeout: 30_000 });
      await page
        .getByRole('dialog')
        .getByRole('button', { name: buttonText(t.save) })
        .click();
      const answer = await created;
      expect(answer.basic.code, answer.basic.msg).toBe(200);
      await expect(form).toBeHidden();
      const row = page.getByTestId('goods-table').locator('tbody tr', { hasText: name });
      await expect(row).toBeVisible();
      await row.getByTestId('goods-submitReview').click();
      await expect(row).toContainText(t.pendingReview);
      await logout(page, locale);

      // The supplier reviews and approves.
      await loginAs(page, 'supplier', { locale });
      await page.goto(`${GOODS_PAGE}?tab=review`);
      const review = page.getByTestId('review-table');
      await expect(review).toBeVisible();
      const pending = review.locator('tbody tr', { hasText: name });
      await expect(pending).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} review`);
      await shot(page, 'review', locale);
      await pending.getByRole('button', { name: buttonText(locale === 'en-US' ? 'View' : '查看') }).click();
      await expect(page.getByText(t.changes, { exact: true })).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} goods detail`, { exclude: ['iframe[sandbox]'] });
      await shot(page, 'goods-detail', locale);
      await page.keyboard.press('Escape');
      await pending.getByTestId('goods-approve').click();
      await expect(pending).toBeHidden();
      await page.getByRole('tab', { name: t.plans }).click();
      await expect(page.getByTestId('plans-table')).toBeVisible();
      await settle(page);
      await expectAccessible(page, `${locale} plans`);
      await shot(page, 'plans', locale);
      await page.getByRole('tab', { name: t.goods }).click();
      const listed = page.getByTestId('goods-table').locator('tbody tr', { hasText: name });
      await expect(listed).toContainText(t.listed);
      await logout(page, locale);

      // Bought through the app API by a demo end user whose device may buy them, paid at once with the sandbox's success card.
      const origin = baseURL!;
      let bought: { order: AppOrder; goodsName: string } | undefined;
      for (const n of BUYERS[locale]) {
        const s = await appCall(
          origin,
          appApiCalls.login,
          { account: demoUserEmail(n), password: PASSWORD },
          { token: e2eDemoApp().appId, signKey: e2eDemoApp().secret },
        );
        for (const d of (await appCall(origin, appApiCalls.deviceList, { pageNum: 1, pageSize: 10 }, s)).records) {
          const goods = await appCall(origin, storageAppCalls.goodsList, { deviceId: d.id, platform: 'android', locale }, s);
          const g = goods.records.find((x) => x.name === name);
          if (!g) continue;
          expect(g.price).toBe(499);
          const order = await appCall(
            origin,
            storageAppCalls.orderCreate,
            {
              deviceId: d.id,
              goodsId: g.goodsId,
              platform: 'android',
              idempotencyKey: `e2e-goods-${locale}-${Date.now()}`,
              card: SANDBOX_TEST_CARDS.success,
            },
            s,
          );
          bought = { order, goodsName: g.name };
          break;
        }
        if (bought) break;
      }
      expect(bought, 'a demo end user whose device may buy the new goods').toBeTruthy();
      const { order } = bought!;
      expect(order).toMatchObject({ state: 'paid', payment: 'succeeded', amount: 499 });
      expect(['to_be_used', 'in_use', 'near_expiry']).toContain(order.viewState);

      // The seller finds the order and sees the paid plan on the device's timeline.
      await loginAs(page, 'owner', { locale });
      await page.goto(`${GOODS_PAGE}?tab=orders`);
      const orders = page.getByTestId('orders-table');
      await expect(orders).toBeVisible();
      await page.getByRole('searchbox', { name: t.orderNoOrTx }).fill(order.orderNo);
      await page.getByRole('searchbox', { name: t.orderNoOrTx }).press('Enter');
      const orderRow = orders.locator('tbody tr.ant-table-row', { hasText: order.sn });
      await expect(orderRow).toHaveCount(1);
      await orderRow.getByTestId('order-view').click();
      const detail = page.getByTestId('order-detail');
      await expect(detail).toBeVisible();
      await expect(detail.getByText(t.timeline, { exact: true })).toBeVisible();
      // The plan's item: its state, the goods and the order number.
      await expect(detail.getByTestId('plan-timeline')).toContainText(`${PLAN_STATES[locale][order.viewState]} ${name} · ${order.orderNo}`);
      await settle(page);
      await expectAccessible(page, `${locale} bought goods, order detail`);
      await shot(page, 'goods-order-timeline', locale);
    });
  });
}
