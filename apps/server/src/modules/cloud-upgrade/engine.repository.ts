/**
 * The release engine's statements: the task row and its waves, events, counter deltas, device
 * timeouts and cancellations, late joiners, and the tick's scans.
 *
 * A task is named by id: an id the task calls got from a scoped query (tasks.repository.ts), or one
 * of the tick's own scan across every tenant (`unsafeOpenTasks`). Functions that read or write
 * across tenants by design are named `unsafe...`.
 *
 * Lock order, everywhere: the task row (FOR UPDATE), then task_devices rows, then the wave rows
 * (counters, always last and as relative increments). Device-side paths (poll, report, join) never
 * lock the task row, and touch a device's task_devices row before its wave row, so no cycle forms.
 */
import type { ReleaseTaskState } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import { recordDeviceEvents } from '../insight';
import { addDelta, iso, OPEN_TASK_STATES, type Executor, type WaveDeltas } from './engine.shared';
import { rows } from '../../db/client';

/** A timestamptz column as epoch milliseconds (a JS number on both drivers). */
export const epochMs = (col: SQL) => sql`(extract(epoch from ${col}) * 1000)::float8`;

/** Device states that belong to a running task (the partial unique index task_devices_active_uq). */
export const ACTIVE_STATES_SQL = sql.raw(`('pending','notified','downloading','installing')`);
export const IN_FLIGHT_STATES_SQL = sql.raw(`('notified','downloading','installing')`);

export const OPEN_TASK_STATES_SQL = sql.raw(`(${OPEN_TASK_STATES.map((s) => `'${s}'`).join(',')})`);

export async function recordTaskEvent(
  db: Executor,
  e: { taskId: number; action: string; from: string; to: string; by: string; reason?: string | null; now: number },
): Promise<void> {
  await db.execute(sql`
    insert into release_task_events (task_id, at, action, from_state, to_state, by_name, reason)
    values (${e.taskId}, ${iso(e.now)}::timestamptz, ${e.action}, ${e.from}, ${e.to}, ${e.by}, ${e.reason ?? null})`);
}

export async function applyWaveDeltas(db: Executor, taskId: number, deltas: WaveDeltas): Promise<void> {
  if (deltas.size === 0) return;
  const entries = [...deltas.entries()].sort(([a], [b]) => a - b);
  const col = (f: 'size' | 'notified' | 'success' | 'failed' | 'cancelled') => sql.param(entries.map(([, d]) => d[f] ?? 0));
  await db.execute(sql`
    update release_task_waves w
       set size = w.size + x.size, notified = w.notified + x.notified, success = w.success + x.success,
           failed = w.failed + x.failed, cancelled = w.cancelled + x.cancelled
      from unnest(${sql.param(entries.map(([idx]) => idx))}::int[], ${col('size')}::int[], ${col('notified')}::int[],
                  ${col('success')}::int[], ${col('failed')}::int[], ${col('cancelled')}::int[])
           as x(idx, size, notified, success, failed, cancelled)
     where w.task_id = ${taskId} and w.idx = x.idx`);
}

/** Cancels the task's devices still active (all, or only those not notified yet); returns counts per wave. */
export async function cancelActiveDevices(
  db: Executor,
  taskId: number,
  now: number,
  deltas: WaveDeltas,
  onlyPending = false,
): Promise<number> {
  const states = onlyPending ? sql.raw(`('pending')`) : ACTIVE_STATES_SQL;
  const r = await rows<{ wave: number; n: number }>(
    db,
    sql`
    with c as (
      update task_devices set state = 'cancelled', updated_at = ${iso(now)}::timestamptz
       where task_id = ${taskId} and state in ${states}
      returning wave)
    select wave::int as wave, count(*)::int as n from c group by wave`,
  );
  let total = 0;
  for (const { wave, n } of r) {
    addDelta(deltas, wave, 'cancelled', n);
    total += n;
  }
  return total;
}

