/**
 * Cloud storage benchmark cases (issue 12, Figures), over the large seed's Bench Partner (its app,
 * 200,000 end users bound to its devices, 1,000,000 orders; tools/seed/large-orders.ts):
 * - order-checkout: app-api order/create paying at once with the sandbox's success card, another
 *   end user and device every request; every order must be paid within 30 s after the load.
 * - stock-race: 1,000 buyers at once on goods with stock 100: sold must equal the stock.
 * - app-goods-list: app-api goods/list, another end user and device, platform and language each request.
 * The end users sign with the sessions the seed made for them (no 200,000 logins before a run).
 */
import { callUrlPath, SANDBOX_TEST_CARDS, storageAppCalls, type CallData, type storageOrderCalls } from '@portal/contract';
import type { Database } from '@portal/server/db/client';
import { sealKeyring, sealSecret } from '@portal/server/lib/secrets';
import { serverSecret } from '@portal/server/lib/server-secrets';
import { sql } from 'drizzle-orm';
import path from 'node:path';
import { BENCH_END_USER_SESSIONS, BENCH_GOODS_PREFIX, benchEndUserSession, renewBenchSessions } from '../seed/large-orders';
import { benchPartner } from '../seed/large-devices';
import { REPO_ROOT, resolveUserPath, rows, type Log } from '../seed/shared';
import { call, envelope, isApiSuccess, type Session } from './api';
import type { LoadTarget } from './load';
import type { BenchCase, BenchDatabase } from './types';

interface Buyer {
  session: Session;
  deviceId: number;
  goodsId: number;
}

/** The bench server's data folder (tools/bench/cli.ts): its SEAL_SECRET, unless given, is kept there. */
function benchServerDataDir(): string {
  return process.env.BENCH_DATA_DIR ? resolveUserPath(process.env.BENCH_DATA_DIR) : path.join(REPO_ROOT, '.data/bench-pglite');
}

/**
 * Sessions renewed, and the Bench Partner's sandbox key sealed with the bench server's key (the
 * seed sealed it with the seed's own), so the server can pay with it. Answers the seeded buyers:
 * end user n's session, its device (BN n) and the goods of the device's area.
 */
async function readyBuyers(database: Database, limit = BENCH_END_USER_SESSIONS): Promise<Buyer[]> {
  const partner = await benchPartner(database);
  if (!partner) throw new Error('storage bench: no Bench Partner (large seed)');
  await renewBenchSessions(database);
  const ring = sealKeyring(serverSecret('seal-secret', 'SEAL_SECRET', process.env, benchServerDataDir()).value);
  await database.db.execute(sql`
    update payee_accounts set secret_enc = ${sealSecret(ring, 'sbx_benchPartnerSandboxKey01')}
     where company_id = ${partner.id}::int and provider = 'sandbox'`);
  const found = await rows<{ n: number; device_id: number; goods_id: number }>(
    database.db,
    sql`select substr(d.sn, 3)::int as n, d.id::float8 as device_id, g.id as goods_id
          from devices d
          join storage_goods g on g.company_id = ${partner.id}::int and g.area_id = d.area_id and g.goods_code like ${BENCH_GOODS_PREFIX + '%'}
         where d.company_id = ${partner.id}::int and d.sn <= ${`BN${String(limit).padStart(8, '0')}`} and d.end_user_id is not null
         order by d.sn`,
  );
  if (!found.length) throw new Error('storage bench: no seeded buyers (large seed orders)');
  return found.map((r) => ({ session: benchEndUserSession(Number(r.n)), deviceId: Number(r.device_id), goodsId: Number(r.goods_id) }));
}

const CREATE_PATH = storageAppCalls.orderCreate.path;
const runTag = () => Date.now().toString(36);

