/**
 * Tamper evidence of the operation log (issue 15 §5).
 *
 * - Rows are append-only: a trigger (migration 0020) refuses UPDATE, DELETE and TRUNCATE, except the
 *   seal below (seq, prev_hash and hash of an unsealed row) and retention's DELETE, which sets the
 *   transaction-local `portal.audit_retention`.
 * - The seal (one run at a time: an advisory lock) takes the unsealed rows in id order, whenever
 *   they committed (a late commit is sealed by the next run, never skipped), and gives each the
 *   next `seq`, `prev_hash` = the previous row's hash and `hash` = sha256(prev_hash "\n" canonical).
 * - Anchors outside the database, in the file store: `audit/head.json` (the chain's last seq and
 *   hash after every seal, and the retention base), and hourly checkpoints `audit/checkpoints/<seq>.json`
 *   (listed in operation_log_checkpoints). A truncated tail is told by the head.
 * - Retention deletes the rows older than AUDIT_RETENTION_DAYS after writing a retention
 *   checkpoint, which becomes verify's starting point.
 * - Verify walks the chain from the base: the first seq missing, re-linked, changed, or disagreeing
 *   with an anchor is named.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { FileStore } from '../../lib/files';
import {
  unsafeDeleteCountsUpTo,
  unsafeDeleteSealedUpTo,
  unsafeHourlyCheckpointsAfter,
  unsafeInsertCheckpoint,
  unsafeLastCheckpoint,
  unsafeLastHourlyCheckpoint,
  unsafeLastRetentionCheckpoint,
  unsafeLastSealedRow,
  unsafeLastSealedSeqBefore,
  unsafeLockAuditChain,
  unsafeSealedRowHash,
  unsafeSealedRowsFrom,
  unsafeSealRows,
  unsafeUnsealedRows,
  type Runner,
} from './audit-chain.repository';

export { AUDIT_CANONICAL_SQL } from './audit-chain.repository';

export const AUDIT_GENESIS_HASH = '0'.repeat(64);
export const AUDIT_HEAD_KEY = 'audit/head.json';
const SEAL_BATCH = 5000;
const VERIFY_BATCH = 5000;
const HOUR_MS = 3_600_000;

export interface ChainPoint {
  seq: number;
  hash: string;
}

export interface AuditHead extends ChainPoint {
  at: string;
  /** The retention checkpoint verify starts after ({ seq: 0, hash: genesis } before any retention). */
  base: ChainPoint;
}

export type AuditVerifyResult = { ok: true; rows: number } | { ok: false; rows: number; brokenSeq: number };

export function auditRowHash(prevHash: string, canonical: string): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonical).digest('hex');
}

/** The chain's last point: the last sealed row, else the last checkpoint (all rows gone by retention), else genesis. */
async function chainTip(db: Runner): Promise<ChainPoint> {
  const row = await unsafeLastSealedRow(db);
  if (row) return { seq: Number(row.seq), hash: row.hash };
  const cp = await unsafeLastCheckpoint(db);
  return cp ? { seq: Number(cp.seq), hash: cp.hash } : { seq: 0, hash: AUDIT_GENESIS_HASH };
}

async function retentionBase(db: Runner): Promise<ChainPoint> {
  const cp = await unsafeLastRetentionCheckpoint(db);
  return cp ? { seq: Number(cp.seq), hash: cp.hash } : { seq: 0, hash: AUDIT_GENESIS_HASH };
}

/** Seals one batch of unsealed rows in one transaction; answers how many and the chain's tip after. */
async function sealBatch(database: Database, batch: number): Promise<{ sealed: number; tip: ChainPoint }> {
  return database.db.transaction(async (tx) => {
    await unsafeLockAuditChain(tx);
    let tip = await chainTip(tx);
    const rows = await unsafeUnsealedRows(tx, batch);
    if (rows.length === 0) return { sealed: 0, tip };
    const ids: string[] = [];
    const seqs: number[] = [];
    const prevs: string[] = [];
    const hashes: string[] = [];
    for (const r of rows) {
      const hash = auditRowHash(tip.hash, r.canonical);
      ids.push(r.id);
      seqs.push(tip.seq + 1);
      prevs.push(tip.hash);
      hashes.push(hash);
      tip = { seq: tip.seq + 1, hash };
    }
    await unsafeSealRows(tx, { ids, seqs, prevs, hashes });
    return { sealed: rows.length, tip };
  });
}

/** Seals every row unsealed now (batch by batch); answers how many and the chain's tip. */
export async function sealOperationLogs(database: Database, opts: { batch?: number } = {}) {
  let sealed = 0;
  for (;;) {
    const r = await sealBatch(database, opts.batch ?? SEAL_BATCH);
    sealed += r.sealed;
    if (r.sealed < (opts.batch ?? SEAL_BATCH)) return { sealed, tip: r.tip };
  }
}

async function putJson(fileStore: FileStore, key: string, value: unknown) {
  await fileStore.put(key, Buffer.from(JSON.stringify(value)), { contentType: 'application/json' });
}

async function readJson<T>(fileStore: FileStore, key: string): Promise<T | null> {
  let got;
  try {
    got = await fileStore.get(key);
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
  const chunks: Buffer[] = [];
  for await (const c of got.stream) chunks.push(Buffer.from(c as Buffer));
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
  } catch {
    return null;
  }
}

