/**
 * Firmware packages (issue 4 §2): the record, the storage credential for its resumable upload, the
 * complete that hands it to verification, edits, and the owner's actions through
 * firmwarePackageMachine. Packages belong to the uploader's company; a partner sees its subtree,
 * the supplier every package.
 */
import {
  CANARY_WAVES,
  DAY_MS,
  DEFAULT_GATES,
  ErrorCodes,
  firmwarePackageMachine,
  PACKAGE_CHUNK_BYTES,
  PACKAGE_MAX_BYTES,
  PACKAGE_VALIDITY_MIN_DAYS,
  STORAGE_TOKEN_TTL_MS,
  upgradeCalls,
  type FirmwarePackage,
  type FirmwarePackageState,
  type PackageAbility,
} from '@portal/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { mapPage } from '../../lib/tenancy';
import { authorize } from '../../lib/policy';
import { cloudUpgradePolicy, packagePolicy } from './packages.policy';
import { packageSubject, presentPackages, type PackageRow } from './packages.presenter';
import {
  dcCopyKeys,
  deletePackageChunks,
  deletePackageSyncs,
  findOwnCompanyFile,
  findPackageInSubtree,
  insertPackage,
  listPackagesInSubtree,
  packagesInUse,
  receivedChunks,
  retryFailedSyncs,
  updatePackageRow,
  versionTaken,
} from './packages.repository';
import { kickPackageProcessing } from './packages.processing';
import { assembledKey, chunkCount, chunkKey, issueStorageToken, STORAGE_BUCKET, storageUrl, uploadObjectName } from './packages.storage';

type Data<K extends keyof typeof upgradeCalls> = z.output<(typeof upgradeCalls)[K]['data']>;

const SIGN_SHEET_MIMES = ['image/png', 'image/jpeg'];

export async function findPackage(db: Db | Tx, actor: Actor, pkgId: number, opts: { forUpdate?: boolean } = {}): Promise<PackageRow> {
  const row = await findPackageInSubtree(db, actor, pkgId, opts);
  if (!row) throw new AppError(ErrorCodes.notFound);
  return row;
}

export async function present(ctx: CallContext, rows: PackageRow[]): Promise<FirmwarePackage[]> {
  return presentPackages(rows, {
    db: ctx.db,
    actor: requireActor(ctx),
    locale: ctx.locale,
    now: ctx.clock.now(),
    linkSecret: ctx.services.config.linkSecret,
  });
}

/** Refuses `action` on the package unless its policy allows it now (whether a task uses it is read on `db`). */
async function authorizePackage(ctx: CallContext, db: Db | Tx, pkg: PackageRow, action: PackageAbility) {
  const inUse = (await packagesInUse(db, [pkg.id])).has(pkg.id);
  authorize(packagePolicy, requireActor(ctx), packageSubject(pkg, inUse, ctx.clock.now()), action);
}

async function presentOne(ctx: CallContext, row: PackageRow): Promise<FirmwarePackage> {
  const [p] = await present(ctx, [row]);
  return p!;
}

export function appConfig() {
  return {
    chunkBytes: PACKAGE_CHUNK_BYTES,
    maxPackageBytes: PACKAGE_MAX_BYTES,
    validityMinDays: PACKAGE_VALIDITY_MIN_DAYS,
    canary: Object.fromEntries(Object.entries(CANARY_WAVES).map(([k, v]) => [k, { shares: [...v.shares], paceMinutes: v.paceMinutes }])),
    defaultGates: DEFAULT_GATES,
  };
}

/**
 * Upload credentials for a package still being uploaded, or read credentials for an assembled one.
 * The token binds the package, its object, the action and the user, and expires with tokenTimeout.
 */
export async function storageInfo(ctx: CallContext, d: Data<'storageInfo'>) {
  const actor = requireActor(ctx);
  const pkg = await findPackage(ctx.db, actor, d.pkgId);
  const readable = ['syncing', 'sync_failed', 'synced', 'abandoned'];
  if (d.action === 'upload') await authorizePackage(ctx, ctx.db, pkg, 'continueUpload');
  if (d.action === 'download' && !readable.includes(pkg.status))
    throw new AppError(ErrorCodes.illegalTransition, undefined, `read credentials for a ${pkg.status} package`);
  const now = ctx.clock.now();
  const tokenTimeout = now + STORAGE_TOKEN_TTL_MS;
  const objectName = d.action === 'upload' ? uploadObjectName(pkg.id) : pkg.objectKey;
  const { publicUrl, linkSecret } = ctx.services.config;
  const securityToken = issueStorageToken(
    { pkgId: pkg.id, objectName, action: d.action, userId: actor.userId, companyId: actor.companyId },
    linkSecret,
    tokenTimeout,
  );
  return {
    storageInfo: {
      storageUrl: storageUrl(publicUrl),
      accessKeyId: `portal-${actor.companyId}`,
      accessKeySecret: '',
      bucketName: STORAGE_BUCKET,
      securityToken,
      protocol: new URL(publicUrl).protocol.replace(':', ''),
      objectName,
    },
    storageType: 'portal' as const,
    tokenTimeout,
  };
}

