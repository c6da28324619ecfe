/**
 * Background work on uploaded packages: verification (assemble the chunks in order, compare the md5
 * with the one entered), the sync of verified packages to every DC, and the cleanup of uploads
 * abandoned in upload_incomplete (PACKAGE_UPLOAD_ABANDON_DAYS without a chunk).
 *
 * Safe from several instances at once, with no lock held during the long work:
 * - a verifying package is claimed by a conditional update that writes a claim into status_reason
 *   (the presenter never shows it); the outcome is written only while that claim still holds. A
 *   claim older than CLAIM_LEASE_MS (a crashed worker) may be taken over.
 * - a DC copy is claimed the same way on its firmware_package_syncs row (state pending, `at` the
 *   claim time); whoever finishes the last copy moves the package on, by a conditional update.
 * - an abandoned upload is deleted in a transaction holding its row (FOR UPDATE, which also waits
 *   for a chunk being stored under its share lock) and re-checked there, by a conditional update;
 *   only the instance whose update took removes the chunk files.
 * Within one instance the passes run one after the other (the loop's tick and the kick after a
 * complete), so a caller awaiting processPendingPackages sees every pass before it finished.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { DAY_MS, ErrorCodes, firmwarePackageMachine, PACKAGE_UPLOAD_ABANDON_DAYS } from '@portal/contract';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { areas, firmwarePackageChunks, firmwarePackages, firmwarePackageSyncs } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../lib/files';
import type { AppServices } from '../../lib/services';
import { encodeReason, type PackageRow } from './packages.presenter';
import { chunkCount, chunkKey, chunkLength, dcCopyKey } from './packages.storage';

/** How long a worker's claim on a package or a DC copy holds before another may take it over. */
export const CLAIM_LEASE_MS = 15 * 60_000;
/** Packages verified per pass (each is read and written once in full). */
const VERIFY_BATCH = 10;
/** Abandoned uploads cleaned up per pass. */
const ABANDON_BATCH = 50;

const chains = new WeakMap<Database, Promise<void>>();

/** Verifies uploaded packages (md5), syncs verified ones to every DC and deletes abandoned uploads; safe to run repeatedly. */
export function processPendingPackages(database: Database, services: AppServices, now: number): Promise<void> {
  const previous = chains.get(database) ?? Promise.resolve();
  const run = previous.then(() => processOnce(database, services.fileStore, now));
  chains.set(
    database,
    run.catch(() => undefined),
  );
  return run;
}

/**
 * Starts a pass in this process at once, after a complete or a retried sync has committed, so that
 * the web sees progress without waiting for the next upgrade.tick job. Not a timer and not the
 * mechanism that guarantees the work (the job is): a nudge, safe beside the job (claims).
 */
export function kickPackageProcessing(database: Database, services: AppServices, clock: Clock, log: FastifyBaseLogger): void {
  setImmediate(() => {
    processPendingPackages(database, services, clock.now()).catch((err: unknown) => log.warn({ err }, 'package processing failed'));
  });
}

async function processOnce(database: Database, store: FileStore, now: number): Promise<void> {
  const db = database.db;
  const leaseOver = new Date(now - CLAIM_LEASE_MS);
  const unclaimed = or(
    isNull(firmwarePackages.statusReason),
    sql`${firmwarePackages.statusReason} not like '{"claim":%'`,
    lt(firmwarePackages.updatedAt, leaseOver),
  );
  const verifying = await db
    .select({ id: firmwarePackages.id })
    .from(firmwarePackages)
    .where(and(eq(firmwarePackages.status, 'verifying'), unclaimed))
    .orderBy(asc(firmwarePackages.id))
    .limit(VERIFY_BATCH);
  for (const { id } of verifying) {
    const claim = encodeReason({ claim: randomUUID(), at: now });
    const [pkg] = await db
      .update(firmwarePackages)
      .set({ statusReason: claim, updatedAt: new Date(now) })
      .where(and(eq(firmwarePackages.id, id), eq(firmwarePackages.status, 'verifying'), unclaimed))
      .returning();
    if (pkg) await verify(database, store, pkg, claim, now);
  }

  const syncing = await db.select().from(firmwarePackages).where(eq(firmwarePackages.status, 'syncing')).orderBy(asc(firmwarePackages.id));
  for (const pkg of syncing) await sync(database, store, pkg, now);

  await deleteAbandonedUploads(database, store, now);
}

/**
 * Deletes the packages left in upload_incomplete with no chunk received for PACKAGE_UPLOAD_ABANDON_DAYS
 * (nor a change of the package itself: created, edited or its upload restarted) through
 * firmwarePackageMachine, with the reason 24021, and removes their chunks from the table and the
 * store. Answers the ids this call deleted (another instance's are not among them).
 */
