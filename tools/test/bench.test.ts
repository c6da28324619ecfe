import { NONCE_MAX, PUBLIC_SIGN_KEY, dataDigest, hmacSha256Hex, signingString } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { envelope, isApiSuccess, nextNonce } from '../bench/api';
import { BENCH_CASES, companyListRequests, orderListRequests, userListRequests } from '../bench/cases';
import { storageOrderCalls } from '@portal/contract';
import { importWorkbook, isDeviceApiSuccess } from '../bench/upgrade-cases';
import { productListRequests, productPageRequests } from '../bench/site-cases';
import { statsDashboardRequests } from '../bench/insight-cases';
import { insightCalls } from '@portal/contract';
import { inboxListRequests } from '../bench/message-cases';
import { chatScale, HeldSeqs, percentile, tallyStored } from '../bench/chat-cases';
import { appMessageCalls } from '@portal/contract';
import { DEVICE_IMPORT_COLUMNS, DEVICE_IMPORT_REQUIRED, macError, snError } from '@portal/contract';
import { readSheet } from '@portal/server/lib/xlsx';

describe('bench helpers', () => {
  it('signs every envelope afresh with a new nonce', () => {
    const session = { token: 'tok', signKey: 'key' };
    const a = JSON.parse(envelope(session, 'customer/company/list', { pageNum: 1, pageSize: 10 }));
    const b = JSON.parse(envelope(session, 'customer/company/list', { pageNum: 1, pageSize: 10 }));
    expect(a.basic.nonce).not.toBe(b.basic.nonce);
    expect(a.basic.token).toBe('tok');
    const { sign, ...rest } = a.basic;
    expect(sign).toBe(hmacSha256Hex('key', signingString(rest, dataDigest(a.data), 'customer/company/list')));
    const pub = JSON.parse(envelope(null, 'auth/login', {}));
    const { sign: pubSign, ...pubRest } = pub.basic;
    expect(pubSign).toBe(hmacSha256Hex(PUBLIC_SIGN_KEY, signingString(pubRest, dataDigest({}), 'auth/login')));
  });

  it('never repeats a nonce within a run and stays in range', () => {
    const nonces = Array.from({ length: 100_000 }, () => nextNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(nonces.every((n) => Number.isInteger(n) && n >= 0 && n <= NONCE_MAX)).toBe(true);
  });

  it('counts an answer as a success only for HTTP 2xx and basic.code 200', () => {
    expect(isApiSuccess(200, '{"basic":{"code":200,"msg":"ok"},"data":{}}')).toBe(true);
    expect(isApiSuccess(200, '{"data":{},"basic":{"msg":"ok","code":200}}')).toBe(true);
    expect(isApiSuccess(200, '{"basic":{"code":7004,"msg":"expired"}}')).toBe(false);
    expect(isApiSuccess(500, '{"basic":{"code":200}}')).toBe(false);
    expect(isApiSuccess(200, 'not json')).toBe(false);
  });

  it('registers baseline and the list cases as ratio cases, the -uncached ones with the read cache off', () => {
    expect(BENCH_CASES.get('baseline')?.kind).toBe('load');
    for (const name of ['session-call', 'company-list', 'user-list', 'company-list-uncached', 'user-list-uncached']) {
      const c = BENCH_CASES.get(name);
      expect(c?.kind === 'load' && c.ratio, name).toBe(true);
      expect(c?.kind === 'load' && c.serverEnv?.READ_CACHE, name).toBe(name.endsWith('-uncached') ? 'off' : undefined);
    }
  });

  it('asks the list cases for a different searched page nearly every time (no short cycle a cache could memorize)', () => {
    for (const requests of [userListRequests, companyListRequests]) {
      const next = requests();
      const bodies = Array.from({ length: 1000 }, () => next());
      expect(bodies.every((b) => typeof b.searchText === 'string' && b.searchText.length > 0)).toBe(true);
      expect(new Set(bodies.map((b) => b.pageNum)).size).toBeGreaterThan(1);
      expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBeGreaterThan(600);
      // Deterministic: the same sequence on every run.
      const again = requests();
      expect(Array.from({ length: 1000 }, () => again())).toEqual(bodies);
    }
  });

  it('registers order-list as a ratio case whose requests are valid, within 31 days and nearly all different', () => {
    expect(BENCH_CASES.get('order-list')).toMatchObject({ kind: 'load', ratio: true });
    const next = orderListRequests(7, Date.UTC(2026, 10, 1));
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const d = next();
      expect(storageOrderCalls.orderList.data.safeParse(d).success).toBe(true);
      seen.add(JSON.stringify(d));
    }
    expect(seen.size).toBeGreaterThan(490);
  });

  it('registers the cloud storage cases: order-checkout and app-goods-list as ratio cases, stock-race reporting its own line', () => {
    for (const name of ['order-checkout', 'app-goods-list']) {
      const c = BENCH_CASES.get(name);
      expect(c?.kind === 'load' && c.ratio && typeof c.prepareDatabase === 'function', name).toBe(true);
    }
    expect(BENCH_CASES.get('order-checkout')).toMatchObject({ finish: expect.any(Function) });
    expect(BENCH_CASES.get('stock-race')?.kind).toBe('report');
  });

  it('registers the insight cases: stats-dashboard as a ratio case without the read cache, stats-rollup timed once', () => {
    expect(BENCH_CASES.get('stats-dashboard')).toMatchObject({ kind: 'load', ratio: true, serverEnv: { READ_CACHE: 'off' } });
    const rollup = BENCH_CASES.get('stats-rollup');
    expect(rollup?.kind === 'oneshot' && typeof rollup.prepareDatabase === 'function').toBe(true);
  });

  it('asks the statistics calls in turn with valid, nearly never repeated ranges and filters', () => {
    const next = statsDashboardRequests(7, Date.UTC(2026, 10, 1));
    const calls = new Map(Object.values(insightCalls).map((c) => [c.path, c]));
    const seen = new Set<string>();
    const paths: string[] = [];
    for (let i = 0; i < 600; i++) {
      const r = next();
      paths.push(r.path);
      const parsed = calls.get(r.path)!.data.safeParse(r.data);
      expect(parsed.success, JSON.stringify(r)).toBe(true);
      seen.add(JSON.stringify(r));
    }
    expect(paths.slice(0, 3)).toEqual(['insight/stats/overview', 'insight/stats/by-customer', 'insight/stats/by-version']);
    expect(seen.size).toBeGreaterThan(580);
  });

  it('registers the cloud-upgrade cases: device-poll as a ratio case, release-create and import-5000 timed once', () => {
    const poll = BENCH_CASES.get('device-poll');
    expect(poll?.kind === 'load' && poll.ratio && typeof poll.prepareDatabase === 'function').toBe(true);
    expect(BENCH_CASES.get('release-create')?.kind).toBe('oneshot');
    expect(BENCH_CASES.get('import-5000')?.kind).toBe('oneshot');
  });

  it('reads device API answers as the devices do', () => {
    expect(isDeviceApiSuccess(200, '{"code":200,"msg":"Success","data":{"action":"none","nextPollSeconds":300}}')).toBe(true);
    expect(isDeviceApiSuccess(401, '{"code":24014,"msg":"bad","data":null}')).toBe(false);
    expect(isDeviceApiSuccess(200, '{"msg":"x","code":24016}')).toBe(false);
  });

  it('builds a 5,000-row import workbook of valid, distinct devices', async () => {
    const sheet = await readSheet(await importWorkbook(5000), {
      required: DEVICE_IMPORT_REQUIRED,
      optional: DEVICE_IMPORT_COLUMNS,
      maxRows: 5000,
    });
    expect(sheet.rows).toHaveLength(5000);
    expect(new Set(sheet.rows.map((r) => r.SN)).size).toBe(5000);
    expect(new Set(sheet.rows.map((r) => r.MAC)).size).toBe(5000);
    expect(sheet.rows.every((r) => snError(r.SN) === null && macError(r.MAC) === null)).toBe(true);
  });
});

