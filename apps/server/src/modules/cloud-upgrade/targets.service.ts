/**
 * Targeting of a release, set-based: which devices a release reaches (preview) and fixing them in
 * task_devices (submit) with one INSERT ... SELECT, waves assigned in SQL.
 *
 * Full and gray releases reach the brand's devices in the chosen regions (and countries) whose
 * product type, model and firmware version the package fits; specified releases the devices named
 * by SN (typed or from an xlsx) or within MAC ranges. Devices already on the package's version and
 * devices another running task holds (task_devices_active_uq) are left out.
 */
import {
  CANARY_WAVES,
  canaryWaveSizes,
  ErrorCodes,
  IMPORT_MAX_ROWS,
  normalizeSn,
  snError,
  type CanarySpeed,
  type ReleasePreview,
  type ReleaseType,
} from '@portal/contract';
import type { PackageRow, ResolvedTarget, TargetInput } from './targets.types';
import { AppError } from '../../lib/app-error';
import type { Actor, CallContext } from '../../lib/context';
import { authorize } from '../../lib/policy';
import type { Executor } from './engine.shared';
import { packagePolicy } from './packages.policy';
import { packageSubject } from './packages.presenter';
import { readTargetSns } from './targets.file';
import {
  areaKindOf,
  areaNamesByIds,
  countTargets,
  findOwnCompanyFile,
  findReleasablePackageRow,
  regionTakenByPackage,
} from './targets.repository';

export { insertTaskDevices } from './targets.repository';

export type { PackageRow, ResolvedTarget, TargetInput } from './targets.types';

/** A package of the caller's subtree that may be released now (24004, 24018, 24005), else 1004. */
async function releasablePackage(ctx: CallContext, actor: Actor, t: TargetInput, now: number): Promise<PackageRow> {
  const pkg = await findReleasablePackageRow(ctx.db, actor, t.pkgId);
  if (!pkg) throw new AppError(ErrorCodes.notFound);
  // Synced and within its validity (24004, 24018): the package's 'release' ability (which does not
  // depend on the tasks already using it).
  authorize(packagePolicy, actor, packageSubject(pkg, false, now), 'release');
  if (pkg.isTest && t.releaseType !== 'specified') throw new AppError(ErrorCodes.testPackageSpecifiedOnly);
  return pkg;
}

/** The regions exist (1001) and are within the caller's current area (1007: in a DC only that DC). */
async function targetAreas(ctx: CallContext, actor: Actor, areaIds: number[]): Promise<Map<number, string>> {
  if (areaIds.length === 0) return new Map();
  const found = await areaNamesByIds(ctx.db, areaIds, ctx.locale);
  if (found.length !== areaIds.length) throw new AppError(ErrorCodes.invalidParams, { detail: 'areaIds' });
  if (actor.currentAreaId !== null) {
    const cur = await areaKindOf(ctx.db, actor.currentAreaId);
    if (cur && cur.kind !== 'RDC' && areaIds.some((id) => id !== actor.currentAreaId)) throw new AppError(ErrorCodes.areaForbidden);
  }
  return new Map(found.map((a) => [a.id, a.name]));
}

export async function resolveTarget(ctx: CallContext, actor: Actor, t: TargetInput, now: number): Promise<ResolvedTarget> {
  const pkg = await releasablePackage(ctx, actor, t, now);
  const areaNames = await targetAreas(ctx, actor, t.areaIds);
  const sns = new Set(t.sns.map(normalizeSn));
  let badSns = 0;
  if (t.releaseType === 'specified' && t.targetFileId !== null) {
    const f = await findOwnCompanyFile(ctx.db, actor, t.targetFileId);
    if (!f) throw new AppError(ErrorCodes.notFound);
    const fromFile = await readTargetSns(ctx.services.fileStore, f.path, IMPORT_MAX_ROWS);
    for (const raw of fromFile) {
      if (snError(raw)) badSns++;
      else sns.add(normalizeSn(raw));
    }
  }
  return { input: t, pkg, areaNames, sns: [...sns], badSns };
}

/**
 * The same package is released to a region once (SPEC §5): among its full and gray tasks that are
 * not revoked, ended or expired, none may hold one of these regions (24003 names the region).
 */
export async function assertRegionsFree(db: Executor, r: ResolvedTarget): Promise<void> {
  const taken = await regionTakenByPackage(db, r);
  // The region as the caller names it (r.areaNames: in the caller's language).
  if (taken) throw new AppError(ErrorCodes.regionAlreadyReleased, { region: r.areaNames.get(Number(taken.id)) ?? taken.name });
}

export interface PlannedWave {
  idx: number;
  size: number;
  isPromotion: boolean;
  paceMinutes: number;
}

/**
 * The waves of a release of `total` devices. Gray: the canary devices in waves of
 * canaryWaveSizes(grayCount, speed) paced by CANARY_WAVES, then a promotion wave with the rest,
 * started by promote. Full and specified: one wave.
 */
export function planWaves(releaseType: ReleaseType, total: number, grayCount?: number, speed?: CanarySpeed): PlannedWave[] {
  if (releaseType !== 'gray' || !speed || !grayCount) return [{ idx: 1, size: total, isPromotion: false, paceMinutes: 0 }];
  const canary = Math.min(grayCount, total);
  const sizes = canary > 0 ? canaryWaveSizes(canary, speed) : [];
  const waves = sizes.map((size, i) => ({
    idx: i + 1,
    size,
    isPromotion: false,
    paceMinutes: i === 0 ? 0 : CANARY_WAVES[speed].paceMinutes,
  }));
  waves.push({ idx: waves.length + 1, size: Math.max(0, total - canary), isPromotion: true, paceMinutes: 0 });
  return waves;
}

export async function previewTarget(db: Executor, r: ResolvedTarget): Promise<ReleasePreview> {
  const c = await countTargets(db, r);
  const waves = planWaves(r.input.releaseType, c.target, r.input.grayCount, r.input.speed);
  const notice = r.input.releaseType === 'gray' ? Math.min(r.input.grayCount ?? 0, c.target) : c.target;
  return {
    targetQuantity: c.target,
    noticeQuantity: notice,
    busyElsewhere: c.busy,
    unknownTargets: c.unknown,
    incompatible: c.incompatible,
    alreadyUpgraded: c.already,
    byCountry: c.byCountry,
    waves: waves.filter((w) => w.size > 0 || !w.isPromotion).map((w) => ({ index: w.idx, size: w.size, paceMinutes: w.paceMinutes })),
  };
}
