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
import { DAY_MS, ErrorCodes, PACKAGE_UPLOAD_ABANDON_DAYS } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { joinChunks, removeChunks, type FileStore } from '../../lib/files';
import type { AppServices } from '../../lib/services';
import { encodeReason, type PackageRow } from './packages.presenter';
import { chunkCount, chunkKey, chunkLength, dcCopyKey, packageUpload } from './packages.storage';
import {
  unsafeClaimDcCopies,
  unsafeClaimVerifyingPackages,
  unsafeDeleteAbandonedUploads,
  unsafeFailVerification,
  unsafeFinishDcCopy,
  unsafePackageChunks,
  unsafePassVerification,
  unsafeSettleSync,
  unsafeSyncingPackages,
} from './packages.processing.repository';

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
  const claimed = await unsafeClaimVerifyingPackages(
    db,
    new Date(now - CLAIM_LEASE_MS),
    VERIFY_BATCH,
    () => encodeReason({ claim: randomUUID(), at: now }),
    new Date(now),
  );
  for (const { pkg, claim } of claimed) await verify(database, store, pkg, claim, now);

  for (const pkg of await unsafeSyncingPackages(db)) await sync(database, store, pkg, now);

  await deleteAbandonedUploads(database, store, now);
}

/**
 * Deletes the packages left in upload_incomplete with no chunk received for PACKAGE_UPLOAD_ABANDON_DAYS
 * (nor a change of the package itself: created, edited or its upload restarted) through
 * firmwarePackageMachine, with the reason 24021, and removes their chunks from the table and the
 * store. Answers the ids this call deleted (another instance's are not among them).
 */
export async function deleteAbandonedUploads(database: Database, store: FileStore, now: number): Promise<number[]> {
  const deleted = await unsafeDeleteAbandonedUploads(
    database.db,
    new Date(now - PACKAGE_UPLOAD_ABANDON_DAYS * DAY_MS),
    ABANDON_BATCH,
    new Date(now),
  );

  // The files go once the deletions have committed; a file that cannot be removed does not stop the others.
  const failures: unknown[] = [];
  for (const pkg of deleted) {
    const keys = [pkg.objectKey, ...Array.from({ length: chunkCount(pkg.size) }, (_, i) => chunkKey(pkg.id, i))];
    for (const key of keys) await store.delete(key).catch((err: unknown) => failures.push(err));
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} stored objects of abandoned uploads not removed`);
  return deleted.map((p) => p.id);
}

async function removeChunkFiles(store: FileStore, pkgId: number, size: number) {
  await removeChunks(store, packageUpload({ id: pkgId, size }));
}

async function verify(database: Database, store: FileStore, pkg: PackageRow, claim: string, now: number) {
  const db = database.db;
  const fail = async (reason: string, computedMd5: string | null) => {
    if (!(await unsafeFailVerification(db, pkg.id, claim, reason, computedMd5, new Date(now)))) return;
    // The bytes are wrong: the only way on is a new upload (restartUpload), so nothing is kept.
    await store.delete(pkg.objectKey);
    await removeChunkFiles(store, pkg.id, pkg.size);
  };

  const count = chunkCount(pkg.size);
  const chunks = await unsafePackageChunks(db, pkg.id);
  const received = chunks.reduce((n, c) => n + c.size, 0);
  if (chunks.length !== count || chunks.some((c, i) => c.idx !== i || c.size !== chunkLength(pkg.size, i))) {
    return fail(encodeReason({ code: ErrorCodes.uploadIncomplete, params: { received, size: pkg.size } }), null);
  }

  let put;
  try {
    put = await joinChunks(store, packageUpload(pkg), pkg.objectKey, 'application/octet-stream');
  } catch (err) {
    return fail(
      encodeReason({ text: `The uploaded chunks could not be assembled: ${err instanceof Error ? err.message : String(err)}` }),
      null,
    );
  }
  if (put.size !== pkg.size || put.md5 !== pkg.md5) {
    return fail(encodeReason({ code: ErrorCodes.packageMd5Mismatch, params: { computed: put.md5 } }), put.md5);
  }

  const passed = await unsafePassVerification(db, pkg.id, claim, { md5: put.md5, sha256: put.sha256 }, new Date(now));
  if (!passed) return;
  await removeChunkFiles(store, pkg.id, pkg.size);
  await sync(database, store, { ...pkg, status: 'syncing', computedMd5: put.md5, sha256: put.sha256 }, now);
}

/** Copies a verified package to every DC it is not yet in, then moves it to synced or sync_failed. */
async function sync(database: Database, store: FileStore, pkg: PackageRow, now: number) {
  const db = database.db;
  for (const areaId of await unsafeClaimDcCopies(db, pkg.id, new Date(now - CLAIM_LEASE_MS), new Date(now))) {
    const key = dcCopyKey(areaId, pkg.id);
    try {
      const src = await store.get(pkg.objectKey);
      const copy = await store.put(key, src.stream, { contentType: 'application/octet-stream' });
      if (copy.md5 !== pkg.computedMd5 || copy.size !== pkg.size)
        throw new Error(`the copy's md5 ${copy.md5} differs from ${pkg.computedMd5}`);
      await unsafeFinishDcCopy(db, pkg.id, areaId, { state: 'synced', objectKey: key }, new Date(now));
    } catch (err) {
      await store.delete(key).catch(() => undefined);
      await unsafeFinishDcCopy(
        db,
        pkg.id,
        areaId,
        { state: 'failed', error: err instanceof Error ? err.message : String(err) },
        new Date(now),
      );
    }
  }
  await unsafeSettleSync(db, pkg, new Date(now));
}