describe('web delivery bench cases (issue 16)', () => {
  it('registers static-asset as a ratio load case and lighthouse as a report case, both needing the web build', async () => {
    const staticAsset = BENCH_CASES.get('static-asset');
    const lighthouse = BENCH_CASES.get('lighthouse');
    expect(staticAsset).toMatchObject({ kind: 'load', ratio: true, needsWebBuild: true });
    expect(lighthouse).toMatchObject({ kind: 'report', needsWebBuild: true });
  });

  it('finds the entry script of the built index.html, takes medians and prints the lighthouse line', async () => {
    const { entryScriptOf, lighthouseLine, medianFigures } = await import('../bench/web-cases');
    expect(
      entryScriptOf(
        '<head><script type="module" crossorigin src="/assets/index-AbCd1234.js"></script><link rel="modulepreload" href="/assets/react-x.js"></head>',
      ),
    ).toBe('/assets/index-AbCd1234.js');
    expect(() => entryScriptOf('<html></html>')).toThrow();
    const run = (performance: number, lcp: number) => ({
      performance,
      accessibility: 100,
      best_practices: 100,
      seo: 100,
      fcp_ms: 900,
      lcp_ms: lcp,
    });
    const m = medianFigures([run(90, 2400), run(70, 3100), run(95, 2000)]);
    expect(m).toEqual({ performance: 90, accessibility: 100, best_practices: 100, seo: 100, fcp_ms: 900, lcp_ms: 2400 });
    expect(lighthouseLine('login', 'mobile', m)).toBe(
      'bench lighthouse page=login preset=mobile performance=90 accessibility=100 best_practices=100 seo=100 fcp_ms=900 lcp_ms=2400',
    );
  });
});

