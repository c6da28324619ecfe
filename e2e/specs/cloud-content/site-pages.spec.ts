/**
 * The public site without a login, in en-US and zh-CN (1440 px, screenshots): filter the product
 * list by GET links, compare two products (differences only), search from the header's box (a
 * model's part; a Chinese substring), open support; axe on home, list, product, compare, search
 * and support pages (no serious or critical violation).
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
  },
  'zh-CN': { bullets: '枪型摄像机', add: '加入对比', products: '产品', search: '站内搜索', substring: '摄像', faq: '常见问题' },
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
  });
}
