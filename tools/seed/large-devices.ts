/**
 * The benchmark's device fleet: by default 1,000,000 IPC cameras of the Bench Partner, spread over
 * the regional DCs and their countries, on two models and three firmware versions, a fifth of them
 * online. One INSERT ... SELECT over generate_series, into the table with all its indexes.
 *
 * Every bench device is an IPC of BENCH_DEVICE_MODELS on one of BENCH_DEVICE_VERSIONS, so a single
 * package made for those models and versions fits the whole fleet (the release-create bench).
 */
import type { Database } from '@portal/server/db/client';
import { sql } from 'drizzle-orm';
import { BENCH_PARTNER_NAME } from './large';
import { elapsed, one, rows, type Log } from './shared';

export const BENCH_DEVICE_MODELS = ['IPC-200', 'IPC-300'] as const;
export const BENCH_DEVICE_VERSIONS = ['V1.0.0', 'V1.1.0', 'V1.2.0'] as const;
/** SN of bench device n (1-based): 'BN00000001'. */
export const benchSn = (n: number) => `BN${String(n).padStart(8, '0')}`;
/** The model and version bench device n has (as the seed computes them). */
export const benchModelOf = (n: number) => BENCH_DEVICE_MODELS[n % 3 === 0 ? 1 : 0];
export const benchVersionOf = (n: number) => BENCH_DEVICE_VERSIONS[n % 3];

export async function benchPartner(database: Pick<Database, 'db'>): Promise<{ id: number; path: string } | undefined> {
  return one<{ id: number; path: string }>(
    database.db,
    sql`select id, path from companies where type = 'partner' and name = ${BENCH_PARTNER_NAME} order by id limit 1`,
  );
}

/** Whether the Bench Partner already has its devices. */
export async function hasLargeDevices(database: Pick<Database, 'db'>): Promise<boolean> {
  const partner = await benchPartner(database);
  if (!partner) return false;
  const r = await one<{ found: boolean }>(
    database.db,
    sql`select exists (select 1 from devices where company_id = ${partner.id}::int) as found`,
  );
  return !!r?.found;
}

export async function seedLargeDevices(
  database: Database,
  opts: { devices?: number; log?: Log } = {},
): Promise<{ devices: number; seconds: number }> {
  const log = opts.log ?? (() => {});
  const N = Math.floor(opts.devices ?? 1_000_000);
  if (N <= 0) return { devices: 0, seconds: 0 };
  const partner = await benchPartner(database);
  if (!partner) throw new Error(`seedLargeDevices: '${BENCH_PARTNER_NAME}' does not exist; seed the large volumes first`);
  if (await hasLargeDevices(database)) throw new Error(`seedLargeDevices: '${BENCH_PARTNER_NAME}' already has devices`);
  const startedAt = performance.now();

  // (area, country) pairs: the first three countries each DC serves (the RDC when there is no DC).
  const areaRows = await rows<{ id: number; kind: string; res_vals: string[] }>(
    database.db,
    sql`select id, kind, res_vals from areas order by id`,
  );
  const dcs = areaRows.filter((a) => a.kind === 'DDC');
  const pairs = (dcs.length ? dcs : areaRows).flatMap((a) =>
    (a.res_vals.length ? a.res_vals.slice(0, 3) : ['US']).map((c) => ({ areaId: a.id, country: c })),
  );
  if (pairs.length === 0) throw new Error('seedLargeDevices: no areas');

  await database.db.execute(sql`
    insert into devices (company_id, company_path, sn, mac, model, product_type, firmware_version, hardware_version, country, area_id,
                         last_seen_at, created_at, updated_at)
    select ${partner.id}::int, ${partner.path}::text,
           'BN' || lpad(n::text, 8, '0'),
           'BE0C' || lpad(upper(to_hex(n)), 8, '0'),
           case when n % 3 = 0 then ${BENCH_DEVICE_MODELS[1]} else ${BENCH_DEVICE_MODELS[0]} end,
           'IPC',
           (${sql.param([...BENCH_DEVICE_VERSIONS])}::text[])[1 + n % 3],
           'HW1.0',
           (${sql.param(pairs.map((p) => p.country))}::text[])[1 + n % ${pairs.length}::int],
           (${sql.param(pairs.map((p) => p.areaId))}::int[])[1 + n % ${pairs.length}::int],
           case when n % 5 = 0 then now() - (n % 600) * interval '1 second' else now() - (1 + n % 30) * interval '1 day' end,
           now() - (n % 900) * interval '1 day',
           now()
      from generate_series(1, ${N}::int) n`);
  await database.db.execute(sql`analyze devices`);
  const seconds = Number(elapsed(startedAt));
  log(`large: ${N} devices of ${BENCH_PARTNER_NAME} in ${seconds.toFixed(2)} s`);
  return { devices: N, seconds };
}