/** Marks notified devices that have not finished within the report timeout as failed ('TIMEOUT'). */
export async function timeOutDevices(
  db: Executor,
  taskId: number,
  timeoutMinutes: number,
  now: number,
  deltas: WaveDeltas,
): Promise<number> {
  const r = await rows<{ wave: number; n: number; ids: number[] }>(
    db,
    sql`
    with f as (
      update task_devices set state = 'failed', error_code = 'TIMEOUT', updated_at = ${iso(now)}::timestamptz
       where task_id = ${taskId} and state in ${IN_FLIGHT_STATES_SQL}
         and notified_at < ${iso(now - timeoutMinutes * 60_000)}::timestamptz
      returning wave, device_id)
    select wave::int as wave, count(*)::int as n, array_agg(device_id::float8) as ids from f group by wave`,
  );
  // A device of a started wave that never answered (never polled) within the timeout also counts
  // as failed, so silent devices cannot keep a rollout running. Its clock starts when its wave
  // started, when it joined, or when the task last came back to release (continue, resume,
  // promote), whichever is latest: a long pause does not fail a whole wave on continue.
  const silent = await rows<{ wave: number; n: number; ids: number[] }>(
    db,
    sql`
    with resumed as (
      select max(at) as at from release_task_events
       where task_id = ${taskId} and to_state = 'in_release'),
    f as (
      update task_devices td set state = 'failed', error_code = 'NO_RESPONSE', updated_at = ${iso(now)}::timestamptz
        from release_task_waves w, resumed
       where td.task_id = ${taskId} and td.state = 'pending'
         and w.task_id = td.task_id and w.idx = td.wave and w.started_at is not null
         and greatest(w.started_at, coalesce(td.updated_at, w.started_at), coalesce(resumed.at, w.started_at))
             < ${iso(now - timeoutMinutes * 60_000)}::timestamptz
      returning td.wave, td.device_id)
    select wave::int as wave, count(*)::int as n, array_agg(device_id::float8) as ids from f group by wave`,
  );
  let total = 0;
  for (const { wave, n } of [...r, ...silent]) {
    addDelta(deltas, wave, 'failed', n);
    total += n;
  }
  // The failures in each device's history (insight).
  const failed = (list: typeof r, code: string) =>
    list.flatMap(({ ids }) => ids.map((id) => ({ deviceId: Number(id), kind: 'upgrade_failed' as const, at: now, code, taskId })));
  await recordDeviceEvents(db, [...failed(r, 'TIMEOUT'), ...failed(silent, 'NO_RESPONSE')]);
  return total;
}

export async function startWave(db: Executor, taskId: number, idx: number, now: number): Promise<void> {
  await db.execute(sql`
    update release_task_waves set started_at = ${iso(now)}::timestamptz
     where task_id = ${taskId} and idx = ${idx} and started_at is null`);
}

// ---------------------------------------------------------------------------------------------
// Late joiners
// ---------------------------------------------------------------------------------------------

/**
 * Whether device d fits task t with package p (aliases d, t, p): in the brand's subtree, the
 * package's product type, models and compatible versions, not already on its version, in the
 * task's regions and countries (specified: named by SN or within a MAC range), free of any other
 * active task and never part of this one. `named` yields the task's SNs (column sn), `ranges` its
 * MAC ranges (columns s, e).
 */
function joinMatch(named: SQL, ranges: SQL): SQL {
  return sql`
      d.company_path like t.company_path || '%'
  and d.product_type = p.product_type and d.model = any(p.models) and d.firmware_version = any(p.compatible_versions)
  and d.firmware_version <> p.version_name
  and (cardinality(t.countries) = 0 or d.country = any(t.countries))
  and (case when t.release_type = 'specified' then
             (cardinality(t.area_ids) = 0 or d.area_id = any(t.area_ids))
         and (d.sn in (${named}) or exists (select 1 from (${ranges}) r where d.mac between r.s and r.e and left(d.mac, 6) = left(r.s, 6)))
       else d.area_id = any(t.area_ids) end)
  and not exists (select 1 from task_devices x where x.device_id = d.id and x.state in ${ACTIVE_STATES_SQL})
  and not exists (select 1 from task_devices y where y.task_id = t.id and y.device_id = d.id)`;
}

/** Late joiners go to the task's last wave: the only wave of a full or specified release, the promotion wave of a gray one. */
const JOIN_WAVE = sql.raw(`(select max(w.idx) from release_task_waves w where w.task_id = t.id)`);
const HAS_WAVES = sql.raw(`exists (select 1 from release_task_waves w0 where w0.task_id = t.id)`);

/**
 * Adds the given devices that fit the task (set-based, a thousand at a time: an anti-join on the
 * table being inserted into must stay small whatever plan the statistics lead to); the caller
 * holds the task row.
 */
export async function joinTaskDevices(
  db: Executor,
  taskId: number,
  deviceIds: readonly number[],
  now: number,
  deltas: WaveDeltas,
): Promise<number> {
  let total = 0;
  for (let i = 0; i < deviceIds.length; i += JOIN_CHUNK)
    total += await joinChunk(db, taskId, deviceIds.slice(i, i + JOIN_CHUNK), now, deltas);
  return total;
}

const JOIN_CHUNK = 1_000;