describe('content site bench cases (issue 14)', () => {
  it('registers site-product-page and site-product-list as ratio load cases', () => {
    for (const name of ['site-product-page', 'site-product-list'])
      expect(BENCH_CASES.get(name)).toMatchObject({ kind: 'load', ratio: true });
  });

  it('asks for every product page in both locales before repeating one', () => {
    const next = productPageRequests(500);
    const paths = Array.from({ length: 1000 }, next);
    expect(new Set(paths).size).toBe(1000);
    expect(paths[0]).toBe('/en-US/products/bench-1');
    expect(paths[500]).toBe('/zh-CN/products/bench-1');
  });

  it('asks for a category list with 1-3 facet values, a sort and a page, nearly never the same twice', () => {
    const next = productListRequests([11, 12, 13]);
    const paths = Array.from({ length: 2000 }, next);
    expect(new Set(paths).size).toBeGreaterThan(1800);
    for (const p of paths.slice(0, 200)) {
      const u = new URL(p, 'http://x');
      expect(u.pathname).toMatch(/^\/(en-US|zh-CN)\/products$/);
      expect(['11', '12', '13']).toContain(u.searchParams.get('category'));
      const facets = [...u.searchParams.keys()].filter((k) => k.startsWith('f.'));
      expect(facets.length).toBeGreaterThanOrEqual(1);
      expect(facets.length).toBeLessThanOrEqual(3);
      expect(Number(u.searchParams.get('page') ?? '1')).toBeLessThanOrEqual(5);
    }
  });
});

