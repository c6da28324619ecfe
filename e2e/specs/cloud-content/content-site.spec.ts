/**
 * The content site, in en-US and zh-CN, with axe on each screen: the partner builds a product
 * (shared fields, an en-US and a zh-CN translation), releases en-US only, and sees the public site
 * serve it in en-US while zh-CN answers 404 (its translation is still a draft); the site's home,
 * list and product pages pass axe; a distributor lands on the brand's read-only catalogue.
 */
import { expect, test, type Page } from '@playwright/test';
import { type Locale, loginAs, toast } from '../../support';
import { expectAccessible } from '../../support/axe';

const PRODUCTS = '/layout/cloud/productCenter';
const T = {
  'en-US': {
    saved: 'Saved.',
    category: 'Category',
    model: 'Model',
    bullets: 'Bullet cameras',
    released: 'Released',
    draft: 'Draft',
    products: 'Products',
  },
  'zh-CN': {
    saved: '已保存。',
    category: '分类',
    model: '型号',
    bullets: '枪型摄像机',
    released: '已发布',
    draft: '草稿',
    products: '产品',
  },
} as const satisfies Record<Locale, Record<string, string>>;

async function settle(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .portal-page-spinner')).toHaveCount(0);
  await page.waitForTimeout(300);
}

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`content site (${locale})`, () => {
    test.use({ locale, viewport: { width: 1440, height: 900 } });

    test('build a product, release en-US only, see the site in both locales', async ({ page }) => {
      test.setTimeout(180_000);
      const t = T[locale];
      const run = `${locale.toLowerCase()}-${Date.now().toString(36)}`;
      const model = `E2E-${run}`.toUpperCase();
      await loginAs(page, 'owner', { locale });

      await page.goto(PRODUCTS);
      await settle(page);
      await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
      await expectAccessible(page, `${locale} product list`);
      await page.screenshot({ path: `test-results/content-${locale}-products.png` });

      await page.getByTestId('new-product').click();
      const drawer = page.getByRole('dialog');
      await drawer.getByTestId('field-title').fill(`E2E camera ${run}`);
      await drawer.getByTestId('field-slug').fill(`e2e-${run}`);
      await drawer.getByLabel(t.model, { exact: true }).fill(model);
      await drawer.getByRole('combobox', { name: new RegExp(`^${t.category}`) }).click();
      await page.locator('.ant-select-item-option', { hasText: t.bullets }).first().click();
      await drawer.getByTestId('content-save').click();
      await expect(toast(page, t.saved)).toBeVisible();
      await expect(drawer.getByTestId('locale-tab-en-US')).toContainText(t.draft);

      // The zh-CN translation, saved as a draft.
      await drawer.getByTestId('locale-tab-zh-CN').click();
      await drawer.getByTestId('field-title').fill(`端到端摄像机 ${run}`);
      await drawer.getByTestId('field-slug').fill(`e2e-zh-${run}`);
      await drawer.getByTestId('content-save').click();
      await expect(drawer.getByTestId('locale-tab-zh-CN')).toContainText(t.draft);

      // Release en-US only.
      await drawer.getByTestId('locale-tab-en-US').click();
      await drawer.getByTestId('action-release').click();
      await expect(drawer.getByTestId('locale-tab-en-US')).toContainText(t.released);
      await expect(drawer.getByTestId('locale-tab-zh-CN')).toContainText(t.draft);
      // The pointer leaves the button that replaced Release (hover colours are not what axe should judge).
      await page.mouse.move(0, 0);
      await settle(page);
      await expectAccessible(page, `${locale} product editor`);
      await page.screenshot({ path: `test-results/content-${locale}-editor.png` });
      await drawer
        .getByRole('button', { name: /close|关闭/i })
        .first()
        .click();

      // The site: en-US serves it, zh-CN does not (a draft).
      const en = await page.request.get(`/site/acme-vision/en-US/products/e2e-${run}`);
      expect(en.status()).toBe(200);
      expect(await en.text()).toContain(`E2E camera ${run}`);
      expect((await page.request.get(`/site/acme-vision/zh-CN/products/e2e-zh-${run}`)).status()).toBe(404);

      const siteLocale = locale;
      await page.goto(`/site/acme-vision/${siteLocale}/`);
      await expect(page.locator('h1')).toHaveText('Acme Vision');
      await expectAccessible(page, `${locale} site home`);
      await page.screenshot({ path: `test-results/content-${locale}-site-home.png`, fullPage: true });

      await page.goto(`/site/acme-vision/${siteLocale}/products`);
      await page.getByRole('link', { name: new RegExp(`^${t.bullets} \\(\\d+\\)$`) }).click();
      await expect(page).toHaveURL(/category=\d+/);
      const facet = page
        .locator('.facets a')
        .filter({ hasText: /\(\d+\)$/ })
        .nth(5);
      await facet.click();
      await expect(page).toHaveURL(/f\./);
      await page.goBack();
      await expect(page).toHaveURL(/category=\d+$/);
      await expectAccessible(page, `${locale} site product list`);
      await page.screenshot({ path: `test-results/content-${locale}-site-list.png`, fullPage: true });

      await page.goto(`/site/acme-vision/${siteLocale}/products/av-ipc-b4`);
      await expect(page.locator('.notice a')).toBeVisible();
      await expectAccessible(page, `${locale} site product page`);
      await page.screenshot({ path: `test-results/content-${locale}-site-product.png`, fullPage: true });

      await page.goto('/layout/cloud/cloudIndex');
      await settle(page);
      await expect(page.getByTestId('site-link')).toBeVisible();
      await expectAccessible(page, `${locale} content overview`);
      await page.screenshot({ path: `test-results/content-${locale}-overview.png` });
    });

    test('a distributor sees the brand catalogue read-only', async ({ page }) => {
      await loginAs(page, 'distributor', { locale });
      await page.goto('/layout/cloud/productSet');
      await settle(page);
      await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
      await expect(page.getByTestId('new-product')).toHaveCount(0);
      await expectAccessible(page, `${locale} product set`);
      await page.screenshot({ path: `test-results/content-${locale}-productset.png` });
    });
  });
}
