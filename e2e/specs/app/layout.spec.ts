/**
 * Issue 11 §3 "Layout": the list screens at 1366 px and 1920 px, in en-US and zh-CN: no column title
 * cut off, no cell whose content spills out of it, and no column left under a fixed Actions column
 * (as the page opens, every other cell ends where the fixed column starts). Each screen is loaded once
 * per locale and measured at both widths; a screenshot of each goes to
 * e2e/screenshots/layout-<screen>-<locale>-<width>.png (git-ignored) for a visual review.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Locale, loginAs, type Role } from '../../support';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');
const WIDTHS = [1366, 1920];

/** Tab labels the specs click, written out per locale. */
const TABS = {
  'en-US': { audit: 'Registration audit', devices: 'Devices' },
  'zh-CN': { audit: '注册审核', devices: '设备' },
} as const satisfies Record<Locale, Record<string, string>>;

interface Screen {
  name: string;
  path: string;
  /** What to do once the page shows a table (e.g. open a tab). */
  open?: (page: Page, locale: Locale) => Promise<void>;
}

/**
 * The list screens of each role (the demo seed fills the upgrade ones; task 1 is the gray release in
 * the partner's area). The supplier sees more columns (the company of packages and tasks) and the
 * mail outbox.
 */
const SCREENS: Record<'owner' | 'supplier', Screen[]> = {
  owner: [
    { name: 'packages', path: '/layout/cloudUpgrade/cloudUpgradeIndex' },
    { name: 'tasks', path: '/layout/cloudUpgrade/cloudUpgradeIndex?tab=tasks' },
    { name: 'task-detail', path: '/layout/cloudUpgrade/grayDetail?taskId=1' },
    {
      name: 'task-devices',
      path: '/layout/cloudUpgrade/grayDetail?taskId=1',
      open: (page, locale) => page.getByRole('tab', { name: TABS[locale].devices }).click(),
    },
    { name: 'devices', path: '/layout/cloudUpgrade/upgradeDevices' },
    { name: 'users', path: '/layout/accountManage/usersManage' },
    { name: 'companies', path: '/layout/accountManage/downstreamCompany' },
    {
      name: 'audit',
      path: '/layout/accountManage/downstreamCompany',
      open: (page, locale) => page.getByRole('tab', { name: TABS[locale].audit }).click(),
    },
    { name: 'logs', path: '/layout/logs/operationLog' },
    { name: 'end-user-logs', path: '/layout/logs/endUserLog' },
  ],
  supplier: [
    { name: 'supplier-packages', path: '/layout/cloudUpgrade/cloudUpgradeIndex' },
    { name: 'supplier-tasks', path: '/layout/cloudUpgrade/cloudUpgradeIndex?tab=tasks' },
    { name: 'supplier-users', path: '/layout/accountManage/usersManage' },
    { name: 'supplier-companies', path: '/layout/accountManage/downstreamCompany' },
    { name: 'mail', path: '/layout/mailOutbox' },
    { name: 'monitoring', path: '/layout/monitoring' },
  ],
};

type ProblemKind = 'title cut off' | 'cell content cut off' | 'under the fixed column';
interface Problem {
  table: number;
  kind: ProblemKind;
  text: string;
}

