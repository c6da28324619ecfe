/**
 * The statements of release targeting (targets.service.ts): the package and regions a release names,
 * counting the devices it reaches (preview) and fixing them in task_devices (submit) with one
 * INSERT ... SELECT, waves assigned in SQL. Every device statement is limited to the package
 * brand's subtree (the package was found in the caller's subtree first).
 */
import { canaryWaveSizes, type Locale } from '@portal/contract';
import { randomInt } from 'node:crypto';
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { areas, files, firmwarePackages } from '../../db/schema';
import { areaNameColumn } from '../../lib/area-names';
import type { Actor } from '../../lib/context';
import { escapeLike, scopedToSubtree } from '../../lib/tenancy';
import { ACTIVE_STATES_SQL } from './engine.repository';
import type { Executor } from './engine.shared';
import type { ResolvedTarget } from './targets.types';
import { rows } from '../../db/client';

/**
 * A package of the caller's subtree that is not deleted. Inside a submit's transaction this holds the
 * package against a concurrent abandon or delete (they take the row FOR UPDATE), so no task is
 * created on a package that is going away.
 */
export async function findReleasablePackageRow(db: Executor, actor: Pick<Actor, 'companyPath'>, pkgId: number) {
  const [pkg] = await db
    .select()
    .from(firmwarePackages)
    .where(
      and(eq(firmwarePackages.id, pkgId), ne(firmwarePackages.status, 'deleted'), scopedToSubtree(firmwarePackages.companyPath, actor)),
    )
    .for('share');
  return pkg ?? null;
}

/** Regions by id with their names in `locale` (regions are platform data, not a tenant's). */
export async function areaNamesByIds(db: Executor, areaIds: number[], locale: Locale) {
  return db
    .select({ id: areas.id, name: areaNameColumn(locale) })
    .from(areas)
    .where(inArray(areas.id, areaIds));
}

export async function areaKindOf(db: Executor, areaId: number) {
  const [cur] = await db.select({ kind: areas.kind }).from(areas).where(eq(areas.id, areaId));
  return cur ?? null;
}

/** A file uploaded by the caller's own company (a target list), or null. */
export async function findOwnCompanyFile(db: Executor, actor: Pick<Actor, 'companyId'>, fileId: number) {
  const [f] = await db
    .select({ path: files.path })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.companyId, actor.companyId)));
  return f ?? null;
}

/** A region of the release that a full or gray task of the same package (not revoked, ended or expired) holds already. */
export async function regionTakenByPackage(db: Executor, r: ResolvedTarget): Promise<{ id: number; name: string } | null> {
  if (r.input.releaseType === 'specified' || r.input.areaIds.length === 0) return null;
  const [taken] = await rows<{ id: number; name: string }>(
    db,
    sql`
    select a.id, a.display_name as name
      from release_tasks t join areas a on a.id = any(t.area_ids)
     where t.pkg_id = ${r.pkg.id} and t.release_type in ('full', 'gray') and t.status not in ('revoked', 'ended', 'expired')
       and a.id = any(${sql.param(r.input.areaIds)}::int[])
     order by a.id limit 1`,
  );
  return taken ?? null;
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