async function writeHead(database: Database, fileStore: FileStore, now: number): Promise<AuditHead> {
  const tip = await chainTip(database.db);
  const head: AuditHead = { ...tip, at: new Date(now).toISOString(), base: await retentionBase(database.db) };
  await putJson(fileStore, AUDIT_HEAD_KEY, head);
  return head;
}

async function writeCheckpoint(database: Database, fileStore: FileStore, kind: 'hourly' | 'retention', point: ChainPoint, now: number) {
  const fileKey = `audit/checkpoints/${kind}-${point.seq}.json`;
  await putJson(fileStore, fileKey, { kind, ...point, at: new Date(now).toISOString() });
  await unsafeInsertCheckpoint(database.db, { kind, seq: point.seq, hash: point.hash, at: new Date(now).toISOString(), fileKey });
}

/**
 * Deletes the sealed rows older than `days` (those up to the last seq written before the cutoff),
 * after a retention checkpoint of that seq, which verify starts after. Answers the rows deleted.
 */
export async function applyAuditRetention(database: Database, fileStore: FileStore, now: number, days: number): Promise<number> {
  const cutoff = new Date(now - days * 86_400_000).toISOString();
  const lastSeq = await unsafeLastSealedSeqBefore(database.db, cutoff);
  if (!lastSeq) return 0;
  const seq = Number(lastSeq);
  const base = await retentionBase(database.db);
  if (seq <= base.seq) return 0;
  const hash = await unsafeSealedRowHash(database.db, seq);
  if (hash === null) return 0;
  // The checkpoint first: the chain up to seq had this hash whether or not the delete then happens.
  await writeCheckpoint(database, fileStore, 'retention', { seq, hash }, now);
  await writeHead(database, fileStore, now);
  return database.db.transaction(async (tx) => {
    await unsafeLockAuditChain(tx);
    await unsafeDeleteCountsUpTo(tx, cutoff);
    return unsafeDeleteSealedUpTo(tx, seq);
  });
}

/**
 * One run of the `insight.audit-seal` job: seal, write the head, an hourly checkpoint when the hour
 * has none yet, and (with it, so at most hourly) retention.
 */
export async function runAuditSealOnce(
  database: Database,
  fileStore: FileStore,
  now: number,
  opts: { retentionDays: number },
): Promise<{ sealed: number; checkpoint: boolean; deleted: number }> {
  const { sealed, tip } = await sealOperationLogs(database);
  const lastHourly = await unsafeLastHourlyCheckpoint(database.db);
  const due =
    tip.seq > 0 &&
    (!lastHourly || (Math.floor(Number(lastHourly.at) / HOUR_MS) < Math.floor(now / HOUR_MS) && tip.seq > Number(lastHourly.seq)));
  if (due) await writeCheckpoint(database, fileStore, 'hourly', tip, now);
  const deleted = due ? await applyAuditRetention(database, fileStore, now, opts.retentionDays) : 0;
  if (sealed > 0 || due || !(await fileStore.exists(AUDIT_HEAD_KEY))) await writeHead(database, fileStore, now);
  return { sealed, checkpoint: due, deleted };
}

/**
 * Walks the sealed chain from the retention base, against the anchors in the file store: answers
 * the rows verified, or the first broken seq (missing, re-linked, changed, or past the tail).
 */
export async function verifyOperationLog(database: Database, fileStore: FileStore): Promise<AuditVerifyResult> {
  const head = await readJson<AuditHead>(fileStore, AUDIT_HEAD_KEY);
  const base: ChainPoint = head?.base ?? { seq: 0, hash: AUDIT_GENESIS_HASH };
  const anchors = new Map<number, string>();
  if (head && head.seq > base.seq) anchors.set(head.seq, head.hash);
  const cps = await unsafeHourlyCheckpointsAfter(database.db, base.seq);
  for (const cp of cps) {
    const file = await readJson<ChainPoint>(fileStore, cp.file_key);
    // A checkpoint whose file is gone or altered does not vouch for anything: that seq is broken.
    if (!file || file.seq !== Number(cp.seq)) return { ok: false, rows: 0, brokenSeq: Number(cp.seq) };
    anchors.set(file.seq, file.hash);
  }

  let expected = base.seq + 1;
  let prev = base.hash;
  let rows = 0;
  for (;;) {
    const batch = await unsafeSealedRowsFrom(database.db, expected, VERIFY_BATCH);
    for (const r of batch) {
      const seq = Number(r.seq);
      if (seq !== expected || r.prev_hash !== prev) return { ok: false, rows, brokenSeq: expected };
      const hash = auditRowHash(prev, r.canonical);
      if (hash !== r.hash) return { ok: false, rows, brokenSeq: seq };
      const anchor = anchors.get(seq);
      if (anchor !== undefined && anchor !== hash) return { ok: false, rows, brokenSeq: seq };
      prev = hash;
      expected += 1;
      rows += 1;
    }
    if (batch.length < VERIFY_BATCH) break;
  }
  // An anchor past the last row: the tail was cut.
  for (const seq of anchors.keys()) if (seq >= expected) return { ok: false, rows, brokenSeq: expected };
  return { ok: true, rows };
}

export function formatAuditVerify(r: AuditVerifyResult): string {
  return r.ok ? `audit verify rows=${r.rows} ok` : `audit verify rows=${r.rows} broken seq=${r.brokenSeq}`;
}
