/**
 * Issue #2 (figures): `npm run size` counts, from the build manifest, the JavaScript /login loads
 * before it is interactive. This checks that count against a real Chromium: the page loads no
 * script beyond it, and every script it counts is loaded.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loginInitialFiles } from '../../apps/web/scripts/login-chunks.mjs';

const manifestPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist/.vite/manifest.json');

test('the login page loads exactly the scripts npm run size counts', async ({ page }) => {
  const counted = [...loginInitialFiles(JSON.parse(readFileSync(manifestPath, 'utf8')))].filter((f) => /\.m?js$/.test(f));
  const loaded = new Set<string>();
  page.on('response', (r) => {
    const { pathname } = new URL(r.url());
    if (/\.m?js$/.test(pathname)) loaded.add(pathname.replace(/^\//, ''));
  });
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect([...loaded].filter((f) => !counted.includes(f)), 'loaded but not counted').toEqual([]);
  expect(counted.filter((f) => !loaded.has(f)), 'counted but not loaded').toEqual([]);
});
