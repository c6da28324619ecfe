/**
 * The benchmark cases, by name. A load case answers the target the load client (load.ts) should hammer; a
 * ratio case is also reported relative to `baseline` (the same server answering `{}` at once);
 * a one-shot case runs once and is timed. Add a case here and `npm run bench -- --only <name>` runs it.
 */
import {
  API_PREFIX,
  STORAGE_ORDER_VIEW_STATES,
  type CallData,
  type companyCalls,
  type insightCalls,
  type storageOrderCalls,
  type userCalls,
} from '@portal/contract';
import { openPglite } from '@portal/server/db/client';
import { BENCH_ACCOUNT, seedLarge } from '../seed/large';
import { BENCH_OPLOG_ACTIONS, BENCH_OPLOG_MODULES } from '../seed/large-oplog';
import { oplogExportCase, statsDashboardCase, statsRollupCase } from './insight-cases';
import { envelope, isApiSuccess, type Session } from './api';
import type { LoadTarget } from './load';
import { fuzzCase } from './fuzz-case';
import type { BenchCase } from './types';
import { devicePollCase, import5000Case, releaseCreateCase } from './upgrade-cases';
import { seededRandom } from './random';
import { siteLighthouseCase, siteProductListCase, siteProductPageCase } from './site-cases';
import { lighthouseCase, staticAssetCase } from './web-cases';
import { appGoodsListCase, orderCheckoutCase, stockRaceCase } from './storage-cases';
import { inboxListCase, messageReleaseCase } from './message-cases';
import { chatCases } from './chat-cases';

export type { BenchCase, BenchContext, BenchDatabase } from './types';
export { seededRandom } from './random';

/** A signed, authenticated call to `path`, with data from `nextData()` and a fresh basic every request. */
export function signedCall(session: Session, path: string, nextData: () => unknown): LoadTarget {
  return {
    method: 'POST',
    path: `${API_PREFIX}/${path}`,
    body: () => envelope(session, path, nextData()),
    isSuccess: isApiSuccess,
  };
}

type CompanyListData = CallData<typeof companyCalls.list>;
type UserListData = CallData<typeof userCalls.list>;

const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)];

// Words the large seed builds names from (tools/seed/large.ts), so searches find rows.
const FIRST = [
  'james',
  'mary',
  'robert',
  'patricia',
  'john',
  'jennifer',
  'michael',
  'linda',
  'david',
  'elizabeth',
  'sarah',
  'lukas',
  'anna',
  'mateo',
  'sofia',
  'wei',
  'mei',
  'yuki',
  'arjun',
  'priya',
  'omar',
  'lars',
  'diego',
  'minh',
];
const LAST = [
  'smith',
  'johnson',
  'brown',
  'garcia',
  'miller',
  'davis',
  'lopez',
  'wilson',
  'taylor',
  'moore',
  'lee',
  'white',
  'muller',
  'weber',
  'dubois',
  'rossi',
  'chen',
  'wang',
  'tanaka',
  'sharma',
  'patel',
  'nilsson',
  'silva',
  'nguyen',
];
const COMPANY_WORDS = [
  'Apex',
  'Beacon',
  'Cascade',
  'Delta',
  'Falcon',
  'Granite',
  'Harbor',
  'Juniper',
  'Meridian',
  'Orion',
  'Quartz',
  'Redwood',
  'Summit',
  'Titan',
  'Zenith',
  'Atlas',
  'Horizon',
  'Sentinel',
];
const COMPANY_KINDS = ['Security', 'Video', 'Installations', 'Camera', 'Logistics', 'Retail', 'Medical', 'Hotels', 'Parking'];

/**
 * user-list requests: every one a search (a first name, "first.l" or a phone prefix of 100 numbers,
 * as the screen's search box gets them), on one of the first pages, sometimes with a status or type filter:
 * tens of thousands of combinations, so neither the read cache nor the total cache can hold them.
 */
export function userListRequests(seed = 1): () => UserListData {
  const rnd = seededRandom(seed);
  return () => {
    const r = rnd();
    const searchText =
      r < 0.4
        ? pick(rnd, FIRST)
        : r < 0.8
          ? `${pick(rnd, FIRST)}.${pick(rnd, LAST).slice(0, 1 + Math.floor(rnd() * 4))}`
          : `+1 555 00${String(Math.floor(rnd() * 1000)).padStart(3, '0')}`;
    const data: UserListData = { pageNum: 1 + Math.floor(rnd() * 5), pageSize: 10, searchText };
    const f = rnd();
    if (f < 0.2) data.status = 'normal';
    else if (f < 0.35) data.userType = pick(rnd, ['installer', 'customer', 'distributor'] as const);
    return data;
  };
}