async function joinChunk(db: Executor, taskId: number, deviceIds: readonly number[], now: number, deltas: WaveDeltas): Promise<number> {
  const r = await rows<{ wave: number; n: number }>(
    db,
    sql`
    with j as (
      insert into task_devices (task_id, device_id, wave, state, country, from_version, updated_at)
      select t.id, d.id, ${JOIN_WAVE}, 'pending', d.country, d.firmware_version, ${iso(now)}::timestamptz
        from release_tasks t
        join firmware_packages p on p.id = t.pkg_id
        join devices d on d.id = any(${sql.param(deviceIds)}::bigint[])
       where t.id = ${taskId} and ${HAS_WAVES}
         and ${joinMatch(
           // Not correlated with t: evaluated once (hashed), however many SNs the task names.
           sql`select jsonb_array_elements_text(coalesce(target->'sns', '[]'::jsonb)) from release_tasks where id = ${taskId}`,
           sql`select m->>'start' as s, m->>'end' as e from release_tasks, jsonb_array_elements(coalesce(target->'macRanges', '[]'::jsonb)) m where id = ${taskId}`,
         )}
      on conflict do nothing
      returning wave)
    select wave::int as wave, count(*)::int as n from j group by wave`,
  );
  let total = 0;
  for (const { wave, n } of r) {
    addDelta(deltas, wave, 'size', n);
    total += n;
  }
  return total;
}

/**
 * Unscoped (any tenant's open tasks): a device that registered, changed or became free joins the
 * oldest open task it fits (one active task per device); `joinMatch` keeps it inside the task's
 * subtree. Does not lock the task row: it adds one pending row and bumps the wave's size.
 */
export async function unsafeJoinOpenTask(db: Executor, deviceId: number, now: number): Promise<{ taskId: number; wave: number } | null> {
  const [j] = await rows<{ task_id: number; wave: number }>(
    db,
    sql`
    with j as (
      insert into task_devices (task_id, device_id, wave, state, country, from_version, updated_at)
      select t.id, d.id, ${JOIN_WAVE}, 'pending', d.country, d.firmware_version, ${iso(now)}::timestamptz
        from devices d
        join release_tasks t on t.status in ${OPEN_TASK_STATES_SQL}
        join firmware_packages p on p.id = t.pkg_id and p.status = 'synced'
       where d.id = ${deviceId} and ${HAS_WAVES}
         and ${joinMatch(
           sql`select jsonb_array_elements_text(coalesce(t.target->'sns', '[]'::jsonb))`,
           sql`select m->>'start' as s, m->>'end' as e from jsonb_array_elements(coalesce(t.target->'macRanges', '[]'::jsonb)) m`,
         )}
       order by t.id
       limit 1
      on conflict do nothing
      returning task_id, wave),
    w as (
      update release_task_waves w set size = w.size + 1 from j where w.task_id = j.task_id and w.idx = j.wave returning w.task_id)
    select j.task_id::int as task_id, j.wave::int as wave from j`,
  );
  return j ? { taskId: Number(j.task_id), wave: Number(j.wave) } : null;
}

// ---------------------------------------------------------------------------------------------
// The task row, its waves, and the tick's scans
// ---------------------------------------------------------------------------------------------

/** The task row by id, locked (see the header for where the id comes from); null when missing or, with skipLocked, held. */
export async function lockTaskRow(db: Executor, taskId: number, opts: { skipLocked?: boolean; openOnly?: boolean } = {}) {
  const [r] = await rows<{
    id: number;
    pkg_id: number;
    status: ReleaseTaskState;
    release_type: string;
    current_wave: number;
    pause_reason: string | null;
    pause_detail: unknown;
    gates: unknown;
    start_at: number;
    end_at: number;
    company_path: string;
  }>(
    db,
    sql`
    select id, pkg_id, status, release_type, current_wave::int as current_wave, pause_reason, pause_detail, gates,
           ${epochMs(sql`start_at`)} as start_at, ${epochMs(sql`end_at`)} as end_at, company_path
      from release_tasks
     where id = ${taskId} ${opts.openOnly ? sql`and status in ${OPEN_TASK_STATES_SQL}` : sql``}
       for update ${opts.skipLocked ? sql`skip locked` : sql``}`,
  );
  return r ?? null;
}

/** A task's waves with their counters, in order. */
export async function waveRows(db: Executor, taskId: number) {
  return rows<{
    idx: number;
    size: number;
    is_promotion: boolean;
    pace_minutes: number;
    started_at: number | null;
    notified: number;
    success: number;
    failed: number;
    cancelled: number;
  }>(
    db,
    sql`
    select idx::int as idx, size, is_promotion, pace_minutes, ${epochMs(sql`started_at`)} as started_at, notified, success, failed, cancelled
      from release_task_waves where task_id = ${taskId} order by idx`,
  );
}

