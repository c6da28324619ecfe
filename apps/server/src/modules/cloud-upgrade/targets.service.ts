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
import { randomInt } from 'node:crypto';
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { areas, files, firmwarePackages } from '../../db/schema';
import { areaNameColumn } from '../../lib/area-names';
import { AppError } from '../../lib/app-error';
import type { Actor, CallContext } from '../../lib/context';
import { authorize } from '../../lib/policy';
import { escapeLike, scopedToSubtree } from '../../lib/tenancy';
import { ACTIVE_STATES_SQL, rows } from './engine.repository';
import type { Executor } from './engine.shared';
import { packagePolicy } from './packages.policy';
import { packageSubject } from './packages.presenter';
import { readTargetSns } from './targets.file';

export interface TargetInput {
  pkgId: number;
  releaseType: ReleaseType;
  areaIds: number[];
  countries: string[];
  grayCount?: number;
  speed?: CanarySpeed;
  sns: string[];
  macRanges: { start: string; end: string }[];
  targetFileId: number | null;
}

export type PackageRow = typeof firmwarePackages.$inferSelect;

export interface ResolvedTarget {
  input: TargetInput;
  pkg: PackageRow;
  /** Names of the target regions in the caller's language, by id. */
  areaNames: Map<number, string>;
  /** Typed SNs and those of the file, normalised, each once. */
  sns: string[];
  /** SNs of the file that are not valid SNs (counted as unknown targets). */
  badSns: number;
}