export async function deleteAbandonedUploads(database: Database, store: FileStore, now: number): Promise<number[]> {
  const db = database.db;
  const cutoff = new Date(now - PACKAGE_UPLOAD_ABANDON_DAYS * DAY_MS);
  const noRecentChunk = (pkgId: typeof firmwarePackages.id) => sql`not exists (
    select 1 from ${firmwarePackageChunks} c where c.pkg_id = ${pkgId} and c.received_at >= ${cutoff.toISOString()}::timestamptz)`;
  const stale = await db
    .select({ id: firmwarePackages.id })
    .from(firmwarePackages)
    .where(
      and(eq(firmwarePackages.status, 'upload_incomplete'), lt(firmwarePackages.updatedAt, cutoff), noRecentChunk(firmwarePackages.id)),
    )
    .orderBy(asc(firmwarePackages.id))
    .limit(ABANDON_BATCH);

  const deleted: PackageRow[] = [];
  for (const { id } of stale) {
    const row = await db.transaction(async (tx) => {
      const still = and(
        eq(firmwarePackages.id, id),
        eq(firmwarePackages.status, 'upload_incomplete'),
        lt(firmwarePackages.updatedAt, cutoff),
      );
      // Waits for a chunk being stored right now; the check below then sees it (a new snapshot).
      const [locked] = await tx.select({ id: firmwarePackages.id }).from(firmwarePackages).where(still).for('update');
      if (!locked) return null;
      const [done] = await tx
        .update(firmwarePackages)
        .set({
          status: firmwarePackageMachine.next('upload_incomplete', 'delete'),
          statusReason: encodeReason({ code: ErrorCodes.uploadStale, params: { days: PACKAGE_UPLOAD_ABANDON_DAYS } }),
          updatedAt: new Date(now),
        })
        .where(and(still, noRecentChunk(firmwarePackages.id)))
        .returning();
      if (!done) return null;
      await tx.delete(firmwarePackageChunks).where(eq(firmwarePackageChunks.pkgId, id));
      return done;
    });
    if (row) deleted.push(row);
  }

  // The files go once the deletions have committed; a file that cannot be removed does not stop the others.
  const failures: unknown[] = [];
  for (const pkg of deleted) {
    const keys = [pkg.objectKey, ...Array.from({ length: chunkCount(pkg.size) }, (_, i) => chunkKey(pkg.id, i))];
    for (const key of keys) await store.delete(key).catch((err: unknown) => failures.push(err));
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} stored objects of abandoned uploads not removed`);
  return deleted.map((p) => p.id);
}

/** The chunks of a package, read in order from the store, as one stream. */
async function* chunksInOrder(store: FileStore, pkgId: number, count: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < count; i++) {
    const got = await store.get(chunkKey(pkgId, i));
    for await (const b of got.stream as AsyncIterable<Buffer>) yield b;
  }
}

async function removeChunkFiles(store: FileStore, pkgId: number, size: number) {
  for (let i = 0; i < chunkCount(size); i++) await store.delete(chunkKey(pkgId, i));
}

async function verify(database: Database, store: FileStore, pkg: PackageRow, claim: string, now: number) {
  const db = database.db;
  const stillClaimed = and(
    eq(firmwarePackages.id, pkg.id),
    eq(firmwarePackages.status, 'verifying'),
    eq(firmwarePackages.statusReason, claim),
  );
  const fail = async (reason: string, computedMd5: string | null) => {
    const [done] = await db
      .update(firmwarePackages)
      .set({
        status: firmwarePackageMachine.next('verifying', 'failVerification'),
        statusReason: reason,
        computedMd5,
        updatedAt: new Date(now),
      })
      .where(stillClaimed)
      .returning({ id: firmwarePackages.id });
    if (!done) return;
    // The bytes are wrong: the only way on is a new upload (restartUpload), so nothing is kept.
    await store.delete(pkg.objectKey);
    await db.delete(firmwarePackageChunks).where(eq(firmwarePackageChunks.pkgId, pkg.id));
    await removeChunkFiles(store, pkg.id, pkg.size);
  };

  const count = chunkCount(pkg.size);
  const chunks = await db
    .select()
    .from(firmwarePackageChunks)
    .where(eq(firmwarePackageChunks.pkgId, pkg.id))
    .orderBy(asc(firmwarePackageChunks.idx));
  const received = chunks.reduce((n, c) => n + c.size, 0);
  if (chunks.length !== count || chunks.some((c, i) => c.idx !== i || c.size !== chunkLength(pkg.size, i))) {
    return fail(encodeReason({ code: ErrorCodes.uploadIncomplete, params: { received, size: pkg.size } }), null);
  }

  let put;
  try {
    put = await store.put(pkg.objectKey, Readable.from(chunksInOrder(store, pkg.id, count)), { contentType: 'application/octet-stream' });
  } catch (err) {
    await store.delete(pkg.objectKey).catch(() => undefined);
    return fail(
      encodeReason({ text: `The uploaded chunks could not be assembled: ${err instanceof Error ? err.message : String(err)}` }),
      null,
    );
  }
  if (put.size !== pkg.size || put.md5 !== pkg.md5) {
    return fail(encodeReason({ code: ErrorCodes.packageMd5Mismatch, params: { computed: put.md5 } }), put.md5);
  }

  const passed = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(firmwarePackages)
      .set({
        status: firmwarePackageMachine.next('verifying', 'passVerification'),
        statusReason: null,
        computedMd5: put.md5,
        sha256: put.sha256,
        updatedAt: new Date(now),
      })
      .where(stillClaimed)
      .returning({ id: firmwarePackages.id });
    if (!done) return false;
    await tx.delete(firmwarePackageChunks).where(eq(firmwarePackageChunks.pkgId, pkg.id));
    return true;
  });
  if (!passed) return;
  await removeChunkFiles(store, pkg.id, pkg.size);
  await sync(database, store, { ...pkg, status: 'syncing', computedMd5: put.md5, sha256: put.sha256 }, now);
}

/** Copies a verified package to every DC it is not yet in, then moves it to synced or sync_failed. */
async function sync(database: Database, store: FileStore, pkg: PackageRow, now: number) {
  const db = database.db;
  const dcs = await db.select({ id: areas.id, name: areas.displayName }).from(areas).where(eq(areas.kind, 'DDC')).orderBy(asc(areas.id));
  if (dcs.length > 0) {
    // A DC added since the package was verified is synced too.
    await db
      .insert(firmwarePackageSyncs)
      .values(dcs.map((a) => ({ pkgId: pkg.id, areaId: a.id, state: 'pending' })))
      .onConflictDoNothing();
  }
  const leaseOver = new Date(now - CLAIM_LEASE_MS);
  const claimable = and(
    eq(firmwarePackageSyncs.pkgId, pkg.id),
    eq(firmwarePackageSyncs.state, 'pending'),
    or(isNull(firmwarePackageSyncs.at), lt(firmwarePackageSyncs.at, leaseOver)),
  );
  const pending = await db.select({ areaId: firmwarePackageSyncs.areaId }).from(firmwarePackageSyncs).where(claimable);
  for (const { areaId } of pending) {
    const row = and(claimable, eq(firmwarePackageSyncs.areaId, areaId));
    const [claimed] = await db
      .update(firmwarePackageSyncs)
      .set({ at: new Date(now) })
      .where(row)
      .returning();
    if (!claimed) continue;
    const mine = and(
      eq(firmwarePackageSyncs.pkgId, pkg.id),
      eq(firmwarePackageSyncs.areaId, areaId),
      eq(firmwarePackageSyncs.state, 'pending'),
    );
    const key = dcCopyKey(areaId, pkg.id);
    try {
      const src = await store.get(pkg.objectKey);
      const copy = await store.put(key, src.stream, { contentType: 'application/octet-stream' });
      if (copy.md5 !== pkg.computedMd5 || copy.size !== pkg.size)
        throw new Error(`the copy's md5 ${copy.md5} differs from ${pkg.computedMd5}`);
      await db
        .update(firmwarePackageSyncs)
        .set({ state: 'synced', objectKey: key, error: null, at: new Date(now) })
        .where(mine);
    } catch (err) {
      await store.delete(key).catch(() => undefined);
      await db
        .update(firmwarePackageSyncs)
        .set({ state: 'failed', objectKey: null, error: err instanceof Error ? err.message : String(err), at: new Date(now) })
        .where(mine);
    }
  }
  await settleSync(database, pkg, now);
}