/** One app-api call as an end user, through fetch: whether it succeeded, its code and data. */
async function appCall<T>(origin: string, p: string, session: Session, data: unknown): Promise<{ ok: boolean; code: number; data: T }> {
  const res = await fetch(`${origin}${callUrlPath({ path: p, auth: 'endUser' })}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: envelope(session, p, data),
  });
  const body = (await res.json()) as { basic: { code: number }; data: T };
  return { ok: body.basic.code === 200, code: body.basic.code, data: body.data };
}

export function orderCheckoutCase(): BenchCase {
  let buyers: Buyer[] = [];
  let startedAt = 0;
  return {
    kind: 'load',
    ratio: true,
    summary:
      'app-api/order/create paying at once with the sandbox success card, another end user and device each request; all paid within 30 s after',
    async prepareDatabase(db: BenchDatabase) {
      buyers = await readyBuyers(db.database);
    },
    async prepare(): Promise<LoadTarget> {
      let i = 0;
      const tag = runTag();
      startedAt = Date.now();
      return {
        method: 'POST',
        path: callUrlPath(storageAppCalls.orderCreate),
        next: () => {
          const b = buyers[i++ % buyers.length]!;
          const data: CallData<typeof storageAppCalls.orderCreate> = {
            deviceId: b.deviceId,
            goodsId: b.goodsId,
            platform: 'android',
            idempotencyKey: `bench-${tag}-${i}`,
            card: SANDBOX_TEST_CARDS.success,
          };
          return { body: envelope(b.session, CREATE_PATH, data) };
        },
        isSuccess: (status, body) => isApiSuccess(status, body) && body.includes('"state":"paid"'),
      };
    },
    async finish(ctx) {
      // Every order of the run paid within 30 s: none left unpaid in the Bench Partner's list.
      const owner = await ctx.login();
      const deadline = Date.now() + 30_000;
      type ListData = CallData<typeof storageOrderCalls.orderList>;
      for (;;) {
        const q: ListData = { pageNum: 1, pageSize: 10, from: startedAt - 1000, to: Date.now() + 1000, viewState: 'unpaid' };
        const page = await call<{ total: number }>(ctx.origin, 'storage/order/list', owner, q);
        if (page.total === 0) return;
        if (Date.now() > deadline) throw new Error(`order-checkout: ${page.total} orders still unpaid 30 s after the load`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    },
  };
}

const STOCK = 100;
const BUYERS = 1000;

export function stockRaceCase(): BenchCase {
  let buyers: Buyer[] = [];
  let goodsId = 0;
  return {
    kind: 'report',
    summary: `${BUYERS} end users at once create an order of goods with stock ${STOCK} (each its own device): sold must equal the stock`,
    async prepareDatabase(db: BenchDatabase, log: Log) {
      const all = await readyBuyers(db.database);
      const areaGoods = all[0]!.goodsId;
      buyers = all.filter((b) => b.goodsId === areaGoods).slice(0, BUYERS);
      if (buyers.length < BUYERS) throw new Error(`stock-race: only ${buyers.length} buyers in one area`);
      // A fresh copy of the area's goods with stock 100, listed.
      const [g] = await rows<{ id: number }>(
        db.database.db,
        sql`insert into storage_goods (company_id, company_path, goods_code, name, plan_id, cost_price, guide_price, android_price, ios_price,
                                       stock, area_id, cover_file_id, contents, status, approved_snapshot)
            select company_id, company_path, ${`RACE-${runTag()}`}, 'Stock race', plan_id, cost_price, guide_price, android_price, ios_price,
                   ${STOCK}::int, area_id, cover_file_id, contents, 'listed', approved_snapshot
              from storage_goods where id = ${areaGoods}::int
            returning id`,
      );
      goodsId = g!.id;
      log(`stock-race: goods ${goodsId} with stock ${STOCK}, ${buyers.length} buyers`);
    },
    async run(ctx) {
      const tag = runTag();
      const started = performance.now();
      const results = await Promise.all(
        buyers.map((b, i) =>
          appCall<{ state: string }>(ctx.origin, CREATE_PATH, b.session, {
            deviceId: b.deviceId,
            goodsId,
            platform: 'android',
            idempotencyKey: `race-${tag}-${i}`,
          }).catch(() => ({ ok: false, code: -1, data: null })),
        ),
      );
      const seconds = (performance.now() - started) / 1000;
      const sold = results.filter((r) => r.ok).length;
      const other = results.filter((r) => !r.ok && r.code !== 31001).length;
      const lines = [`bench stock-race seconds=${seconds.toFixed(2)} sold=${sold} expected=${STOCK}`];
      if (other) lines.push(`bench stock-race errors=${other}`);
      for (const l of lines) console.log(l); // a report case prints its own lines
      if (sold !== STOCK || other) throw new Error(`${lines.join('; ')}: sold ${sold} of stock ${STOCK}`);
      return lines;
    },
  };
}

export function appGoodsListCase(): BenchCase {
  let buyers: Buyer[] = [];
  return {
    kind: 'load',
    ratio: true,
    summary: 'app-api/goods/list: another end user and device, platform and language each request',
    async prepareDatabase(db: BenchDatabase) {
      buyers = await readyBuyers(db.database);
    },
    async prepare(): Promise<LoadTarget> {
      let i = 0;
      const p = storageAppCalls.goodsList.path;
      return {
        method: 'POST',
        path: callUrlPath(storageAppCalls.goodsList),
        next: () => {
          const k = i++;
          const b = buyers[(k * 7919) % buyers.length]!;
          const data: CallData<typeof storageAppCalls.goodsList> = {
            deviceId: b.deviceId,
            platform: k % 2 ? 'ios' : 'android',
            locale: k % 3 ? 'en-US' : 'zh-CN',
          };
          return { body: envelope(b.session, p, data) };
        },
        isSuccess: isApiSuccess,
      };
    },
  };
}
