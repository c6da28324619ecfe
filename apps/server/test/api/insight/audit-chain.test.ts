/**
 * Operation-log tamper evidence (issue 15 §5): the append-only trigger, the seal (late commits
 * included), hourly checkpoints and the head in the file store, retention leaving a checkpoint,
 * verify naming the seq of an UPDATE, a middle DELETE and a truncated tail, and the supplier-only
 * verify call.
 */
import { insightCalls } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { writeOperationLog } from '../../../src/lib/audit';
import {
  applyAuditRetention,
  formatAuditVerify,
  runAuditSealOnce,
  sealOperationLogs,
  verifyOperationLog,
} from '../../../src/modules/insight';
import { AUDIT_CANONICAL_SQL, auditRowHash } from '../../../src/modules/insight/audit-chain';
import { createTestApp, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe.each(ENGINES)('operation-log tamper evidence (%s)', (engine) => {
  let t: TestApp;
  afterEach(() => t?.close());

  async function addRows(n: number, at = t.clock.now()) {
    for (let i = 0; i < n; i++)
      await writeOperationLog(
        t.database.db,
        null,
        { action: `test/write-${i}`, targetType: 'thing', targetId: i, after: { i, name: `thing ${i}` } },
        { requestId: `req-${i}`, ip: '10.0.0.1', at: new Date(at + i) },
      );
  }
  const q = (text: string) => t.database.query(text);
  /** A tamperer with the table owner's rights: the trigger switched off around its change. */
  async function tamper(statement: string) {
    await q('ALTER TABLE operation_logs DISABLE TRIGGER operation_logs_guard');
    await q(statement);
    await q('ALTER TABLE operation_logs ENABLE TRIGGER operation_logs_guard');
  }
  const seqs = async () =>
    (
      await t.database.query<{ seq: string }>(
        'select seq::text as seq from operation_logs where seq is not null order by operation_logs.seq',
      )
    ).rows.map((r) => Number(r.seq));
  const sealRun = () => runAuditSealOnce(t.database, t.fileStore, t.clock.now(), { retentionDays: 365 });

  it('refuses UPDATE, DELETE and TRUNCATE, but lets the seal and retention through', async () => {
    t = await createTestApp(engine);
    await addRows(3);
    await expect(q(`update operation_logs set action = 'forged'`)).rejects.toThrow(/append-only/);
    await expect(q(`delete from operation_logs`)).rejects.toThrow(/append-only/);
    await expect(q(`truncate operation_logs`)).rejects.toThrow(/append-only/);
    const { sealed } = await sealOperationLogs(t.database);
    expect(sealed).toBeGreaterThanOrEqual(3);
    // Sealed rows cannot be re-sealed or changed either.
    await expect(q(`update operation_logs set hash = 'x'`)).rejects.toThrow(/append-only/);
    await expect(q(`update operation_logs set seq = null`)).rejects.toThrow(/append-only/);
    // The retention setting is transaction-local and lets only DELETE through.
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('portal.audit_retention', 'on', true)`);
        await tx.execute(sql`update operation_logs set action = 'forged'`);
      }),
    ).rejects.toThrow();
    const ok = await verifyOperationLog(t.database, t.fileStore);
    expect(ok).toEqual({ ok: true, rows: sealed });
  });

  it('seals in its own order, a late commit included, and verify holds', async () => {
    t = await createTestApp(engine);
    await addRows(5);
    const first = await sealRun();
    expect(first.sealed).toBeGreaterThanOrEqual(5);
    expect(first.checkpoint).toBe(true);
    // A row with a lower id that committed after the seal (a transaction that was still open).
    const [{ min }] = (await t.database.query<{ min: string }>('select min(id)::text as min from operation_logs')).rows;
    await t.database.query(
      `insert into operation_logs (id, at, action, request_id, ip) values ($1, now(), 'test/late', 'req-late', '10.0.0.2')`,
      [Number(min) - 1000],
    );
    await addRows(2);
    const second = await sealRun();
    expect(second.sealed).toBe(3);
    const s = await seqs();
    expect(s).toEqual(Array.from({ length: s.length }, (_, i) => i + 1));
    const [late] = (await t.database.query<{ seq: string }>(`select seq::text as seq from operation_logs where action = 'test/late'`)).rows;
    expect(Number(late.seq)).toBeGreaterThan(first.sealed);
    const r = await verifyOperationLog(t.database, t.fileStore);
    expect(r).toEqual({ ok: true, rows: s.length });
    expect(formatAuditVerify(r)).toBe(`audit verify rows=${s.length} ok`);
    // The head in the file store names the chain's last seq.
    expect(await t.fileStore.exists('audit/head.json')).toBe(true);
  });

  it('seals and verifies past nine rows and across batches in numeric order (1, 2, ... 10, not 1, 10, 100)', async () => {
    t = await createTestApp(engine);
    await addRows(120);
    await sealOperationLogs(t.database, { batch: 7 });
    await addRows(5);
    await sealOperationLogs(t.database, { batch: 7 });
    const s = await seqs();
    expect(s).toEqual(Array.from({ length: s.length }, (_, i) => i + 1));
    // Sealed in id order.
    const { rows } = await t.database.query<{ ok: boolean }>(
      `select bool_and(a.id < b.id) as ok from operation_logs a join operation_logs b on b.seq = a.seq + 1`,
    );
    expect(rows[0].ok).toBe(true);
    await runAuditSealOnce(t.database, t.fileStore, t.clock.now(), { retentionDays: 365 });
    expect(await verifyOperationLog(t.database, t.fileStore)).toEqual({ ok: true, rows: s.length });
    await tamper(`delete from operation_logs where seq = 100`);
    expect(await verifyOperationLog(t.database, t.fileStore)).toEqual({ ok: false, rows: 99, brokenSeq: 100 });
  });

  it('names the seq of an UPDATE', async () => {
    t = await createTestApp(engine);
    await addRows(6);
    await sealRun();
    const s = await seqs();
    const victim = s[3];
    await tamper(`update operation_logs set "after" = '{"i": 3, "name": "other"}' where seq = ${victim}`);
    const r = await verifyOperationLog(t.database, t.fileStore);
    expect(r).toEqual({ ok: false, rows: victim - 1, brokenSeq: victim });
    expect(formatAuditVerify(r)).toBe(`audit verify rows=${victim - 1} broken seq=${victim}`);
  });

  it('names the seq of an UPDATE whose chain was recomputed, by the checkpoint', async () => {
    t = await createTestApp(engine);
    await addRows(4);
    await sealRun();
    const s = await seqs();
    // A tamperer who changes a row and rewrites its hash and every later link: only the anchors tell.
    const last = s[s.length - 1];
    await tamper(`update operation_logs set ip = '6.6.6.6' where seq = ${last}`);
    const { rows } = await t.database.query<{ prev_hash: string; canonical: string }>(
      `select prev_hash, ${AUDIT_CANONICAL_SQL} as canonical from operation_logs where seq = ${last}`,
    );
    await tamper(`update operation_logs set hash = '${auditRowHash(rows[0].prev_hash, rows[0].canonical)}' where seq = ${last}`);
    expect(await verifyOperationLog(t.database, t.fileStore)).toEqual({ ok: false, rows: last - 1, brokenSeq: last });
  });

  it('names the seq of a middle DELETE', async () => {
    t = await createTestApp(engine);
    await addRows(6);
    await sealRun();
    const s = await seqs();
    const victim = s[2];
    await tamper(`delete from operation_logs where seq = ${victim}`);
    expect(await verifyOperationLog(t.database, t.fileStore)).toEqual({ ok: false, rows: victim - 1, brokenSeq: victim });
  });

  it('names the first seq of a truncated tail, after the last checkpoint too', async () => {
    t = await createTestApp(engine);
    await addRows(3);
    await sealRun();
    t.clock.advance(5 * 60_000);
    await addRows(3);
    await sealRun(); // same hour: no new checkpoint, the head moves on
    const s = await seqs();
    const cut = s[s.length - 2];
    await tamper(`delete from operation_logs where seq >= ${cut}`);
    expect(await verifyOperationLog(t.database, t.fileStore)).toEqual({ ok: false, rows: cut - 1, brokenSeq: cut });
  });

  it('writes an hourly checkpoint to the file store once an hour', async () => {
    t = await createTestApp(engine);
    await addRows(2);
    expect((await sealRun()).checkpoint).toBe(true);
    await addRows(1);
    expect((await sealRun()).checkpoint).toBe(false);
    t.clock.advance(HOUR);
    await addRows(1);
    expect((await sealRun()).checkpoint).toBe(true);
    const { rows } = await t.database.query<{ file_key: string }>(
      `select file_key from operation_log_checkpoints where kind = 'hourly' order by seq`,
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(await t.fileStore.exists(r.file_key)).toBe(true);
    // A checkpoint file removed from the store no longer vouches: verify names its seq.
    await t.fileStore.delete(rows[1].file_key);
    const r = await verifyOperationLog(t.database, t.fileStore);
    expect(r.ok).toBe(false);
  });

  it('retention deletes rows past the retention days and leaves a checkpoint that verify starts from', async () => {
    t = await createTestApp(engine);
    const now = t.clock.now();
    await addRows(4, now - 400 * DAY);
    await addRows(3, now - 10 * DAY);
    await sealOperationLogs(t.database);
    const before = await seqs();
    const deleted = await applyAuditRetention(t.database, t.fileStore, now, 365);
    expect(deleted).toBeGreaterThanOrEqual(4);
    const { rows: old } = await t.database.query(`select 1 from operation_logs where at < $1::timestamptz`, [
      new Date(now - 365 * DAY).toISOString(),
    ]);
    expect(old).toHaveLength(0);
    const after = await seqs();
    expect(after.length).toBe(before.length - deleted);
    const { rows: cps } = await t.database.query<{ seq: string; file_key: string }>(
      `select seq::text as seq, file_key from operation_log_checkpoints where kind = 'retention'`,
    );
    expect(cps).toHaveLength(1);
    expect(Number(cps[0].seq)).toBe(after[0] - 1);
    expect(await t.fileStore.exists(cps[0].file_key)).toBe(true);
    expect(await verifyOperationLog(t.database, t.fileStore)).toEqual({ ok: true, rows: after.length });
    // New rows chain on from the remaining ones; a second run deletes nothing.
    await addRows(2);
    await sealRun();
    expect(await applyAuditRetention(t.database, t.fileStore, now, 365)).toBe(0);
    expect(await verifyOperationLog(t.database, t.fileStore)).toEqual({ ok: true, rows: after.length + 2 });
    // Deleting the first remaining row (the retention base's successor) is still caught.
    await tamper(`delete from operation_logs where seq = ${after[0]}`);
    expect(await verifyOperationLog(t.database, t.fileStore)).toMatchObject({ ok: false, brokenSeq: after[0] });
  });

  it('answers verify to the supplier only; signed out and without the code it is refused', async () => {
    t = await createTestApp(engine);
    await addRows(3);
    await sealRun();
    const supplier = await t.login('supplier@test.local');
    const r = await t.call(insightCalls.auditVerify, {}, supplier);
    expect(r.basic.code, r.basic.msg).toBe(200);
    expect(r.data.ok).toBe(true);
    expect(r.data.brokenSeq).toBeNull();
    expect(r.data.rows).toBe((await seqs()).length);
    const owner = await t.login('owner-a@test.local');
    const refused = await t.call(insightCalls.auditVerify, {}, owner);
    expect(refused.basic.code).not.toBe(200);
    const anonymous = await t.call(insightCalls.auditVerify, {}, null);
    expect(anonymous.basic.code).not.toBe(200);
    const s = await seqs();
    await tamper(`delete from operation_logs where seq = ${s[1]}`);
    const broken = await t.call(insightCalls.auditVerify, {}, supplier);
    expect(broken.data).toEqual({ ok: false, rows: s[1] - 1, brokenSeq: s[1] });
  });
});