/** Measures every table on the page as it is shown (not scrolled). */
function measure(page: Page): Promise<Problem[]> {
  return page.evaluate(() => {
    const problems: { table: number; kind: 'title cut off' | 'cell content cut off' | 'under the fixed column'; text: string }[] = [];
    const tables = [...document.querySelectorAll<HTMLElement>('.ant-table-wrapper')].filter((t) => t.offsetParent !== null);
    tables.forEach((wrapper, ti) => {
      for (const th of wrapper.querySelectorAll<HTMLElement>('thead th')) {
        const text = th.innerText.trim();
        if (!text) continue;
        for (const el of [th, ...th.querySelectorAll<HTMLElement>('*')]) {
          if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible') {
            problems.push({ table: ti, kind: 'title cut off', text });
            break;
          }
        }
      }
      // Content wider than its cell spills over the next one or is clipped; a value that may be long
      // is cut with an ellipsis inside the cell instead (its element clips, the cell does not). The
      // shadow a fixed cell casts (a pseudo element) is left out of the measure.
      const noShadow = document.createElement('style');
      noShadow.textContent = '.ant-table-cell::after { display: none !important; }';
      document.head.append(noShadow);
      for (const td of wrapper.querySelectorAll<HTMLElement>('tbody tr.ant-table-row > td')) {
        if (td.scrollWidth > td.clientWidth + 1)
          problems.push({ table: ti, kind: 'cell content cut off', text: td.innerText.trim().slice(0, 40) });
      }
      noShadow.remove();
      for (const row of wrapper.querySelectorAll<HTMLElement>('tbody tr.ant-table-row, thead tr')) {
        const cells = [...row.children] as HTMLElement[];
        const fixed = cells.filter((c) => /ant-table-cell-fix-(right|end)/.test(c.className));
        if (!fixed.length) continue;
        const edge = Math.min(...fixed.map((c) => c.getBoundingClientRect().left));
        for (const c of cells) {
          if (fixed.includes(c) || /ant-table-selection-column|ant-table-row-expand-icon-cell/.test(c.className)) continue;
          const r = c.getBoundingClientRect();
          if (r.width > 0 && r.right > edge + 1)
            problems.push({ table: ti, kind: 'under the fixed column', text: c.innerText.trim().slice(0, 40) });
        }
      }
    });
    return problems;
  });
}

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  for (const role of ['owner', 'supplier'] as const satisfies readonly Role[]) {
    test(`list screens of the ${role} keep every column readable at ${WIDTHS.join(' and ')} px (${locale})`, async ({ browser }) => {
      test.setTimeout(300_000);
      const context = await browser.newContext({ locale, viewport: { width: WIDTHS[0]!, height: 800 } });
      const page = await context.newPage();
      await loginAs(page, role, { locale });
      const found: string[] = [];
      for (const s of SCREENS[role]) {
        await page.goto(s.path);
        // Access tokens live 20 s in the e2e server (e2e/serve.ts): a session that could not be
        // renewed in time ends on the login page, so sign in again.
        const table = page.locator('.ant-table-wrapper').first();
        await expect(table.or(page.getByTestId('login-submit'))).toBeVisible();
        if (new URL(page.url()).pathname === '/login') {
          await loginAs(page, role, { locale });
          await page.goto(s.path);
        }
        await expect(table).toBeVisible();
        await s.open?.(page, locale);
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: width === 1366 ? 800 : 1080 });
          await page.waitForTimeout(300);
          for (const pr of await measure(page)) found.push(`${s.name} @${width}: table ${pr.table} ${pr.kind}: "${pr.text}"`);
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.screenshot({
            path: path.join(SCREENSHOTS, `layout-${s.name}-${locale}-${width}.png`),
            animations: 'disabled',
            caret: 'hide',
            fullPage: true,
          });
        }
        await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
      }
      await context.close();
      expect(found, found.join('\n')).toEqual([]);
    });
  }
}

/**
 * Issue 16 (a phone): at 360 px every control of the signed-in header (area switcher, language,
 * messages, chat, the account menu) is on screen, none cut off by the edge, in both locales.
 */
for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`the signed-in header keeps every control on screen at 360 px (${locale})`, async ({ browser }) => {
    const context = await browser.newContext({ locale, viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await loginAs(page, 'owner', { locale });
    await page.setViewportSize({ width: 360, height: 740 });
    for (const id of ['area-switcher', 'locale-switch', 'user-menu']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.x, id).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, id).toBeLessThanOrEqual(360);
      expect(box!.width, id).toBeGreaterThan(20);
    }
    await context.close();
  });
}
