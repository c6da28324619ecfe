/**
 * The public site without a login, in en-US and zh-CN (1440 px, screenshots): filter the product
 * list by GET links, compare two products (differences only), search from the header's box (a
 * model's part; a Chinese substring), open support; choose a country in the footer (turrets, sold
 * in China only, disappear elsewhere); a product without a zh-CN translation shown in English,
 * labelled, canonical to en-US; axe on home, list, product, compare, search, support and those
 * pages (no serious or critical violation).
 */
import { expect, test } from '@playwright/test';
import type { Locale } from '../../support';
import { expectAccessible } from '../../support/axe';

const SITE = '/site/acme-vision';
const T = {
  'en-US': {
    bullets: 'Bullet cameras',
    add: 'Add to compare',
    products: 'Products',
    search: 'Search the site',
    substring: 'B4',
    faq: 'Frequently asked questions',
    turrets: 'Turret cameras',
    domes: 'Dome cameras',
    country: 'Country or region',
    other: 'Other countries and regions',
    china: 'China',
    apply: 'Apply',
  },
  'zh-CN': {
    bullets: '枪型摄像机',
    add: '加入对比',
    products: '产品',
    search: '站内搜索',
    substring: '摄像',
    faq: '常见问题',
    turrets: '海螺摄像机',
    domes: '半球摄像机',
    country: '国家/地区',
    other: '其他国家和地区',
    china: '中国',
    apply: '应用',
  },
} as const satisfies Record<Locale, Record<string, string>>;

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test.describe(`public site pages (${locale})`, () => {
    test.use({ locale, viewport: { width: 1440, height: 900 } });

    test('filter, compare two products, search, support', async ({ page }) => {
      test.setTimeout(120_000);
      const t = T[locale];
      const shot = (name: string) => page.screenshot({ path: `test-results/site-${locale}-${name}.png`, fullPage: true });

      await page.goto(`${SITE}/${locale}/`);
      await expectAccessible(page, `${locale} site home`);
      await shot('home');

      // Filter: a category, then a facet value (GET links; Back returns to the category).
      await page.goto(`${SITE}/${locale}/products`);
      await page.getByRole('link', { name: new RegExp(`^${t.bullets} \\(\\d+\\)$`) }).click();
      await expect(page).toHaveURL(/category=\d+/);
      await page.locator('.facets a[href*="f."]').first().click();
      await expect(page).toHaveURL(/f\./);
      await expectAccessible(page, `${locale} site filtered list`);
      await shot('list');

      // Compare two products: add one, back to the list (it keeps the choice), add another.
      await page.goto(`${SITE}/${locale}/products`);
      await page
        .getByRole('link', { name: new RegExp(`^${t.add}`) })
        .first()
        .click();
      await expect(page).toHaveURL(/\/compare\?ids=\d+$/);
      await page.getByRole('link', { name: t.products, exact: true }).last().click();
      await expect(page).toHaveURL(/cmp=\d+/);
      await page
        .getByRole('link', { name: new RegExp(`^${t.add}`) })
        .first()
        .click();
      await expect(page).toHaveURL(/\/compare\?ids=\d+,\d+$/);
      await expect(page.locator('table.compare thead th')).toHaveCount(3);
      await expectAccessible(page, `${locale} site compare`);
      await shot('compare');

      // A product page, then search from the header's box.
      await page.goto(`${SITE}/${locale}/products/av-ipc-b4`);
      await expectAccessible(page, `${locale} site product page`);
      await shot('product');
      await page.getByLabel(t.search).fill(t.substring);
      await page.getByLabel(t.search).press('Enter');
      await expect(page).toHaveURL(/\/search\?q=/);
      await expect(page.locator('main li a').first()).toBeVisible();
      if (locale === 'en-US') await expect(page.locator('main')).toContainText('AV-IPC-B4');
      await expectAccessible(page, `${locale} site search`);
      await shot('search');

      await page.goto(`${SITE}/${locale}/support`);
      await expect(page.getByRole('heading', { name: t.faq })).toBeVisible();
      await expectAccessible(page, `${locale} site support`);
      await shot('support');
    });

    test("the footer's country hides categories limited to others; zh-CN shows an English product, labelled", async ({ page }) => {
      test.setTimeout(120_000);
      const t = T[locale];
      const shot = (name: string) => page.screenshot({ path: `test-results/site-${locale}-${name}.png`, fullPage: true });
      const turrets = page.getByRole('link', { name: new RegExp(`^${t.turrets} \\(\\d+\\)$`) });

      // Unknown country: every category. A visitor elsewhere picks their country in the footer (a GET form).
      await page.goto(`${SITE}/${locale}/products`);
      await expect(turrets).toBeVisible();
      await page.getByLabel(t.country).selectOption({ label: t.other });
      await page.getByRole('button', { name: t.apply }).click();
      await expect(page).toHaveURL(new RegExp(`${SITE}/${locale}/products$`));
      await expect(turrets).toHaveCount(0);
      await expect(page.getByLabel(t.country)).toHaveValue('ZZ');
      await expectAccessible(page, `${locale} site list, country chosen`);
      await shot('country-other');
      // A turret's own page is not there for them either; China sees the turrets again.
      expect((await page.request.get(`${SITE}/${locale}/products/av-ipc-t1`)).status()).toBe(404);
      await page.getByLabel(t.country).selectOption({ label: t.china });
      await page.getByRole('button', { name: t.apply }).click();
      await expect(turrets).toBeVisible();
      await shot('country-china');

      // AV-IPC-D5-4K has no released zh-CN translation: zh-CN lists its English, labelled, canonical to en-US.
      await page.goto(`${SITE}/${locale}/products`);
      await page.getByRole('link', { name: new RegExp(`^${t.domes} \\(\\d+\\)$`) }).click();
      const d5 = page.locator('.card', { hasText: 'AV-IPC-D5-4K' });
      if (locale === 'zh-CN') {
        await expect(d5.locator('.tag', { hasText: '以英文显示' })).toBeVisible();
        await expect(d5.locator('h3 a')).toHaveAttribute('lang', 'en-US');
      } else {
        await expect(d5.locator('.tag')).toHaveCount(0);
      }
      await d5.locator('h3 a').click();
      await expect(page).toHaveURL(new RegExp(`${SITE}/${locale}/products/av-ipc-d5-4k$`));
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${SITE}/en-US/products/av-ipc-d5-4k$`));
      if (locale === 'zh-CN') {
        await expect(page.locator('main .notice .tag')).toHaveText('以英文显示');
        await expect(page.locator('h1')).toHaveAttribute('lang', 'en-US');
        await expect(page.locator('link[hreflang="zh-CN"]')).toHaveCount(0);
      }
      await expectAccessible(page, `${locale} site product shown in English`);
      await shot('product-fallback');
    });
  });
}
