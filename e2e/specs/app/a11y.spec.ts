/**
 * Issue 11 §3: axe (WCAG 2.1 A/AA rules) on every page of the signed-in route table
 * (apps/web/src/app/routes.tsx), in en-US and zh-CN, each page loaded once per locale, signed in as a
 * role that can see it (the supplier, which holds every code; the partner owner for pages the
 * supplier's user type does not get). No serious or critical violation may remain.
 *
 * The detail pages of Cloud Upgrade take the id of a task or package of the demo seed (a gray release
 * and a full release in progress, tools/seed/demo-upgrade.ts), read from the links of the task list.
 *
 * The public pages (PUBLIC_ROUTES: login, register, the terms and the pages opened from e-mail links)
 * are checked signed out; a link page opened with parameters that match no invitation shows the
 * state a visitor with a stale or mistyped link sees.
 */
import { expect, test, type Page } from '@playwright/test';
import { LAYOUT_ROUTES, PUBLIC_ROUTES } from '../../../apps/web/src/app/routes';
import type { AppRoute } from '../../../apps/web/src/app/route-types';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Locale, type Role, loginAs } from '../../support';
import { type AxeFinding, axeFindings, axeReport } from '../../support/axe';

const REPORT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results');

interface PageRoute {
  key: string;
  path: string;
  role: Role;
}

/** Every routed page of the table with its full path and the role that sees it. */
function pagesOf(routes: readonly AppRoute[], base = '/layout', inherited?: AppRoute['userTypes']): PageRoute[] {
  return routes.flatMap((r) => {
    const userTypes = r.userTypes ?? inherited;
    const path = `${base}/${r.path}`;
    if (r.children?.length) return pagesOf(r.children, path, userTypes);
    const role: Role = !userTypes || userTypes.includes('supplier') ? 'supplier' : 'owner';
    return [{ key: r.key, path, role }];
  });
}

const PAGES = pagesOf(LAYOUT_ROUTES);
/** Pages that need the id of a demo record (query parameter filled in at run time). */
const NEEDS_ID: Record<string, { link: RegExp }> = {
  cloudUpgradeDetail: { link: /cloudUpgradeDetail\?taskId=\d+/ },
  grayDetail: { link: /grayDetail\?taskId=\d+/ },
};

/** Wait until the page has its data on screen: no request for 0.5 s, no spinner, no skeleton, motions over. */
async function settle(page: Page): Promise<void> {
  // Pages that refresh live never go idle: at most 3 s.
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => {});
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .portal-page-spinner')).toHaveCount(0);
  await page.waitForTimeout(400);
}

/**
 * Open `path` signed in. The e2e server's access tokens live 20 s (e2e/serve.ts) and the client renews
 * at most once a minute, so a long run may be sent to the login page: sign in again and reopen.
 */
async function open(page: Page, role: Role, locale: Locale, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForURL((u) => u.pathname !== '/', { timeout: 10_000 }).catch(() => {});
  if (new URL(page.url()).pathname === '/login') {
    await loginAs(page, role, { locale });
    await page.goto(path);
  }
  await expect(page).toHaveURL((u) => `${u.pathname}${u.search}` === path);
}

/** The top-level menu entry of a page (`/layout/cloudUpgrade/grayDetail` -> `cloudUpgrade`). */
const sectionOf = (p: PageRoute): string => p.path.split('/')[2];

/**
 * The pages in runs of at most PAGES_PER_TEST, each run a test of its own with its own sign-in and
 * time budget (one test of all 41 pages ran past any budget on a loaded machine). A menu entry is never
 * cut in two: the detail pages of Cloud Upgrade take their ids from its index page.
 */
const PAGES_PER_TEST = 8;
const RUNS: PageRoute[][] = [];
for (const p of PAGES) {
  const last = RUNS.at(-1);
  const sameSection = last && sectionOf(last.at(-1)!) === sectionOf(p);
  if (last && (sameSection || last.length < PAGES_PER_TEST)) last.push(p);
  else RUNS.push([p]);
}

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  RUNS.forEach((run, n) => {
    const title = `signed-in pages ${n + 1}/${RUNS.length} (${sectionOf(run[0])} to ${sectionOf(run.at(-1)!)}) have no serious or critical axe violation (${locale})`;
    test(title, async ({ browser }) => {
      test.setTimeout(240_000);
      const findings: AxeFinding[] = [];
      const ids: Record<string, string> = {};
      for (const role of ['supplier', 'owner'] as const) {
        const pages = run.filter((p) => p.role === role);
        if (!pages.length) continue;
        const context = await browser.newContext({ locale });
        const page = await context.newPage();
        // The browser's language picks the portal's (the login page follows it).
        await loginAs(page, role, { locale });
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
        // The home page is where login lands: audit it without another load.
        for (const p of pages.filter((x) => !NEEDS_ID[x.key])) {
          if (p.key !== 'home' || !page.url().endsWith('/layout/home')) await open(page, role, locale, p.path);
          await settle(page);
          findings.push(...(await axeFindings(page, `${role} ${p.path}`)));
          if (p.key === 'cloudUpgradeIndex') {
            // The task tab links the details of each task.
            await page.getByRole('tab').nth(1).click();
            await settle(page);
            findings.push(...(await axeFindings(page, `${role} ${p.path} (tasks tab)`)));
            for (const key of ['cloudUpgradeDetail', 'grayDetail']) {
              const a = page.locator(`a[href*="${key}?taskId="]`).first();
              if (await a.count()) ids[key] = (await a.getAttribute('href'))!;
            }
          }
        }
        for (const p of pages.filter((x) => NEEDS_ID[x.key])) {
          const href = ids[p.key];
          expect(href, `the demo seed offers a record for ${p.path}`).toMatch(NEEDS_ID[p.key].link);
          await open(page, role, locale, href);
          await settle(page);
          findings.push(...(await axeFindings(page, `${role} ${p.path}`)));
        }
        await context.close();
      }
      mkdirSync(REPORT_DIR, { recursive: true });
      writeFileSync(path.join(REPORT_DIR, `a11y-${locale}-${n + 1}.txt`), axeReport(findings) || 'no serious or critical violation\n');
      expect(findings, axeReport(findings)).toEqual([]);
    });
  });
}

/** Every public page with its parameters filled in (both terms; link pages with ids that match nothing). */
const PUBLIC_PAGES: string[] = PUBLIC_ROUTES.flatMap((r) =>
  r.path.includes(':type')
    ? ['service', 'privacy'].map((type) => r.path.replace(':type', type))
    : [r.path.replace(/:(\w+)/g, (_, name: string) => (/id$/i.test(name) ? '999999' : 'a1b2c3d4e5f6'))],
);

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test(`every public page has no serious or critical axe violation (${locale})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const findings: AxeFinding[] = [];
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    for (const p of PUBLIC_PAGES) {
      await page.goto(p);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
      await settle(page);
      findings.push(...(await axeFindings(page, `public ${p} -> ${new URL(page.url()).pathname}`)));
    }
    await context.close();
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(path.join(REPORT_DIR, `a11y-public-${locale}.txt`), axeReport(findings) || 'no serious or critical violation\n');
    expect(findings, axeReport(findings)).toEqual([]);
  });
}
