/**
 * The operation log's seal chain in SQL (issue 15 §5; the rules are in audit-chain.ts): the chain's
 * tip and retention base, the unsealed rows and their seal, the checkpoints, retention's DELETE and
 * verify's walk. Unscoped by design (one chain over every tenant's rows, run by the seal job and by
 * `audit:verify`): the functions are `unsafe...`. Those that must share a transaction (the advisory
 * lock, then the seal or the DELETE) take the `tx`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rows as rowsOf, type Tx } from '../../db/client';

/**
 * The canonical text of a row: a jsonb array of its columns in a fixed order (jsonb's text form is
 * the same on every PostgreSQL and PGlite), the time in UTC to the microsecond. A new column that
 * must be covered is appended here (rows sealed before keep their hashes only if it is null for them).
 * Migration 0028's columns (code, target_name, params, diff, request) are appended only when one is set,
 * so the rows written before them keep their canonical text.
 */
export const AUDIT_CANONICAL_SQL = `(jsonb_build_array(id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'),
  actor_user_id, actor_name, on_behalf_of_user_id, company_id, company_path, action, target_type, target_id, "before",
  "after", request_id, ip, result, actor_company_path, module)
  || case when code is null and target_name is null and params is null and diff is null and request is null then '[]'::jsonb
     else jsonb_build_array(code, target_name, params, diff, request) end)::text`;

/** pg_advisory_xact_lock key of the seal and retention ('audit' in ASCII). */
const AUDIT_LOCK = 0x6175646974;

/** A database or a transaction: anything that runs a statement. */
export type Runner = Pick<Tx, 'execute'>;

/** Unsafe: the whole chain. The last sealed row's seq and hash, or null when no row is sealed. */
export async function unsafeLastSealedRow(db: Runner): Promise<{ seq: string; hash: string } | null> {
  const [row] = await rowsOf<{ seq: string; hash: string }>(
    db,
    sql`select seq::text as seq, hash from operation_logs where seq is not null order by operation_logs.seq desc limit 1`,
  );
  return row ?? null;
}

/** Unsafe: the whole chain. The last checkpoint of any kind, or null. */
export async function unsafeLastCheckpoint(db: Runner): Promise<{ seq: string; hash: string } | null> {
  const [cp] = await rowsOf<{ seq: string; hash: string }>(
    db,
    sql`select seq::text as seq, hash from operation_log_checkpoints order by operation_log_checkpoints.seq desc limit 1`,
  );
  return cp ?? null;
}

/** Unsafe: the whole chain. The last retention checkpoint (verify's base), or null. */
export async function unsafeLastRetentionCheckpoint(db: Runner): Promise<{ seq: string; hash: string } | null> {
  const [cp] = await rowsOf<{ seq: string; hash: string }>(
    db,
    sql`select seq::text as seq, hash from operation_log_checkpoints where kind = 'retention' order by operation_log_checkpoints.seq desc limit 1`,
  );
  return cp ?? null;
}

/** Unsafe: the whole chain. The last hourly checkpoint's seq and time (epoch ms), or null. */
export async function unsafeLastHourlyCheckpoint(db: Runner): Promise<{ seq: string; at: string } | null> {
  const [lastHourly] = await rowsOf<{ seq: string; at: string }>(
    db,
    sql`select seq::text as seq, extract(epoch from at) * 1000 as at from operation_log_checkpoints where kind = 'hourly' order by operation_log_checkpoints.seq desc limit 1`,
  );
  return lastHourly ?? null;
}

/** Unsafe: the whole chain. The hourly checkpoints after `seq`, in seq order. */
export async function unsafeHourlyCheckpointsAfter(db: Runner, seq: number): Promise<{ seq: string; file_key: string }[]> {
  return rowsOf<{ seq: string; file_key: string }>(
    db,
    sql`select seq::text as seq, file_key from operation_log_checkpoints where kind = 'hourly' and seq > ${seq} order by operation_log_checkpoints.seq`,
  );
}

/** Unsafe: the whole chain. Lists a checkpoint (its file is written first). */
export async function unsafeInsertCheckpoint(
  db: Runner,
  c: { kind: 'hourly' | 'retention'; seq: number; hash: string; at: string; fileKey: string },
): Promise<void> {
  await db.execute(
    sql`insert into operation_log_checkpoints (kind, seq, hash, at, file_key) values (${c.kind}, ${c.seq}, ${c.hash}, ${c.at}::timestamptz, ${c.fileKey})`,
  );
}