describe('message centre bench cases (issue 13)', () => {
  it('registers inbox-list as a ratio load case with its readers prepared, and message-release reporting its own line, after it', () => {
    const inbox = BENCH_CASES.get('inbox-list');
    expect(inbox?.kind === 'load' && inbox.ratio && typeof inbox.prepareDatabase === 'function').toBe(true);
    const release = BENCH_CASES.get('message-release');
    expect(release?.kind === 'report' && typeof release.prepareDatabase === 'function').toBe(true);
    const names = [...BENCH_CASES.keys()];
    expect(names.indexOf('inbox-list')).toBeLessThan(names.indexOf('message-release'));
  });

  it('asks the app inbox as another end user every request, with valid pages and filters nearly never repeated', () => {
    const readers = Array.from({ length: 20_000 }, (_, i) => i + 1);
    const next = inboxListRequests(readers, 13, Date.UTC(2026, 10, 1));
    const asked = Array.from({ length: 2000 }, () => next());
    for (const a of asked) expect(appMessageCalls.inboxList.data.safeParse(a.data).success).toBe(true);
    for (let i = 1; i < asked.length; i++) expect(asked[i]!.n).not.toBe(asked[i - 1]!.n);
    expect(new Set(asked.map((a) => a.n)).size).toBe(2000);
    const filters = new Set(asked.map((a) => (a.data.type ? 'type' : a.data.from ? 'window' : a.data.read)));
    expect(filters).toEqual(new Set(['type', 'window', 'all', 'unread', 'read']));
    expect(new Set(asked.map((a) => a.data.pageNum))).toEqual(new Set([1, 2, 3]));
    // Deterministic: the same sequence on every run.
    const again = inboxListRequests(readers, 13, Date.UTC(2026, 10, 1));
    expect(Array.from({ length: 2000 }, () => again())).toEqual(asked);
  });

  it('registers chat-delivery and chat-resync as one run over two processes, without rate limits, after the message cases', () => {
    for (const name of ['chat-delivery', 'chat-resync']) {
      const c = BENCH_CASES.get(name);
      expect(c?.kind === 'report' && c.serverEnv?.RATE_LIMITS === 'off' && typeof c.prepareDatabase === 'function', name).toBe(true);
    }
    const names = [...BENCH_CASES.keys()];
    expect(names.indexOf('chat-delivery')).toBe(names.indexOf('chat-resync') - 1);
  });

  it('sizes the chat run from the environment: 1,000 sockets for 30 s at 50 messages/s by default, a fiftieth of them the desk', () => {
    expect(chatScale({})).toEqual({ sockets: 1000, seconds: 30, rate: 50, staff: 20 });
    expect(chatScale({ BENCH_CHAT_SOCKETS: '40', BENCH_CHAT_SECONDS: '5', BENCH_CHAT_RATE: '10' })).toEqual({
      sockets: 40,
      seconds: 5,
      rate: 10,
      staff: 2,
    });
    expect(chatScale({ BENCH_CHAT_SOCKETS: '100', BENCH_CHAT_STAFF: '7' }).staff).toBe(7);
    expect(() => chatScale({ BENCH_CHAT_SOCKETS: 'many' })).toThrow(/BENCH_CHAT_SOCKETS/);
    expect(() => chatScale({ BENCH_CHAT_SOCKETS: '10', BENCH_CHAT_STAFF: '10' })).toThrow(/end users/);
  });

  it('follows what a chat client holds by seq: the last seq held without a gap, and what it misses', () => {
    const h = new HeldSeqs(4);
    expect(h.add(3)).toBe(false); // before the run: held
    expect(h.add(6)).toBe(true);
    expect(h.add(6)).toBe(false); // applied by seq: once
    expect(h.contiguous()).toBe(4);
    expect(h.missing(7)).toBe(2); // 5 and 7
    h.add(5);
    h.add(7);
    expect(h.contiguous()).toBe(7);
    expect(h.missing(7)).toBe(0);
  });

  it('counts a message stored twice for one client id, or a retry answered with another message, as duplicated; an unstored send as lost', () => {
    const stored = new Map([
      [
        1,
        [
          { seq: 5, clientId: 'a' },
          { seq: 6, clientId: 'b' },
          { seq: 7, clientId: 'b' },
        ],
      ],
      [2, [{ seq: 1, clientId: 'a' }]],
    ]);
    const sends = [
      { conversationId: 1, clientId: 'a', seq: 5, retrySeq: 5 },
      { conversationId: 1, clientId: 'b', seq: 6, retrySeq: 7 },
      { conversationId: 2, clientId: 'a', seq: 1 },
      { conversationId: 2, clientId: 'c', seq: 2 },
    ];
    expect(tallyStored({ stored, sends })).toEqual({ lost: 1, duplicated: 2 });
    expect(tallyStored({ stored: new Map([[1, [{ seq: 5, clientId: 'a' }]]]), sends: sends.slice(0, 1) })).toEqual({
      lost: 0,
      duplicated: 0,
    });
  });

  it('takes the nearest-rank percentile', () => {
    const xs = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(xs, 99)).toBe(99);
    expect(percentile(xs, 50)).toBe(50);
    expect(percentile(xs, 100)).toBe(100);
    expect(percentile([], 99)).toBe(0);
  });
});
