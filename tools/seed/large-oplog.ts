/**
 * The benchmark's operation log: by default 1,000,000 rows over the last 30 days in the Bench
 * Partner's subtree (actors its users, targets its companies), a spread of modules, actions, IPs
 * and a few refusals; one INSERT ... SELECT over generate_series, then sealed by the server's own
 * seal (modules/insight/audit-chain.ts), so `npm run audit:verify` holds over them.
 */
import type { Database } from '@portal/server/db/client';
import { sealOperationLogs } from '@portal/server/modules/insight/index';
import { sql } from 'drizzle-orm';
import { benchPartner } from './large-devices';
import { one, rows, type Log } from './shared';

/** [module, action, target type] of the seeded rows; the bench searches by these. */
export const BENCH_OPLOG_ACTIONS = [
  ['device', 'device/import', 'device'],
  ['device', 'device/customer/assign', 'device'],
  ['upgrade', 'upgrade/package/create', 'firmwarePackage'],
  ['upgrade', 'upgrade/task/create', 'releaseTask'],
  ['customer', 'customer/user/invite', 'user'],
  ['customer', 'customer/company/update', 'company'],
  ['auth', 'auth/login', 'user'],
  ['auth', 'auth/logout', 'user'],
  ['message', 'message/save', 'message'],
  ['storage', 'storage/goods/save', 'goods'],
] as const;
export const BENCH_OPLOG_MODULES = [...new Set(BENCH_OPLOG_ACTIONS.map((a) => a[0]))];

export async function hasLargeOperationLogs(database: Pick<Database, 'db'>): Promise<boolean> {
  const partner = await benchPartner(database);
  if (!partner) return false;
  const r = await one<{ found: boolean }>(
    database.db,
    sql`select exists (select 1 from operation_logs where actor_company_path like ${partner.path + '%'} and request_id like 'bench-%') as found`,
  );
  return !!r?.found;
}

export async function seedLargeOperationLogs(
  database: Database,
  opts: { rows?: number; log?: Log } = {},
): Promise<{ rows: number; seconds: number }> {
  const log = opts.log ?? (() => {});
  const N = Math.floor(opts.rows ?? 1_000_000);
  if (N <= 0) return { rows: 0, seconds: 0 };
  const partner = await benchPartner(database);
  if (!partner) throw new Error('seedLargeOperationLogs: the Bench Partner does not exist; seed the large volumes first');
  const startedAt = performance.now();
  const companies = await rows<{ id: number; path: string }>(
    database.db,
    sql`select id, path from companies where path like ${partner.path + '%'} order by id limit 2000`,
  );
  const users = await rows<{ id: number; nickname: string; path: string }>(
    database.db,
    sql`select u.id, u.nickname, c.path from users u join companies c on c.id = u.company_id
         where c.path like ${partner.path + '%'} order by u.id limit 2000`,
  );
  if (companies.length === 0 || users.length === 0) throw new Error('seedLargeOperationLogs: the Bench Partner has no companies or users');
  const A = BENCH_OPLOG_ACTIONS.length;
  await database.db.execute(sql`
    insert into operation_logs (at, actor_user_id, actor_name, actor_company_path, company_id, company_path, module, action, result,
                                target_type, target_id, "after", request_id, ip)
    select now() - (n::bigint * 2592000000 / ${N}::int) * interval '1 millisecond',
           (${sql.param(users.map((u) => u.id))}::int[])[1 + n % ${users.length}::int],
           (${sql.param(users.map((u) => u.nickname))}::text[])[1 + n % ${users.length}::int],
           (${sql.param(users.map((u) => u.path))}::text[])[1 + n % ${users.length}::int],
           (${sql.param(companies.map((c) => c.id))}::int[])[1 + (n / 7) % ${companies.length}::int],
           (${sql.param(companies.map((c) => c.path))}::text[])[1 + (n / 7) % ${companies.length}::int],
           (${sql.param(BENCH_OPLOG_ACTIONS.map((a) => a[0]))}::text[])[1 + n % ${A}::int],
           (${sql.param(BENCH_OPLOG_ACTIONS.map((a) => a[1]))}::text[])[1 + n % ${A}::int],
           case when n % 20 = 0 then 'refused' else 'success' end,
           (${sql.param(BENCH_OPLOG_ACTIONS.map((a) => a[2]))}::text[])[1 + n % ${A}::int],
           (n % 50000)::text,
           jsonb_build_object('n', n),
           'bench-' || n,
           '10.' || (n % 200) || '.' || (n / 200 % 250) || '.' || (n % 7 + 1)
      from generate_series(1, ${N}::int) n`);
  await database.db.execute(sql`analyze operation_logs`);
  log(
    `large: ${N.toLocaleString('en-US')} operation-log rows inserted in ${((performance.now() - startedAt) / 1000).toFixed(1)} s; sealing`,
  );
  const sealed = await sealOperationLogs(database, { batch: 20_000 });
  // The seal rewrote every row once: the visibility map autovacuum would set on a live database, so
  // the search's index-only scans read no table page (a cluster with autovacuum off never gets there).
  await database.db.execute(sql`vacuum analyze operation_logs`);
  const seconds = (performance.now() - startedAt) / 1000;
  log(`large: operation log sealed (${sealed.sealed.toLocaleString('en-US')} rows, seq ${sealed.tip.seq}) in ${seconds.toFixed(1)} s`);
  return { rows: N, seconds };
}