/** Unsafe: the whole chain. Takes the seal's and retention's lock until `tx` ends (one run at a time). */
export async function unsafeLockAuditChain(tx: Runner): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`);
}

/** Unsafe: every tenant's rows. Up to `batch` unsealed rows in id order, with their canonical text. */
export async function unsafeUnsealedRows(tx: Runner, batch: number): Promise<{ id: string; canonical: string }[]> {
  return rowsOf<{ id: string; canonical: string }>(
    tx,
    sql`select id::text as id, ${sql.raw(AUDIT_CANONICAL_SQL)} as canonical from operation_logs where seq is null order by operation_logs.id limit ${batch}`,
  );
}

/** The first two levels of a company path (`/1/33/500/` -> `/1/33/`; shorter paths as they are, none ''). */
export const pathRootSql = (col: SQL) => sql`coalesce(substring(${col} from '^/[0-9]+/[0-9]+/'), ${col}, '')`;

/**
 * Unsafe: every tenant's rows. Seals rows: each id's seq, prev_hash and hash, in one UPDATE (the
 * trigger allows only this), and adds them to the search's hourly counts (operation_log_counts,
 * migration 0049) in the same statement: a row is counted once, when sealed.
 */
export async function unsafeSealRows(tx: Runner, s: { ids: string[]; seqs: number[]; prevs: string[]; hashes: string[] }): Promise<void> {
  const { ids, seqs, prevs, hashes } = s;
  await tx.execute(sql`
    with sealed as (
      update operation_logs o set seq = v.seq, prev_hash = v.prev, hash = v.hash
      from (select unnest(${`{${ids.join(',')}}`}::bigint[]) as id, unnest(${`{${seqs.join(',')}}`}::bigint[]) as seq,
                   unnest(${`{${prevs.join(',')}}`}::text[]) as prev, unnest(${`{${hashes.join(',')}}`}::text[]) as hash) v
      where o.id = v.id
      returning o.at, o.company_path, o.actor_company_path, o.module, o.action, o.result)
    insert into operation_log_counts as c (hour, company_root, actor_root, module, action, result, n)
    select date_trunc('hour', at, 'UTC'), ${pathRootSql(sql`company_path`)}, ${pathRootSql(sql`actor_company_path`)}, module, action, result, count(*)::int
      from sealed group by 1, 2, 3, 4, 5, 6
    on conflict (hour, company_root, actor_root, module, action, result) do update set n = c.n + excluded.n`);
}

/**
 * Unsafe: every tenant's counts (retention). Drops the search's hourly counts up to the hour of
 * `cutoff` (ISO) included: that hour's remaining rows are then uncounted, never counted once gone.
 */
export async function unsafeDeleteCountsUpTo(tx: Runner, cutoff: string): Promise<void> {
  await tx.execute(sql`delete from operation_log_counts where hour <= date_trunc('hour', ${cutoff}::timestamptz, 'UTC')`);
}

/** Unsafe: every tenant's rows. The last seq sealed of the rows written before `cutoff` (ISO), or null. */
export async function unsafeLastSealedSeqBefore(db: Runner, cutoff: string): Promise<string | null> {
  const [last] = await rowsOf<{ seq: string | null }>(
    db,
    sql`select max(seq)::text as seq from operation_logs where at < ${cutoff}::timestamptz and seq is not null`,
  );
  return last?.seq ?? null;
}

/** Unsafe: every tenant's rows. The hash of the row sealed with `seq`, or null. */
export async function unsafeSealedRowHash(db: Runner, seq: number): Promise<string | null> {
  const [row] = await rowsOf<{ hash: string }>(db, sql`select hash from operation_logs where seq = ${seq}`);
  return row ? row.hash : null;
}

/**
 * Unsafe: every tenant's rows (retention). Deletes the rows sealed up to `seq` and answers how many;
 * sets the transaction-local `portal.audit_retention` the trigger lets the DELETE through with, so
 * run it in the transaction holding the chain's lock.
 */
export async function unsafeDeleteSealedUpTo(tx: Runner, seq: number): Promise<number> {
  await tx.execute(sql`select set_config('portal.audit_retention', 'on', true)`);
  const [gone] = await rowsOf<{ n: number }>(
    tx,
    sql`with gone as (delete from operation_logs where seq <= ${seq} returning 1) select count(*)::int as n from gone`,
  );
  return Number(gone?.n ?? 0);
}

/** Unsafe: every tenant's rows (verify). Up to `limit` sealed rows from `fromSeq` in seq order, with their canonical text. */
export async function unsafeSealedRowsFrom(
  db: Runner,
  fromSeq: number,
  limit: number,
): Promise<{ seq: string; prev_hash: string | null; hash: string | null; canonical: string }[]> {
  return rowsOf<{ seq: string; prev_hash: string | null; hash: string | null; canonical: string }>(
    db,
    sql`select seq::text as seq, prev_hash, hash, ${sql.raw(AUDIT_CANONICAL_SQL)} as canonical from operation_logs
        where seq >= ${fromSeq} order by operation_logs.seq limit ${limit}`,
  );
}