/**
 * company-list requests: every one a name search (a name word, a kind, both, or a number fragment),
 * on one of the first pages, sometimes with a type or status filter.
 */
export function companyListRequests(seed = 2): () => CompanyListData {
  const rnd = seededRandom(seed);
  return () => {
    const r = rnd();
    const searchText =
      r < 0.35
        ? pick(rnd, COMPANY_WORDS)
        : r < 0.6
          ? pick(rnd, COMPANY_KINDS)
          : r < 0.8
            ? `${pick(rnd, COMPANY_WORDS)} ${pick(rnd, COMPANY_KINDS)}`
            : String(Math.floor(rnd() * 1000)).padStart(3, '0');
    const data: CompanyListData = { pageNum: 1 + Math.floor(rnd() * 5), pageSize: 10, searchText };
    const f = rnd();
    if (f < 0.2) data.type = pick(rnd, ['distributor', 'installer', 'customer'] as const);
    else if (f < 0.35) data.status = 'active';
    return data;
  };
}

type OrderListData = CallData<typeof storageOrderCalls.orderList>;
const DAY_MS = 86_400_000;

/**
 * order-list requests: a 1-31-day window ending somewhere in the last 18 months, one of the first
 * pages, mostly with a derived-state filter (the SQL of the period and the time), sometimes a
 * platform: no two requests alike for a cache to hold.
 */
export function orderListRequests(seed = 3, now = Date.now()): () => OrderListData {
  const rnd = seededRandom(seed);
  return () => {
    const to = now - Math.floor(rnd() * 540) * DAY_MS;
    const from = to - (1 + Math.floor(rnd() * 30)) * DAY_MS;
    const data: OrderListData = { pageNum: 1 + Math.floor(rnd() * 3), pageSize: 20, from, to };
    if (rnd() < 0.7) data.viewState = pick(rnd, STORAGE_ORDER_VIEW_STATES);
    if (rnd() < 0.2) data.platform = pick(rnd, ['android', 'ios', 'internal'] as const);
    return data;
  };
}

type OplogSearchData = CallData<typeof insightCalls.operationLogSearch>;

/**
 * operation-log search requests over the large seed's 1,000,000 rows (30 days): each a different
 * range (1-31 days) and filter (module, action, actor name, refusals, an IP prefix, or none), and
 * mostly a different page: a keyset cursor at a random point of the range.
 */
export function oplogSearchRequests(seed = 3, now = Date.now()): () => OplogSearchData {
  const rnd = seededRandom(seed);
  return () => {
    const to = now - Math.floor(rnd() * 20) * DAY_MS;
    const from = to - (1 + Math.floor(rnd() * 31)) * DAY_MS + 1;
    const data: OplogSearchData = { range: { from, to }, pageSize: 20 };
    const f = rnd();
    if (f < 0.25) data.module = pick(rnd, BENCH_OPLOG_MODULES);
    else if (f < 0.45) data.action = pick(rnd, BENCH_OPLOG_ACTIONS)[1];
    else if (f < 0.6) data.actor = pick(rnd, FIRST);
    else if (f < 0.7) data.result = 'refused';
    else if (f < 0.8) data.ip = `10.${Math.floor(rnd() * 200)}.`;
    if (rnd() < 0.7) {
      const at = new Date(from + Math.floor(rnd() * (to - from))).toISOString().replace('Z', '000Z');
      data.cursor = `${at}_9223372036854775807`;
    }
    return data;
  };
}

/** A list case: its calls signed as the Bench Partner's owner, with a fresh request from `requests` every time. */
function listCase(opts: { summary: string; path: string; requests: () => () => unknown; serverEnv?: Record<string, string> }): BenchCase {
  return {
    kind: 'load',
    ratio: true,
    summary: opts.summary,
    serverEnv: opts.serverEnv,
    async prepare(ctx) {
      return signedCall(await ctx.login(), opts.path, opts.requests());
    },
  };
}

const UNCACHED = { READ_CACHE: 'off' };
const COMPANY_LIST =
  "customer/company/list as the Bench Partner's owner: a searched page (1-5) of 10 out of a 10,000-company subtree, a different search each request";
