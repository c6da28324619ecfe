/**
 * The statements of background package processing (packages.processing.ts): verification claims,
 * DC copies and abandoned uploads. A job over every tenant's packages, so each function is named
 * unsafe...: it selects by state and claim, never by the caller's scope (there is no caller).
 */
import { DAY_MS, ErrorCodes, firmwarePackageMachine, PACKAGE_UPLOAD_ABANDON_DAYS } from '@portal/contract';
import { and, asc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { areas, firmwarePackageChunks, firmwarePackages, firmwarePackageSyncs } from '../../db/schema';
import { encodeReason, type PackageRow } from './packages.presenter';

/** A package not claimed by a live worker: no claim, another reason, or a claim older than the lease. */
function unclaimedSince(leaseOver: Date): SQL {
  return or(
    isNull(firmwarePackages.statusReason),
    sql`${firmwarePackages.statusReason} not like '{"claim":%'`,
    lt(firmwarePackages.updatedAt, leaseOver),
  )!;
}

/** Claim up to `limit` verifying packages, one conditional update each; answers the packages this worker claimed. */
export async function unsafeClaimVerifyingPackages(
  db: Db,
  leaseOver: Date,
  limit: number,
  claimFor: () => string,
  now: Date,
): Promise<Array<{ pkg: PackageRow; claim: string }>> {
  const unclaimed = unclaimedSince(leaseOver);
  const verifying = await db
    .select({ id: firmwarePackages.id })
    .from(firmwarePackages)
    .where(and(eq(firmwarePackages.status, 'verifying'), unclaimed))
    .orderBy(asc(firmwarePackages.id))
    .limit(limit);
  const claimed: Array<{ pkg: PackageRow; claim: string }> = [];
  for (const { id } of verifying) {
    const claim = claimFor();
    const [pkg] = await db
      .update(firmwarePackages)
      .set({ statusReason: claim, updatedAt: now })
      .where(and(eq(firmwarePackages.id, id), eq(firmwarePackages.status, 'verifying'), unclaimed))
      .returning();
    if (pkg) claimed.push({ pkg, claim });
  }
  return claimed;
}

export async function unsafeSyncingPackages(db: Db): Promise<PackageRow[]> {
  return db.select().from(firmwarePackages).where(eq(firmwarePackages.status, 'syncing')).orderBy(asc(firmwarePackages.id));
}

/**
 * Deletes up to `limit` packages left in upload_incomplete since `cutoff` with no chunk received
 * since then, each in a transaction holding its row (which waits for a chunk being stored under its
 * share lock) and re-checked there; answers the rows this call deleted.
 */
export async function unsafeDeleteAbandonedUploads(db: Db, cutoff: Date, limit: number, now: Date): Promise<PackageRow[]> {
  const noRecentChunk = (pkgId: typeof firmwarePackages.id) => sql`not exists (
    select 1 from ${firmwarePackageChunks} c where c.pkg_id = ${pkgId} and c.received_at >= ${cutoff.toISOString()}::timestamptz)`;
  const stale = await db
    .select({ id: firmwarePackages.id })
    .from(firmwarePackages)
    .where(
      and(eq(firmwarePackages.status, 'upload_incomplete'), lt(firmwarePackages.updatedAt, cutoff), noRecentChunk(firmwarePackages.id)),
    )
    .orderBy(asc(firmwarePackages.id))
    .limit(limit);
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
          updatedAt: now,
        })
        .where(and(still, noRecentChunk(firmwarePackages.id)))
        .returning();
      if (!done) return null;
      await tx.delete(firmwarePackageChunks).where(eq(firmwarePackageChunks.pkgId, id));
      return done;
    });
    if (row) deleted.push(row);
  }
  return deleted;
}

const stillClaimed = (pkgId: number, claim: string) =>
  and(eq(firmwarePackages.id, pkgId), eq(firmwarePackages.status, 'verifying'), eq(firmwarePackages.statusReason, claim));

/** The received chunks of a package, in order. */
export async function unsafePackageChunks(db: Db, pkgId: number) {
  return db.select().from(firmwarePackageChunks).where(eq(firmwarePackageChunks.pkgId, pkgId)).orderBy(asc(firmwarePackageChunks.idx));
}

