/**
 * Bench cases of the web delivery (issue 16).
 *
 * - static-asset: GET the login page's entry chunk with `accept-encoding: br`, the precompressed file
 *   as it is served to every visitor; a ratio case (goal: serving it costs no more than a small JSON
 *   answer, ratio >= 0.8).
 * - lighthouse: lighthouse@12.8 through its Node API, with chrome-launcher and Debian's Chromium
 *   (CHROMIUM_PATH, default /usr/bin/chromium; --headless=new --no-sandbox), on the public pages
 *   login and register and, signed in through a single-sign-on token URL (a fresh one-time token per
 *   run, no password typed by the tool), Home, the users list and the cloud upgrade task list; the
 *   mobile (default, simulated throttling) and desktop presets; the median of BENCH_LIGHTHOUSE_RUNS
 *   runs (default 3) per page and preset. Prints one line per page and preset:
 *   bench lighthouse page=<p> preset=<mobile|desktop> performance=<n> accessibility=<n> best_practices=<n> seo=<n> fcp_ms=<n> lcp_ms=<n>
 *   Not in CI: slow and noisy.
 *   While working on one page: BENCH_LIGHTHOUSE_PAGES=login,register and BENCH_LIGHTHOUSE_PRESETS=mobile
 *   narrow the run; BENCH_LIGHTHOUSE_REPORTS=<dir> keeps each run's full report as
 *   <dir>/<page>-<preset>-<run>.json (opportunities, LCP element, long tasks, failing audits).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../seed/shared';
import { call } from './api';
import type { BenchCase, BenchContext } from './types';

export const WEB_DIST = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist');

/** The entry script of the built index.html (what /login needs first), e.g. '/assets/index-abc.js'. */
export function entryScriptOf(indexHtml: string): string {
  const m = /<script[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/.exec(indexHtml) ?? /<script[^>]*\bsrc="([^"]+\.js)"/.exec(indexHtml);
  if (!m) throw new Error('no entry script in index.html');
  return m[1];
}

export function staticAssetCase(): BenchCase {
  return {
    kind: 'load',
    ratio: true,
    needsWebBuild: true,
    summary: "GET the login page's entry chunk with accept-encoding: br (precompressed at build time, served as it is)",
    async prepare(ctx) {
      const entry = entryScriptOf(readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8'));
      const res = await fetch(`${ctx.origin}${entry}`, { headers: { 'accept-encoding': 'br' } });
      await res.arrayBuffer();
      if (res.headers.get('content-encoding') !== 'br')
        throw new Error(`${entry} is not answered brotli (content-encoding ${res.headers.get('content-encoding')})`);
      ctx.log(`static-asset: ${entry}, ${res.headers.get('content-length')} bytes brotli`);
      return { method: 'GET', path: entry, headers: { 'accept-encoding': 'br' } };
    },
  };
}

export const LIGHTHOUSE_PAGES = ['login', 'register', 'home', 'users', 'upgrade-tasks'] as const;
type LighthousePage = (typeof LIGHTHOUSE_PAGES)[number];
const PAGE_PATHS: Record<LighthousePage, string> = {
  login: '/login',
  register: '/register',
  home: '/layout/home',
  users: '/layout/accountManage/usersManage',
  'upgrade-tasks': '/layout/cloudUpgrade/cloudUpgradeIndex',
};
const SIGNED_IN: ReadonlySet<LighthousePage> = new Set(['home', 'users', 'upgrade-tasks']);

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  best_practices: number;
  seo: number;
  fcp_ms: number;
  lcp_ms: number;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Each figure's median over the runs. */
export function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  const keys = ['performance', 'accessibility', 'best_practices', 'seo', 'fcp_ms', 'lcp_ms'] as const;
  return Object.fromEntries(keys.map((k) => [k, Math.round(median(runs.map((r) => r[k])))])) as unknown as LighthouseFigures;
}

export function lighthouseLine(page: string, preset: string, f: LighthouseFigures): string {
  return `bench lighthouse page=${page} preset=${preset} performance=${f.performance} accessibility=${f.accessibility} best_practices=${f.best_practices} seo=${f.seo} fcp_ms=${f.fcp_ms} lcp_ms=${f.lcp_ms}`;
}

interface Lhr {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; score?: number | null; title?: string }>;
  runtimeError?: { code?: string; message: string };
}

function figuresOf(lhr: Lhr): LighthouseFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    best_practices: score('best-practices'),
    seo: score('seo'),
    fcp_ms: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
    lcp_ms: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
  };
}

/** The failing audits of the accessibility, best-practices and SEO categories (for the log). */
function failingAudits(lhr: Lhr): string[] {
  return Object.entries(lhr.audits)
    .filter(([, a]) => a.score !== null && a.score !== undefined && a.score < 1 && a.numericValue === undefined)
    .map(([id]) => id);
}

/** The comma-separated names of an environment variable, each one of `all` (all when unset or empty). */
export function namesFrom<T extends string>(value: string | undefined, all: readonly T[], what: string): T[] {
  const names = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!names.length) return [...all];
  for (const n of names) if (!all.includes(n as T)) throw new Error(`unknown lighthouse ${what} '${n}' (one of ${all.join(', ')})`);
  return all.filter((a) => names.includes(a));
}

