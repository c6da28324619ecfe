/**
 * Bench cases of the public content site (issue 14 Figures), on the large seed's Bench Partner site
 * (tools/seed/large-content.ts: 10,000 products, 30 parameters, 20 categories), with the site
 * domain as Host and `accept-encoding: br, gzip`, as a visitor's browser asks:
 *
 * - site-product-page: each request a different product page, the 10,000 products in both locales
 *   in turn (the page cache may hold them all: 64 MB cap).
 * - site-product-list: a category list with a different mix of 1-3 facet values (enum, multi-enum,
 *   boolean), a sort and a page (1-5) each request, facet counts included.
 */
import { request } from 'node:http';
import {
  BENCH_SITE_DOMAIN,
  BENCH_SITE_LOCALES,
  BENCH_SITE_PARAMS,
  BENCH_SITE_PRODUCTS,
  BENCH_SITE_SLUG,
  benchProductSlug,
} from '../seed/large-content';
import { DEMO_SITE_DOMAIN, DEMO_SITE_SLUG } from '../seed/demo-content';
import { seededRandom } from './random';
import type { LoadTarget } from './load';
import type { BenchCase, BenchContext } from './types';
import { runLighthouse } from './web-cases';

const SITE_HEADERS = { host: BENCH_SITE_DOMAIN, 'accept-encoding': 'br, gzip' };
const SORTS = ['newest', 'model', 'name'] as const;
const FACETS = BENCH_SITE_PARAMS.filter((p) => p.values.length > 0);

/** Product page paths: product 1..N in en-US, then in zh-CN, round and round. */
export function productPageRequests(products = BENCH_SITE_PRODUCTS): () => string {
  let i = 0;
  return () => {
    const n = 1 + (i % products);
    const locale = BENCH_SITE_LOCALES[Math.floor(i / products) % BENCH_SITE_LOCALES.length]!;
    i++;
    return `/${locale}/products/${benchProductSlug(n)}`;
  };
}

/** Product list paths: a category, 1-3 facet values, a sort and a page, a different mix each time. */
export function productListRequests(categoryIds: readonly number[], seed = 14): () => string {
  const rnd = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  return () => {
    const q = new URLSearchParams({ category: String(pick(categoryIds)) });
    const facets = [...FACETS].sort(() => rnd() - 0.5).slice(0, 1 + Math.floor(rnd() * 3));
    for (const f of facets.sort((a, b) => a.key.localeCompare(b.key))) q.set(`f.${f.key}`, pick(f.values));
    const sort = pick(SORTS);
    if (sort !== 'newest') q.set('sort', sort);
    const page = 1 + Math.floor(rnd() * 5);
    if (page > 1) q.set('page', String(page));
    return `/${pick(BENCH_SITE_LOCALES)}/products?${q}`;
  };
}