async function checkSignSheet(db: Db | Tx, actor: Actor, fileId: number | null) {
  if (fileId === null) return;
  const f = await findOwnCompanyFile(db, actor, fileId);
  if (!f) throw new AppError(ErrorCodes.notFound, undefined, `sign sheet file ${fileId} is not the caller's`);
  if (!SIGN_SHEET_MIMES.includes(f.mime)) throw new AppError(ErrorCodes.fileTypeNotAllowed);
}

async function assertVersionFree(db: Db | Tx, companyId: number, productType: string, versionName: string, exceptId?: number) {
  if (await versionTaken(db, companyId, productType, versionName, exceptId))
    throw new AppError(ErrorCodes.versionExists, { version: versionName });
}

const isUniqueViolation = (err: unknown) => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

export async function createPackage(ctx: CallContext, d: Data<'packageCreate'>) {
  const actor = requireActor(ctx);
  authorize(cloudUpgradePolicy, actor, null, 'uploadPackage');
  await assertVersionFree(ctx.db, actor.companyId, d.productType, d.versionName);
  await checkSignSheet(ctx.db, actor, d.signSheetFileId);
  const now = new Date(ctx.clock.now());
  let row: PackageRow | undefined;
  try {
    row = await insertPackage(ctx.db, {
      companyId: actor.companyId,
      companyPath: actor.companyPath,
      versionName: d.versionName,
      productType: d.productType,
      models: d.models,
      compatibleVersions: d.compatibleVersions,
      validityDays: d.validityDays,
      isTest: d.isTest,
      descriptions: d.descriptions,
      signSheetFileId: d.signSheetFileId,
      fileName: d.fileName,
      size: d.size,
      md5: d.md5,
      objectKey: '',
      status: firmwarePackageMachine.initial,
      createdBy: actor.actingUserId ?? actor.userId,
      createdAt: now,
      updatedAt: now,
    });
  } catch (err) {
    // Two creates of the same version at once: the partial unique index decides.
    if (isUniqueViolation(err)) throw new AppError(ErrorCodes.versionExists, { version: d.versionName });
    throw err;
  }
  row = await updatePackageRow(ctx.db, row!.id, { objectKey: assembledKey(actor.companyId, row!.id) });
  await ctx.audit({
    targetType: 'firmwarePackage',
    targetId: row!.id,
    after: { versionName: d.versionName, productType: d.productType, fileName: d.fileName, size: d.size, md5: d.md5 },
  });
  return presentOne(ctx, row!);
}

/** Every chunk is there: the package goes to verifying, and processing starts once this has committed. */
export async function completePackage(ctx: CallContext, pkgId: number) {
  const actor = requireActor(ctx);
  const now = new Date(ctx.clock.now());
  const row = await ctx.db.transaction(async (tx) => {
    const pkg = await findPackage(tx, actor, pkgId, { forUpdate: true });
    await authorizePackage(ctx, tx, pkg, 'continueUpload');
    const to = firmwarePackageMachine.next(pkg.status as FirmwarePackageState, 'completeUpload');
    const got = await receivedChunks(tx, pkg.id);
    const received = got.bytes;
    if (got.chunks !== chunkCount(pkg.size) || received !== pkg.size) {
      throw new AppError(ErrorCodes.uploadIncomplete, { received, size: pkg.size });
    }
    return updatePackageRow(tx, pkg.id, { status: to, statusReason: null, updatedAt: now });
  });
  await ctx.audit({
    targetType: 'firmwarePackage',
    targetId: row.id,
    before: { status: 'upload_incomplete' },
    after: { status: row.status },
  });
  const out = await presentOne(ctx, row);
  ctx.afterCommit(() => kickPackageProcessing(ctx.database, ctx.services, ctx.clock, ctx.log));
  return out;
}

export async function listPackages(ctx: CallContext, d: Data<'packageList'>) {
  const page = await listPackagesInSubtree(ctx.db, requireActor(ctx), d, d);
  return mapPage(page, (rows) => present(ctx, rows));
}

export async function getPackage(ctx: CallContext, pkgId: number) {
  return presentOne(ctx, await findPackage(ctx.db, requireActor(ctx), pkgId));
}