/**
 * Wait until the server answers promptly again (8 answers in a row under 100 ms, at most 60 s): the
 * start's first engine tick and the seed's catch-up would otherwise stall the first page measured.
 */
async function untilQuiet(ctx: BenchContext, url = `${ctx.origin}/login`): Promise<void> {
  const deadline = Date.now() + 60_000;
  let prompt = 0;
  while (prompt < 8 && Date.now() < deadline) {
    const started = performance.now();
    await fetch(url).then((r) => r.arrayBuffer());
    prompt = performance.now() - started < 100 ? prompt + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (prompt < 8) ctx.log('lighthouse: the server still answers slowly after 60 s; measuring all the same');
}

/** One page Lighthouse measures: its name in the printed line and its URL (asked before each run). */
export interface LighthouseTarget {
  name: string;
  url: () => Promise<string>;
}

/**
 * Lighthouse 12.8 by its Node API on each target and preset, in Debian's Chromium started by
 * chrome-launcher (CHROMIUM_PATH, --headless=new --no-sandbox): the median of BENCH_LIGHTHOUSE_RUNS
 * runs (default 3); prints and answers `line(name, preset, figures)` per target and preset. Shared
 * by the web app's pages (lighthouse) and the content site's (site-lighthouse).
 */
export async function runLighthouse(
  ctx: BenchContext,
  opts: {
    targets: LighthouseTarget[];
    presets: readonly ('mobile' | 'desktop')[];
    line: (name: string, preset: string, f: LighthouseFigures) => string;
    /** The URL untilQuiet polls (default: the portal's /login). */
    quietUrl?: string;
  },
): Promise<string[]> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) || 3);
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const reportDir = process.env.BENCH_LIGHTHOUSE_REPORTS ? path.resolve(process.env.BENCH_LIGHTHOUSE_REPORTS) : null;
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  await untilQuiet(ctx, opts.quietUrl);
  const lines: string[] = [];
  try {
    for (const preset of opts.presets) {
      for (const target of opts.targets) {
        const figures: LighthouseFigures[] = [];
        let failing = new Set<string>();
        for (let i = 0; i < runs; i++) {
          const url = await target.url();
          const measure = () =>
            lighthouse(
              url,
              {
                port: chrome.port,
                output: 'json',
                logLevel: 'error',
                onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
              },
              preset === 'desktop' ? desktopConfig : undefined,
            );
          let result = await measure();
          // Chromium now and then records no navigation start in its trace (NO_NAVSTART, "run
          // Lighthouse again"): the run is measured again, once.
          if ((result?.lhr as unknown as Lhr | undefined)?.runtimeError?.code === 'NO_NAVSTART') {
            ctx.log(`lighthouse ${target.name}: no navigation start in the trace, measured again`);
            result = await measure();
          }
          const lhr = result?.lhr as unknown as Lhr | undefined;
          if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
          if (lhr.runtimeError) throw new Error(`lighthouse ${target.name}: ${lhr.runtimeError.message}`);
          if (reportDir)
            writeFileSync(
              path.join(reportDir, `${target.name}-${preset}-${i + 1}.json`),
              typeof result?.report === 'string' ? result.report : JSON.stringify(lhr),
            );
          figures.push(figuresOf(lhr));
          failing = new Set([...failing, ...failingAudits(lhr)]);
        }
        const line = opts.line(target.name, preset, medianFigures(figures));
        console.log(line);
        lines.push(line);
        if (failing.size) ctx.log(`lighthouse ${target.name} ${preset}: audits not passed: ${[...failing].join(', ')}`);
      }
    }
  } finally {
    chrome.kill();
  }
  return lines;
}

export function lighthouseCase(): BenchCase {
  return {
    kind: 'report',
    needsWebBuild: true,
    // The release engine's tick runs in the server's own process on the embedded PGlite: over the
    // large seed's million devices it held every answer for 5-6 s every 10 s (measured with curl on
    // /login: 2.4 s "server response time" in Lighthouse's report). Lighthouse would measure that
    // stall, not the delivery of the web app; with PostgreSQL the tick runs in the database's
    // process. One tick an hour (the first one at start, before the pages are measured).
    serverEnv: { UPGRADE_TICK_MS: String(60 * 60 * 1000) },
    summary: 'Lighthouse 12.8 (mobile and desktop, median of 3) on login, register, home, users, upgrade-tasks',
    async run(ctx: BenchContext) {
      const pages = namesFrom(process.env.BENCH_LIGHTHOUSE_PAGES, LIGHTHOUSE_PAGES, 'page');
      const presets = namesFrom(process.env.BENCH_LIGHTHOUSE_PRESETS, ['mobile', 'desktop'] as const, 'preset');
      const session = await ctx.login();
      return runLighthouse(ctx, {
        presets,
        line: lighthouseLine,
        targets: pages.map((page) => ({
          name: page,
          async url() {
            let url = `${ctx.origin}${PAGE_PATHS[page]}`;
            if (SIGNED_IN.has(page)) {
              // A one-time single-sign-on token per run (valid 60 s): the page opens signed in.
              const { token } = await call<{ token: string }>(ctx.origin, 'auth/sso-token/create', session, {});
              url += `?token=${encodeURIComponent(token)}`;
            }
            return url;
          },
        })),
      });
    },
  };
}