/** A package of the caller's subtree that may be released now (24004, 24018, 24005), else 1004. */
async function releasablePackage(ctx: CallContext, actor: Actor, t: TargetInput, now: number): Promise<PackageRow> {
  const [pkg] = await ctx.db
    .select()
    .from(firmwarePackages)
    .where(
      and(eq(firmwarePackages.id, t.pkgId), ne(firmwarePackages.status, 'deleted'), scopedToSubtree(firmwarePackages.companyPath, actor)),
    )
    // Inside a submit's transaction this holds the package against a concurrent abandon or delete
    // (they take the row FOR UPDATE), so no task is created on a package that is going away.
    .for('share');
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
  const found = await ctx.db
    .select({ id: areas.id, name: areaNameColumn(ctx.locale) })
    .from(areas)
    .where(inArray(areas.id, areaIds));
  if (found.length !== areaIds.length) throw new AppError(ErrorCodes.invalidParams, { detail: 'areaIds' });
  if (actor.currentAreaId !== null) {
    const [cur] = await ctx.db.select({ kind: areas.kind }).from(areas).where(eq(areas.id, actor.currentAreaId));
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
    const [f] = await ctx.db
      .select({ path: files.path })
      .from(files)
      .where(and(eq(files.id, t.targetFileId), eq(files.companyId, actor.companyId)));
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
  if (r.input.releaseType === 'specified' || r.input.areaIds.length === 0) return;
  const [taken] = await rows<{ id: number; name: string }>(
    db,
    sql`
    select a.id, a.display_name as name
      from release_tasks t join areas a on a.id = any(t.area_ids)
     where t.pkg_id = ${r.pkg.id} and t.release_type in ('full', 'gray') and t.status not in ('revoked', 'ended', 'expired')
       and a.id = any(${sql.param(r.input.areaIds)}::int[])
     order by a.id limit 1`,
  );
  // The region as the caller names it (r.areaNames: in the caller's language).
  if (taken) throw new AppError(ErrorCodes.regionAlreadyReleased, { region: r.areaNames.get(Number(taken.id)) ?? taken.name });
}

// ---------------------------------------------------------------------------------------------
// SQL pieces (alias d = devices)
// ---------------------------------------------------------------------------------------------

/** The devices a release looks at: the package brand's, in the regions or named. */
function scopeOf(r: ResolvedTarget): SQL {
  const path = escapeLike(r.pkg.companyPath) + '%';
  if (r.input.releaseType !== 'specified') {
    const countries = r.input.countries.length ? sql`and d.country = any(${sql.param(r.input.countries)}::text[])` : sql``;
    return sql`d.company_path like ${path} and d.area_id = any(${sql.param(r.input.areaIds)}::int[]) ${countries}`;
  }
  return sql`d.company_path like ${path} and d.id in (${namedDeviceIds(r)})`;
}

/** Ids of the devices named by SN or within a MAC range (any brand; the scope narrows it). */
function namedDeviceIds(r: ResolvedTarget): SQL {
  const starts = r.input.macRanges.map((m) => m.start);
  const ends = r.input.macRanges.map((m) => m.end);
  return sql`
    select n.id from devices n where n.sn = any(${sql.param(r.sns)}::text[])
    union
    select n.id from unnest(${sql.param(starts)}::text[], ${sql.param(ends)}::text[]) as m(s, e)
      join devices n on n.mac between m.s and m.e and left(n.mac, 6) = left(m.s, 6)`;
}

/** The package fits the device (and, for a specified release, its optional regions and countries). */
function fitsOf(r: ResolvedTarget): SQL {
  const p = r.pkg;
  let extra = sql``;
  if (r.input.releaseType === 'specified') {
    if (r.input.areaIds.length) extra = sql`${extra} and d.area_id = any(${sql.param(r.input.areaIds)}::int[])`;
    if (r.input.countries.length) extra = sql`${extra} and d.country = any(${sql.param(r.input.countries)}::text[])`;
  }
  return sql`(d.product_type = ${p.productType} and d.model = any(${sql.param(p.models)}::text[])
              and d.firmware_version = any(${sql.param(p.compatibleVersions)}::text[]) ${extra})`;
}

function alreadyOf(r: ResolvedTarget): SQL {
  return sql`(d.product_type = ${r.pkg.productType} and d.model = any(${sql.param(r.pkg.models)}::text[]) and d.firmware_version = ${r.pkg.versionName})`;
}

// ---------------------------------------------------------------------------------------------
// Preview
// ---------------------------------------------------------------------------------------------

export interface TargetCounts {
  target: number;
  busy: number;
  incompatible: number;
  already: number;
  unknown: number;
  byCountry: { country: string; devices: number }[];
}

export async function countTargets(db: Executor, r: ResolvedTarget): Promise<TargetCounts> {
  const byCountry = await rows<{ country: string; already: number; incompatible: number; busy: number; target: number }>(
    db,
    sql`
    select c.country,
           count(*) filter (where c.already)::int as already,
           count(*) filter (where not c.already and not c.fits)::int as incompatible,
           count(*) filter (where not c.already and c.fits and c.busy)::int as busy,
           count(*) filter (where not c.already and c.fits and not c.busy)::int as target
      from (select d.country, ${alreadyOf(r)} as already, ${fitsOf(r)} as fits, x.device_id is not null as busy
              from devices d
              left join task_devices x on x.device_id = d.id and x.state in ${ACTIVE_STATES_SQL}
             where ${scopeOf(r)}) c
     group by c.country
     order by c.country`,
  );
  let unknown = 0;
  if (r.input.releaseType === 'specified') {
    const path = escapeLike(r.pkg.companyPath) + '%';
    const [u] = await rows<{ n: number }>(
      db,
      sql`
      select ((select count(*) from unnest(${sql.param(r.sns)}::text[]) as s(sn)
                where not exists (select 1 from devices d where d.sn = s.sn and d.company_path like ${path}))
            + (select count(*) from unnest(${sql.param(r.input.macRanges.map((m) => m.start))}::text[], ${sql.param(r.input.macRanges.map((m) => m.end))}::text[]) as m(s, e)
                where not exists (select 1 from devices d where d.mac between m.s and m.e and left(d.mac, 6) = left(m.s, 6) and d.company_path like ${path})))::int as n`,
    );
    unknown = Number(u?.n ?? 0) + r.badSns;
  }
  const sum = (k: 'already' | 'incompatible' | 'busy' | 'target') => byCountry.reduce((s, c) => s + Number(c[k]), 0);
  return {
    target: sum('target'),
    busy: sum('busy'),
    incompatible: sum('incompatible'),
    already: sum('already'),
    unknown,
    byCountry: byCountry.filter((c) => Number(c.target) > 0).map((c) => ({ country: c.country, devices: Number(c.target) })),
  };
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

// ---------------------------------------------------------------------------------------------
// Submit: fix the targets
// ---------------------------------------------------------------------------------------------

/**
 * Inserts the task's devices set-based and answers the devices per wave. Gray: the grayCount
 * devices first in a random order (a hash of the id with a seed per task) go to the canary waves,
 * the rest to the promotion wave; full and specified: one wave.
 *
 * The plain INSERT is the fast path (ON CONFLICT costs about half again on a million rows). It runs
 * in a savepoint: if a device was meanwhile taken by another task (task_devices_active_uq), the
 * insert is repeated with ON CONFLICT DO NOTHING, which leaves such devices out.
 */
export async function insertTaskDevices(db: Executor, taskId: number, r: ResolvedTarget): Promise<Map<number, number>> {
  // The anti-join against task_devices while inserting into it: a nested loop over a table the
  // planner believes empty (just vacuumed) rescans every row inserted so far, quadratic in the
  // release's size. A hash anti-join is linear whatever the statistics say.
  await db.execute(sql`set local enable_nestloop = off`);
  await db.execute(sql`set local work_mem = '64MB'`);
  try {
    try {
      return await db.transaction((sp) => insertWaves(sp, taskId, r, false));
    } catch (err) {
      if ((err as { cause?: { code?: string }; code?: string }).cause?.code !== '23505' && (err as { code?: string }).code !== '23505')
        throw err;
      return await db.transaction((sp) => insertWaves(sp, taskId, r, true));
    }
  } finally {
    await db.execute(sql`set local enable_nestloop = default`);
    await db.execute(sql`set local work_mem = default`);
  }
}

async function insertWaves(db: Executor, taskId: number, r: ResolvedTarget, skipTaken: boolean): Promise<Map<number, number>> {
  const eligible = sql`${scopeOf(r)} and ${fitsOf(r)} and d.firmware_version <> ${r.pkg.versionName}
    and not exists (select 1 from task_devices x where x.device_id = d.id and x.state in ${ACTIVE_STATES_SQL})`;
  const onConflict = skipTaken ? sql`on conflict do nothing` : sql``;
  const counts = new Map<number, number>();
  const add = (out: { wave: number; n: number }[]) =>
    out.forEach((w) => counts.set(Number(w.wave), (counts.get(Number(w.wave)) ?? 0) + Number(w.n)));
  let restWave = 1;
  if (r.input.releaseType === 'gray' && r.input.grayCount && r.input.speed) {
    const sizes = canaryWaveSizes(r.input.grayCount, r.input.speed);
    let acc = 0;
    const whens = sizes.map((size, i) => {
      acc += size;
      return sql`when rn <= ${acc}::int then ${i + 1}::int`;
    });
    restWave = sizes.length + 1;
    add(
      await rows(
        db,
        sql`
      with j as (
        insert into task_devices (task_id, device_id, wave, state, country, from_version)
        select ${taskId}, c.id, case ${sql.join(whens, sql` `)} end, 'pending', c.country, c.firmware_version
          from (select x.*, row_number() over (order by x.h) as rn
                  from (select d.id, d.country, d.firmware_version, hashint8extended(d.id, ${randomInt(1, 2 ** 31)}::int8) as h
                          from devices d where ${eligible} order by h limit ${r.input.grayCount}::int) x) c
        ${onConflict}
        returning wave)
      select wave::int as wave, count(*)::int as n from j group by wave`,
      ),
    );
  }
  // Everything else (the canary devices are now active, so the anti-join leaves them out).
  add(
    await rows(
      db,
      sql`
    with j as (
      insert into task_devices (task_id, device_id, wave, state, country, from_version)
      select ${taskId}, d.id, ${restWave}::int, 'pending', d.country, d.firmware_version from devices d where ${eligible}
      ${onConflict}
      returning wave)
    select wave::int as wave, count(*)::int as n from j group by wave`,
    ),
  );
  return counts;
}