const USER_LIST =
  "customer/user/list as the Bench Partner's owner: a searched page (1-5) of 10 out of a 100,000-user subtree, a different search each request";

export const BENCH_CASES = new Map<string, BenchCase>([
  [
    'baseline',
    {
      kind: 'load',
      summary: 'POST /bench/baseline: the server answers {} (BENCH_ROUTES=1), same body size as a call',
      async prepare() {
        return { method: 'POST', path: '/bench/baseline', body: () => envelope(null, 'bench/baseline', { pageNum: 1, pageSize: 10 }) };
      },
    },
  ],
  // The ceiling of any portal call: signed, its session and nonce checked in the database, answering
  // the caller's own actions without reading anything else. A list can only be slower.
  [
    'session-call',
    listCase({
      summary:
        "customer/user/abilities as the Bench Partner's owner: a signed call that reads only its session (and records its nonce); the ceiling of every portal call's ratio",
      path: 'customer/user/abilities',
      requests: () => () => ({}),
    }),
  ],
  ['company-list', listCase({ summary: COMPANY_LIST, path: 'customer/company/list', requests: companyListRequests })],
  [
    'seed-large',
    {
      kind: 'oneshot',
      summary: 'seedLarge (10,000 companies, 100,000 users) into a fresh in-memory PGlite',
      async run(ctx) {
        const database = await openPglite();
        try {
          await database.migrate();
          await seedLarge(database, { log: () => {} }); // companies and users only, as before devices existed
        } finally {
          await database.close();
        }
        ctx.log('seed-large: done');
      },
    },
  ],
  ['user-list', listCase({ summary: USER_LIST, path: 'customer/user/list', requests: userListRequests })],
  // The same lists with the server's read cache off (READ_CACHE=off): what the database answers.
  [
    'company-list-uncached',
    listCase({
      summary: `${COMPANY_LIST}; READ_CACHE=off`,
      path: 'customer/company/list',
      requests: companyListRequests,
      serverEnv: UNCACHED,
    }),
  ],
  [
    'user-list-uncached',
    listCase({ summary: `${USER_LIST}; READ_CACHE=off`, path: 'customer/user/list', requests: userListRequests, serverEnv: UNCACHED }),
  ],
  [
    'order-list',
    listCase({
      summary:
        "storage/order/list as the Bench Partner's owner: a page (1-3) of 20 orders of its subtree in a 1-31-day window, by derived state or platform, a different request each time",
      path: 'storage/order/list',
      requests: orderListRequests,
    }),
  ],
  [
    'oplog-search',
    listCase({
      summary:
        "insight/operation-log/search as the Bench Partner's owner over 1,000,000 rows: a different range (up to 31 days), filter and page each request",
      path: 'insight/operation-log/search',
      requests: oplogSearchRequests,
    }),
  ],
  ['stats-dashboard', statsDashboardCase()],
  ['stats-rollup', statsRollupCase()],
  ['oplog-export', oplogExportCase()],
  ['site-product-page', siteProductPageCase()],
  ['site-product-list', siteProductListCase()],
  ['order-checkout', orderCheckoutCase()],
  ['stock-race', stockRaceCase()],
  ['app-goods-list', appGoodsListCase()],
  // The inbox is read before the release writes its 1,000,000 receipts (the release withdraws its message after).
  ['inbox-list', inboxListCase()],
  ['message-release', messageReleaseCase()],
  // One run of live chat over two server processes reports both lines.
  ...(() => {
    const chat = chatCases();
    return [
      ['chat-delivery', chat.delivery],
      ['chat-resync', chat.resync],
    ] as Array<[string, BenchCase]>;
  })(),
  ['device-poll', devicePollCase()],
  ['static-asset', staticAssetCase()],
  ['lighthouse', lighthouseCase()],
  ['site-lighthouse', siteLighthouseCase()],
  ['fuzz', fuzzCase()],
  // Last: the release over 1,000,000 devices is revoked at the end, and the release engine then
  // looks at every device it freed (in batches, for tasks they may join), which loads the cases after it.
  ['release-create', releaseCreateCase()],
  ['import-5000', import5000Case()],
]);

export const DEFAULT_BENCH_ACCOUNT = { email: BENCH_ACCOUNT.email, password: BENCH_ACCOUNT.password };
