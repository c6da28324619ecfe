/**
 * Insight benchmark cases (issue 15, Figures), over the large seed's Bench Partner (1,000,000
 * devices; tools/seed/large-devices.ts):
 * - stats-dashboard: the Data statistics Overview's calls in turn (overview, by customer, by
 *   version) as the Bench Partner's owner, each request a different range (1-31 days) and filter,
 *   with the server's read cache off.
 * - stats-rollup: one new hour of device events (a tenth of the fleet going offline and online
 *   again, a hundredth changing version) rolled up by the rollup the insight.rollup job runs
 *   (unsafeRollUp), after the backlog before it has been rolled up (not timed).
 * - oplog-export: BENCH_OPLOG_EXPORT_ROWS (default 500,000) operation-log rows of the Bench
 *   Partner's subtree to xlsx through insight/operation-log/export and its signed link, as the
 *   Bench Partner's owner: the seconds from the call to the file's last byte, and the server's
 *   resident memory growth while it streams (peak over the start, from /proc/<pid>/status).
 */
import { API_PREFIX, insightCalls, insightExportCalls, type CallData, type InsightExportResult } from '@portal/contract';
import { runRollupOnce } from '@portal/server/modules/insight/jobs';
import { sql } from 'drizzle-orm';
import { benchPartner, BENCH_DEVICE_MODELS, BENCH_DEVICE_VERSIONS } from '../seed/large-devices';
import type { Log } from '../seed/shared';
import { readFileSync } from 'node:fs';
import { seedLargeOperationLogs } from '../seed/large-oplog';
import { call, envelope, isApiSuccess } from './api';
import { seededRandom } from './random';
import type { BenchCase, BenchDatabase } from './types';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
type StatsQuery = CallData<typeof insightCalls.statsOverview>;
const STATS_PATHS = [insightCalls.statsOverview.path, insightCalls.statsByCustomer.path, insightCalls.statsByVersion.path] as const;

/**
 * The dashboard's requests: the three calls in turn, each with a range of 1-31 days ending in the
 * last 30 days and mostly a filter (model, version, product type or country): no two alike for a
 * cache to hold.
 */
export function statsDashboardRequests(seed = 5, now = Date.now()): () => { path: string; data: StatsQuery } {
  const rnd = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  let turn = 0;
  return () => {
    const to = now - Math.floor(rnd() * 30) * DAY_MS;
    const from = to - (1 + Math.floor(rnd() * 30)) * DAY_MS + 1;
    const data: StatsQuery = { range: { from, to } };
    const f = rnd();
    if (f < 0.25) data.model = pick(BENCH_DEVICE_MODELS);
    else if (f < 0.45) data.version = pick(BENCH_DEVICE_VERSIONS);
    else if (f < 0.6) data.productType = 'IPC';
    else if (f < 0.75) data.country = pick(['US', 'DE', 'CN', 'BR', 'IN'] as const);
    const path = STATS_PATHS[turn++ % STATS_PATHS.length]!;
    return { path, data };
  };
}

export function statsDashboardCase(): BenchCase {
  return {
    kind: 'load',
    ratio: true,
    summary:
      "insight/stats overview, by-customer and by-version in turn as the Bench Partner's owner: a different range (1-31 days) and filter each request, read cache off",
    serverEnv: { READ_CACHE: 'off' },
    async prepare(ctx) {
      const session = await ctx.login();
      const next = statsDashboardRequests();
      return {
        method: 'POST',
        path: `${API_PREFIX}/${STATS_PATHS[0]}`,
        next: () => {
          const r = next();
          return { path: `${API_PREFIX}/${r.path}`, body: envelope(session, r.path, r.data) };
        },
        isSuccess: isApiSuccess,
      };
    },
  };
}

let rollupSeconds: number | null = null;

/** Writes one hour of events of the Bench Partner's fleet at `hour` (set-based, as the flush writes them). */
async function writeHourOfEvents(bench: BenchDatabase, partnerId: number, hour: number): Promise<number> {
  const at = (offsetMs: number) => new Date(hour + offsetMs).toISOString();
  const dims = `d.company_id, d.company_path, coalesce(d.customer_id, 0), d.customer_path, d.product_type, d.model, d.firmware_version, d.country, coalesce(d.area_id, 0)`;
  const r = (await bench.database.db.execute(sql`
    with fleet as (select * from devices d where d.company_id = ${partnerId}::int and d.id % 10 = extract(hour from ${at(0)}::timestamptz)::int % 10),
    ins as (
      insert into device_events (device_id, kind, at, brand_id, brand_path, customer_id, customer_path, product_type, model, version, country, area_id)
      select d.id, 'offline', ${at(5 * 60_000)}::timestamptz + (d.id % 600) * interval '1 second', ${sql.raw(dims)} from fleet d
      union all
      select d.id, 'online', ${at(35 * 60_000)}::timestamptz + (d.id % 600) * interval '1 second', ${sql.raw(dims)} from fleet d
      union all
      select d.id, 'version_change', ${at(50 * 60_000)}::timestamptz, ${sql.raw(dims)} from fleet d where d.id % 100 = 0
      returning 1)
    select count(*)::int as n from ins`)) as unknown as { rows: Array<{ n: number }> };
  return Number(r.rows[0]?.n ?? 0);
}

