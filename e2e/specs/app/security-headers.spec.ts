/**
 * Issue 11 §1.11: the portal runs under its strict Content-Security-Policy (no inline script, no
 * eval, nothing framed): the built pages, antd's CSS-in-JS styles, the captcha image and the API
 * docs raise no CSP violation, and every answer carries the headers.
 */
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, login } from '../../support';

/** Every CSP violation the page reports, from the browser's own event. */
async function recordViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

test('the login page, the signed-in portal and the API docs run under the CSP without a violation', async ({ page }) => {
  const violations = await recordViolations(page);
  const res = await page.goto('/login');
  const csp = res!.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(res!.headers()['referrer-policy']).toBe('no-referrer');
  expect(res!.headers()['strict-transport-security']).toBeUndefined();

  await login(page, ACCOUNTS.owner, { onLoginPage: true });
  await expect(page.getByTestId('home-role')).toBeVisible();
  // A page drawn with antd (CSS-in-JS styles inserted at run time).
  await page.goto('/layout/cloudUpgrade/upgradeDevices');
  await expect(page.getByTestId('provisioning-key')).toBeVisible();
  expect(violations, 'portal pages').toEqual([]);

  await page.goto('/api/docs');
  await expect(page.locator('.swagger-ui').first()).toBeVisible();
  await expect(page.getByText('device-api', { exact: false }).first()).toBeVisible();
  expect(violations, 'API docs').toEqual([]);
});