/** Writes a locked task's state and its quantities (from its waves, after their deltas). */
export async function updateTaskState(
  db: Executor,
  id: number,
  t: {
    status: string;
    currentWave: number;
    pauseReason: string | null;
    pauseDetail: object | null;
    finishedAt: number | null;
    now: number;
  },
): Promise<void> {
  await db.execute(sql`
      update release_tasks t
         set status = ${t.status}, current_wave = ${t.currentWave}, pause_reason = ${t.pauseReason},
             pause_detail = ${t.pauseDetail === null ? null : JSON.stringify(t.pauseDetail)}::jsonb,
             finished_at = coalesce(t.finished_at, ${t.finishedAt === null ? null : iso(t.finishedAt)}::timestamptz),
             updated_at = ${iso(t.now)}::timestamptz,
             target_quantity = coalesce(s.total, 0), notice_quantity = coalesce(s.notice, 0)
        from (select sum(size)::int as total, (sum(size) filter (where not is_promotion or started_at is not null))::int as notice
                from release_task_waves where task_id = ${id}) s
       where t.id = ${id}`);
}

/** The state of a task's package. */
export async function packageStatusOf(db: Executor, pkgId: number): Promise<string | null> {
  const [p] = await rows<{ status: string }>(db, sql`select status from firmware_packages where id = ${pkgId}`);
  return p?.status ?? null;
}

/** Unscoped: every open task of every tenant, for the tick (a background job that moves them all). */
export async function unsafeOpenTasks(db: Executor) {
  return rows<{ id: number; created_at: number; created_text: string }>(
    db,
    sql`
    select id, ${epochMs(sql`created_at`)} as created_at, created_at::text as created_text
      from release_tasks where status in ${OPEN_TASK_STATES_SQL} order by id`,
  );
}

export type Watermark = { at: string; atMs: number; id: number };

/**
 * Where a device may have become able to join an open task, each read in (updated_at, id) order
 * from a watermark (ordered by the table's columns, qualified: a bare `id` would name the float8
 * output column, which the (updated_at, id) index cannot deliver, and every tick sorted the table): its own row changed (registered, imported, its version or area changed), or a
 * task it was in ended, completed or was revoked and freed it (cancelled).
 */
const JOIN_SOURCE_SQL = {
  changed: (since: Watermark, batch: number) => sql`
    select d.id::float8 as id, d.updated_at::text as at from devices d
     where (d.updated_at, d.id) > (${since.at}::timestamptz, ${since.id})
     order by d.updated_at, d.id limit ${batch}`,
  freed: (since: Watermark, batch: number) => sql`
    select device_id::float8 as id, updated_at::text as at from task_devices
     where state = 'cancelled' and (updated_at, device_id) > (${since.at}::timestamptz, ${since.id})
     order by updated_at, device_id limit ${batch}`,
};
export type JoinSource = keyof typeof JOIN_SOURCE_SQL;
export const JOIN_SOURCES = Object.keys(JOIN_SOURCE_SQL) as JoinSource[];

/** Where late joining stopped reading, per source (kept in the database: a restarted or another instance goes on from there). */
export async function joinWatermarks(db: Executor): Promise<Partial<Record<JoinSource, Watermark>>> {
  const found = await rows<{ source: string; at: string; at_ms: number; id: number }>(
    db,
    sql`select source, at::text as at, at_ms, id::float8 as id from upgrade_join_watermarks`,
  );
  const marks: Partial<Record<JoinSource, Watermark>> = {};
  for (const r of found) {
    if ((JOIN_SOURCES as string[]).includes(r.source))
      marks[r.source as JoinSource] = { at: r.at, atMs: Number(r.at_ms), id: Number(r.id) };
  }
  return marks;
}

/** Stores where late joining goes on next time (two instances ticking at once write the same positions). */
export async function saveJoinWatermarks(db: Executor, marks: Partial<Record<JoinSource, Watermark>>): Promise<void> {
  for (const [source, m] of Object.entries(marks)) {
    await db.execute(sql`
      insert into upgrade_join_watermarks (source, at, at_ms, id) values (${source}, ${m.at}::timestamptz, ${m.atMs}, ${m.id})
      on conflict (source) do update set at = excluded.at, at_ms = excluded.at_ms, id = excluded.id`);
  }
}

/** Unscoped: devices of every tenant changed or freed since the watermark; the tick matches each to tasks of its own subtree. */
export async function unsafeJoinCandidates(db: Executor, source: JoinSource, since: Watermark, batch: number) {
  return rows<{ id: number; at: string }>(db, JOIN_SOURCE_SQL[source](since, batch));
}