/** Once no copy is pending: synced (valid from now) when every DC has it, else sync_failed with the DCs' errors. */
async function settleSync(database: Database, pkg: PackageRow, now: number) {
  const db = database.db;
  const rows = await db
    .select({ state: firmwarePackageSyncs.state, error: firmwarePackageSyncs.error, name: areas.displayName })
    .from(firmwarePackageSyncs)
    .innerJoin(areas, eq(areas.id, firmwarePackageSyncs.areaId))
    .where(and(eq(firmwarePackageSyncs.pkgId, pkg.id), inArray(areas.kind, ['DDC'])));
  if (rows.some((r) => r.state === 'pending')) return;
  const failed = rows.filter((r) => r.state === 'failed');
  const syncing = and(eq(firmwarePackages.id, pkg.id), eq(firmwarePackages.status, 'syncing'));
  if (failed.length > 0) {
    const text = failed.map((r) => `${r.name}: ${r.error ?? 'failed'}`).join('; ');
    await db
      .update(firmwarePackages)
      .set({ status: firmwarePackageMachine.next('syncing', 'failSync'), statusReason: encodeReason({ text }), updatedAt: new Date(now) })
      .where(syncing);
    return;
  }
  await db
    .update(firmwarePackages)
    .set({
      status: firmwarePackageMachine.next('syncing', 'completeSync'),
      statusReason: null,
      validUntil: new Date(now + pkg.validityDays * DAY_MS),
      updatedAt: new Date(now),
    })
    .where(syncing);
}
