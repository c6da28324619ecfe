/**
 * Issue #2, item 8: screenshots of the login page and the home page in both languages at 1440x900,
 * saved to e2e/screenshots/{login,home}-{en-US,zh-CN}.png (git-ignored) for a visual review.
 */
import { expect, test } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCOUNTS, type Locale, TEXT, buttonText, login, switchLocale } from '../../support';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');
const LOCALES: Locale[] = ['en-US', 'zh-CN'];

test.use({ viewport: { width: 1440, height: 900 } });

for (const locale of LOCALES) {
  test(`login and home in ${locale}`, async ({ page }) => {
    await page.goto('/login');
    if (locale !== 'en-US') await switchLocale(page, locale);
    await expect(page.getByTestId('login-submit')).toHaveText(buttonText(TEXT[locale].signIn));
    // The branding (title, company) comes from the server: wait until it is on the page.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lumenza Partner Cloud');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(SCREENSHOTS, `login-${locale}.png`), animations: 'disabled', caret: 'hide' });

    await login(page, ACCOUNTS.owner, { locale, onLoginPage: true });
    await expect(page.getByTestId('page-title')).toHaveText(TEXT[locale].home);
    await expect(page.getByTestId('home-shortcuts')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.mouse.move(1000, 110); // over the page header: no card is hovered
    await page.screenshot({ path: path.join(SCREENSHOTS, `home-${locale}.png`), animations: 'disabled', caret: 'hide' });
  });
}