/** Verification failed, while this worker's claim holds: the chunk rows go. False when the claim was lost. */
export async function unsafeFailVerification(
  db: Db,
  pkgId: number,
  claim: string,
  reason: string,
  computedMd5: string | null,
  now: Date,
): Promise<boolean> {
  const [done] = await db
    .update(firmwarePackages)
    .set({ status: firmwarePackageMachine.next('verifying', 'failVerification'), statusReason: reason, computedMd5, updatedAt: now })
    .where(stillClaimed(pkgId, claim))
    .returning({ id: firmwarePackages.id });
  if (!done) return false;
  await db.delete(firmwarePackageChunks).where(eq(firmwarePackageChunks.pkgId, pkgId));
  return true;
}

/** Verification passed, while this worker's claim holds: on to syncing, the chunk rows go. False when the claim was lost. */
export async function unsafePassVerification(db: Db, pkgId: number, claim: string, sums: { md5: string; sha256: string }, now: Date) {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(firmwarePackages)
      .set({
        status: firmwarePackageMachine.next('verifying', 'passVerification'),
        statusReason: null,
        computedMd5: sums.md5,
        sha256: sums.sha256,
        updatedAt: now,
      })
      .where(stillClaimed(pkgId, claim))
      .returning({ id: firmwarePackages.id });
    if (!done) return false;
    await tx.delete(firmwarePackageChunks).where(eq(firmwarePackageChunks.pkgId, pkgId));
    return true;
  });
}

/**
 * Every DC's copy row of a package (a DC added since the package was verified gets one too), then
 * claims each pending copy not claimed by a live worker; answers the DCs this worker claimed.
 */
export async function unsafeClaimDcCopies(db: Db, pkgId: number, leaseOver: Date, now: Date): Promise<number[]> {
  const dcs = await db.select({ id: areas.id }).from(areas).where(eq(areas.kind, 'DDC')).orderBy(asc(areas.id));
  if (dcs.length > 0) {
    await db
      .insert(firmwarePackageSyncs)
      .values(dcs.map((a) => ({ pkgId, areaId: a.id, state: 'pending' })))
      .onConflictDoNothing();
  }
  const claimable = and(
    eq(firmwarePackageSyncs.pkgId, pkgId),
    eq(firmwarePackageSyncs.state, 'pending'),
    or(isNull(firmwarePackageSyncs.at), lt(firmwarePackageSyncs.at, leaseOver)),
  );
  const pending = await db.select({ areaId: firmwarePackageSyncs.areaId }).from(firmwarePackageSyncs).where(claimable);
  const mine: number[] = [];
  for (const { areaId } of pending) {
    const [claimed] = await db
      .update(firmwarePackageSyncs)
      .set({ at: now })
      .where(and(claimable, eq(firmwarePackageSyncs.areaId, areaId)))
      .returning();
    if (claimed) mine.push(areaId);
  }
  return mine;
}

/** The outcome of one DC copy (only while it is still pending). */
export async function unsafeFinishDcCopy(
  db: Db,
  pkgId: number,
  areaId: number,
  outcome: { state: 'synced'; objectKey: string } | { state: 'failed'; error: string },
  now: Date,
) {
  const mine = and(
    eq(firmwarePackageSyncs.pkgId, pkgId),
    eq(firmwarePackageSyncs.areaId, areaId),
    eq(firmwarePackageSyncs.state, 'pending'),
  );
  await db
    .update(firmwarePackageSyncs)
    .set(
      outcome.state === 'synced'
        ? { state: 'synced', objectKey: outcome.objectKey, error: null, at: now }
        : { state: 'failed', objectKey: null, error: outcome.error, at: now },
    )
    .where(mine);
}

/** Once no copy is pending: synced (valid from now) when every DC has it, else sync_failed with the DCs' errors. */
export async function unsafeSettleSync(db: Db, pkg: PackageRow, now: Date) {
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
      .set({ status: firmwarePackageMachine.next('syncing', 'failSync'), statusReason: encodeReason({ text }), updatedAt: now })
      .where(syncing);
    return;
  }
  await db
    .update(firmwarePackages)
    .set({
      status: firmwarePackageMachine.next('syncing', 'completeSync'),
      statusReason: null,
      validUntil: new Date(now.getTime() + pkg.validityDays * DAY_MS),
      updatedAt: now,
    })
    .where(syncing);
}