export async function versionNote(ctx: CallContext, pkgId: number) {
  const pkg = await findPackage(ctx.db, requireActor(ctx), pkgId);
  return { versionName: pkg.versionName, descriptions: pkg.descriptions as Record<string, string> };
}

/** Edits the descriptive fields; a synced package's validity end moves with its validity days. */
export async function updatePackage(ctx: CallContext, d: Data<'packageUpdate'>) {
  const actor = requireActor(ctx);
  const pkg = await findPackage(ctx.db, actor, d.pkgId, { forUpdate: true });
  await authorizePackage(ctx, ctx.db, pkg, 'edit');
  if (d.signSheetFileId !== pkg.signSheetFileId) await checkSignSheet(ctx.db, actor, d.signSheetFileId);
  const validUntil = pkg.validUntil ? new Date(pkg.validUntil.getTime() + (d.validityDays - pkg.validityDays) * DAY_MS) : null;
  const patch = {
    descriptions: d.descriptions,
    compatibleVersions: d.compatibleVersions,
    validityDays: d.validityDays,
    validUntil,
    isTest: d.isTest,
    signSheetFileId: d.signSheetFileId,
    updatedAt: new Date(ctx.clock.now()),
  };
  const row = await updatePackageRow(ctx.db, pkg.id, patch);
  await ctx.audit({
    targetType: 'firmwarePackage',
    targetId: pkg.id,
    before: {
      descriptions: pkg.descriptions,
      compatibleVersions: pkg.compatibleVersions,
      validityDays: pkg.validityDays,
      isTest: pkg.isTest,
      signSheetFileId: pkg.signSheetFileId,
    },
    after: { ...patch, updatedAt: undefined },
  });
  return presentOne(ctx, row!);
}

/** Keys of everything stored for a package: chunks, the assembled file, its DC copies. */
async function storedKeys(db: Db | Tx, pkg: PackageRow): Promise<string[]> {
  const keys = [pkg.objectKey, ...(await dcCopyKeys(db, pkg.id))];
  for (let i = 0; i < chunkCount(pkg.size); i++) keys.push(chunkKey(pkg.id, i));
  return [...new Set(keys.filter((k): k is string => !!k))];
}

/**
 * abandon, restore, delete, retrySync, restartUpload. Abandon and delete wait for the release
 * tasks on the package to finish (24002). A retried sync starts right after the call commits, and
 * stored objects go only once the deletion has committed.
 */
export async function operatePackage(ctx: CallContext, d: Data<'packageOperate'>) {
  const actor = requireActor(ctx);
  const now = new Date(ctx.clock.now());
  const out = await ctx.db.transaction(async (tx) => {
    const pkg = await findPackage(tx, actor, d.pkgId, { forUpdate: true });
    // The state allows the move (1017); abandon and delete not while a running task uses it (24002).
    await authorizePackage(ctx, tx, pkg, d.action);
    const to = firmwarePackageMachine.next(pkg.status as FirmwarePackageState, d.action);
    let removeKeys: string[] = [];
    if (d.action === 'delete') {
      removeKeys = await storedKeys(tx, pkg);
      await deletePackageChunks(tx, pkg.id);
      await deletePackageSyncs(tx, pkg.id);
    } else if (d.action === 'restartUpload') {
      // A fresh upload: whatever was received before is dropped.
      removeKeys = [pkg.objectKey, ...Array.from({ length: chunkCount(pkg.size) }, (_, i) => chunkKey(pkg.id, i))];
      await deletePackageChunks(tx, pkg.id);
    } else if (d.action === 'retrySync') {
      await retryFailedSyncs(tx, pkg.id);
    }
    const patch: Partial<PackageRow> = { status: to, statusReason: null, updatedAt: now };
    if (d.action === 'restartUpload') Object.assign(patch, { computedMd5: null, sha256: null });
    const row = await updatePackageRow(tx, pkg.id, patch);
    return { row, before: pkg.status, removeKeys };
  });
  await ctx.audit({
    action: `${upgradeCalls.packageOperate.path}/${d.action}`,
    targetType: 'firmwarePackage',
    targetId: out.row.id,
    before: { status: out.before },
    after: { status: out.row.status },
  });
  ctx.afterCommit(async () => {
    for (const key of out.removeKeys)
      await ctx.services.fileStore.delete(key).catch((err: unknown) => ctx.log.warn({ err, key }, 'stored object not removed'));
  });
  const presented = await presentOne(ctx, out.row);
  if (d.action === 'retrySync') ctx.afterCommit(() => kickPackageProcessing(ctx.database, ctx.services, ctx.clock, ctx.log));
  return presented;
}