/** The site's category ids, as its product list links them (read through the portal host's /site/<slug>/). */
async function categoryIds(ctx: BenchContext): Promise<number[]> {
  const res = await fetch(`${ctx.origin}/site/${BENCH_SITE_SLUG}/en-US/products`);
  const html = await res.text();
  const ids = [...new Set([...html.matchAll(/products\?category=(\d+)"/g)].map((m) => Number(m[1])))];
  if (res.status !== 200 || ids.length === 0) throw new Error(`the bench site has no categories (HTTP ${res.status}): run the large seed`);
  return ids;
}

/** A GET of the site at its domain (the Host header fetch may not set), answered 200. */
function siteGet(ctx: BenchContext, path: string): Promise<void> {
  const { hostname, port } = new URL(ctx.origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, headers: SITE_HEADERS }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200
          ? resolve()
          : reject(new Error(`GET ${path} at ${BENCH_SITE_DOMAIN}: HTTP ${res.statusCode} (run the large seed)`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The first visit at the site's domain starts pre-rendering its product pages (site.warm.ts:
 * "pre-rendered, stored HTML is fair"); this waits until they are rendered (the bench route waits
 * for the warmer) and logs what the page cache then holds.
 */
async function warmSite(ctx: BenchContext, name: string): Promise<void> {
  await siteGet(ctx, `/en-US/products/${benchProductSlug(1)}`);
  const started = performance.now();
  const warm = (await (await fetch(`${ctx.origin}/bench/site-warm`)).json()) as { warmed: number; pages: number; bytes: number };
  ctx.log(
    `${name}: ${warm.warmed} pages pre-rendered since start (waited ${((performance.now() - started) / 1000).toFixed(1)} s); the page cache holds ${warm.pages} pages, ${(warm.bytes / 1048576).toFixed(1)} MB`,
  );
}

function siteTarget(nextPath: () => string): LoadTarget {
  return {
    method: 'GET',
    path: '/',
    headers: SITE_HEADERS,
    next: () => ({ path: nextPath() }),
    isSuccess: (status) => status === 200,
  };
}

export function siteProductPageCase(): BenchCase {
  return {
    kind: 'load',
    ratio: true,
    summary: `GET a product page of the Bench Partner's site (Host ${BENCH_SITE_DOMAIN}, accept-encoding br, gzip): a different one of the ${BENCH_SITE_PRODUCTS.toLocaleString('en-US')} products in en-US and zh-CN each request`,
    async prepare(ctx) {
      await warmSite(ctx, 'site-product-page');
      return siteTarget(productPageRequests());
    },
  };
}

export function siteProductListCase(): BenchCase {
  return {
    kind: 'load',
    ratio: true,
    summary: `GET a category list of the Bench Partner's site (Host ${BENCH_SITE_DOMAIN}, accept-encoding br, gzip): 1-3 facet values, a sort and a page (1-5), counts included, a different mix each request`,
    async prepare(ctx) {
      // Measured once pre-rendering is done (it would share the CPU with the run otherwise).
      await warmSite(ctx, 'site-product-list');
      return siteTarget(productListRequests(await categoryIds(ctx)));
    },
  };
}

/**
 * site-lighthouse (issue 14 Figures): Lighthouse 12.8 (runLighthouse: chrome-launcher with
 * CHROMIUM_PATH, --headless=new --no-sandbox; mobile, simulated throttling; median of 3) on Acme
 * Vision's site at its own domain, http://acme-vision.localhost:<port>/ (browsers send *.localhost
 * to loopback, and count it as secure): the home page and a product page (the first product of its
 * list). Prints `bench site-lighthouse page=<home|product> performance=<n> accessibility=<n>
 * best_practices=<n> seo=<n>`.
 */
export function siteLighthouseCase(): BenchCase {
  return {
    kind: 'report',
    summary: "Lighthouse 12.8 (mobile, median of 3) on Acme Vision's site at its domain: home and a product page",
    // As for lighthouse: the release engine's tick would stall the pages on PGlite.
    serverEnv: { UPGRADE_TICK_MS: String(60 * 60 * 1000) },
    async run(ctx: BenchContext) {
      const port = new URL(ctx.origin).port;
      const site = `http://${DEMO_SITE_DOMAIN}:${port}`;
      // The product list read through the portal host's /site/<slug>/ (Node does not resolve *.localhost).
      const list = await fetch(`${ctx.origin}/site/${DEMO_SITE_SLUG}/en-US/products`);
      const slug = /\/en-US\/products\/([a-z0-9-]+)"/.exec(await list.text())?.[1];
      if (list.status !== 200 || !slug) throw new Error(`Acme Vision's site lists no product (HTTP ${list.status}): seed the demo`);
      return runLighthouse(ctx, {
        presets: ['mobile'],
        quietUrl: `${ctx.origin}/site/${DEMO_SITE_SLUG}/en-US/`,
        line: (page, _preset, f) =>
          `bench site-lighthouse page=${page} performance=${f.performance} accessibility=${f.accessibility} best_practices=${f.best_practices} seo=${f.seo}`,
        targets: [
          { name: 'home', url: async () => `${site}/` },
          { name: 'product', url: async () => `${site}/en-US/products/${slug}` },
        ],
      });
    },
  };
}