export function statsRollupCase(): BenchCase {
  return {
    kind: 'oneshot',
    summary:
      "one new hour of the Bench Partner's device events (a tenth of 1,000,000 devices offline and back, a hundredth changing version) rolled up by the insight rollup",
    async prepareDatabase(bench: BenchDatabase, log: Log) {
      const partner = await benchPartner(bench.database);
      if (!partner) throw new Error('stats-rollup: no Bench Partner (large seed)');
      const now = Date.now();
      // The backlog first (the seed's events and earlier runs), untimed: the figure is one new hour.
      await runRollupOnce(bench.database, now);
      const hour = Math.floor(now / HOUR_MS) * HOUR_MS - HOUR_MS;
      const events = await writeHourOfEvents(bench, partner.id, hour);
      log(`stats-rollup: ${events} events written for ${new Date(hour).toISOString()}`);
      const started = performance.now();
      const r = await runRollupOnce(bench.database, Date.now());
      rollupSeconds = (performance.now() - started) / 1000;
      log(`stats-rollup: ${r.hours} hours, ${r.days} zone-days recomputed`);
    },
    async run() {
      if (rollupSeconds === null) throw new Error('stats-rollup: the rollup did not run');
      return { seconds: rollupSeconds };
    },
  };
}

/** Rows the oplog-export case exports (BENCH_OPLOG_EXPORT_ROWS, default 500,000). */
const oplogExportRows = () => Math.max(1, Number(process.env.BENCH_OPLOG_EXPORT_ROWS ?? 500_000));
let oplogExportFrom: number | null = null;

/** The resident memory of a process in MB (Linux /proc), null elsewhere. */
function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export function oplogExportCase(): BenchCase {
  return {
    kind: 'report',
    summary:
      "insight/operation-log/export of the Bench Partner's operation log to xlsx (BENCH_OPLOG_EXPORT_ROWS rows, default 500,000) as its owner, streamed through the signed link: seconds and server memory growth",
    async prepareDatabase(bench: BenchDatabase, log: Log) {
      const partner = await benchPartner(bench.database);
      if (!partner) throw new Error('oplog-export: no Bench Partner (large seed)');
      const want = oplogExportRows();
      const p = partner.path.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
      const visible = sql`(company_path like ${p} or actor_company_path like ${p}) and at <= now()`;
      const count = async () =>
        Number(
          (
            (await bench.database.db.execute(
              sql`select count(*)::int as n from (select 1 from operation_logs where ${visible} and at > now() - interval '89 days' limit ${want}) t`,
            )) as unknown as {
              rows: Array<{ n: number }>;
            }
          ).rows[0]?.n ?? 0,
        );
      const have = await count();
      if (have < want) {
        log(`oplog-export: ${have} rows in the last 89 days; adding ${want - have}`);
        await seedLargeOperationLogs(bench.database, { rows: want - have, log });
      }
      // The range starts at the want-th newest row: the export holds exactly that many (rows at the same instant aside).
      const r = (await bench.database.db.execute(
        sql`select (extract(epoch from at) * 1000)::float8 as at from operation_logs where ${visible} order by at desc offset ${want - 1} limit 1`,
      )) as unknown as { rows: Array<{ at: number }> };
      oplogExportFrom = Math.floor(Number(r.rows[0]?.at ?? Date.now() - 89 * DAY_MS));
      log(`oplog-export: exporting from ${new Date(oplogExportFrom).toISOString()}`);
    },
    async run(ctx) {
      if (oplogExportFrom === null) throw new Error('oplog-export: the database was not prepared');
      const session = await ctx.login();
      const pid = ctx.serverPid;
      const before = pid ? rssMb(pid) : null;
      let peak = before ?? 0;
      const sampler = setInterval(() => {
        const v = pid ? rssMb(pid) : null;
        if (v !== null && v > peak) peak = v;
      }, 50);
      const started = performance.now();
      let bytes = 0;
      let answer: InsightExportResult;
      try {
        answer = await call<InsightExportResult>(ctx.origin, insightExportCalls.operationLogExport.path, session, {
          range: { from: oplogExportFrom, to: Date.now() },
          format: 'xlsx',
        });
        const res = await fetch(`${ctx.origin}${answer.url}`);
        if (!res.ok || !res.body) throw new Error(`oplog-export: download HTTP ${res.status}`);
        const reader = res.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          bytes += value.byteLength;
        }
      } finally {
        clearInterval(sampler);
      }
      const seconds = (performance.now() - started) / 1000;
      const growth = before === null ? null : Math.max(0, peak - before);
      ctx.log(
        `bench: oplog-export: ${answer.rows} rows, ${(bytes / 1024 / 1024).toFixed(1)} MB of xlsx; server rss ${before?.toFixed(0) ?? '?'} MB -> peak ${peak.toFixed(0)} MB`,
      );
      const line = `bench oplog-export seconds=${seconds.toFixed(2)} rows=${answer.rows} rss_growth_mb=${growth === null ? 'n/a' : growth.toFixed(0)}`;
      console.log(line);
      return [line];
    },
  };
}
