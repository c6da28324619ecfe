/**
 * The benchmark's device history (issue 15, Seeds): 30 days of events for the Bench Partner's fleet
 * (by default 5 per device: 5,000,000 rows for 1,000,000 devices: offline and back online, version
 * changes, upgrade results with a failure code now and then, bindings) and a fleet sample every 5
 * minutes, each one INSERT ... SELECT; then the statistics are rolled up by the server's own rollup
 * (modules/insight, a rebuild), so the statistics bench reads real rollup rows.
 */
import type { Database } from '@portal/server/db/client';
import { runRollupOnce } from '@portal/server/modules/insight/jobs';
import { sql } from 'drizzle-orm';
import { benchPartner } from './large-devices';
import { one, type Log } from './shared';

const DAY_MS = 86_400_000;
const SAMPLE_MS = 5 * 60_000;
const DAYS = 30;

export async function hasLargeInsight(database: Pick<Database, 'db'>): Promise<boolean> {
  const partner = await benchPartner(database);
  if (!partner) return false;
  const r = await one<{ found: boolean }>(
    database.db,
    sql`select exists (select 1 from device_events where brand_id = ${partner.id}::int) as found`,
  );
  return !!r?.found;
}

export async function seedLargeInsight(
  database: Database,
  opts: { eventsPerDevice?: number; sampleMinutes?: number; now?: number; log?: Log } = {},
): Promise<{ events: number; samples: number; seconds: number }> {
  const log = opts.log ?? (() => {});
  const K = Math.floor(opts.eventsPerDevice ?? 5);
  const partner = await benchPartner(database);
  if (!partner) throw new Error('seedLargeInsight: the Bench Partner does not exist; seed the large volumes first');
  const startedAt = performance.now();
  const now = opts.now ?? Date.now();
  // Fleet samples every 5 minutes, as the sampler takes them (a test asks for fewer).
  const sampleMs = Math.max(1, Math.floor(opts.sampleMinutes ?? 5)) * 60_000;
  const from = new Date(Math.floor((now - DAYS * DAY_MS) / SAMPLE_MS) * SAMPLE_MS).toISOString();
  const dims = sql.raw(
    `d.company_id, d.company_path, coalesce(d.customer_id, 0), d.customer_path, d.product_type, d.model, d.firmware_version, d.country, coalesce(d.area_id, 0)`,
  );

  // Event k of a device falls on its own day and second of the 30 days; its kind cycles through
  // offline, online, version_change, upgrade_success and (one in ten) upgrade_failed or bound.
  const events = await one<{ n: number }>(
    database.db,
    sql`with ins as (
          insert into device_events (device_id, kind, at, code, from_version, brand_id, brand_path, customer_id, customer_path,
                                     product_type, model, version, country, area_id)
          select d.id,
                 case (d.id + k) % 10 when 0 then 'upgrade_failed' when 1 then 'bound' when 2 then 'version_change'
                      when 3 then 'upgrade_success' when 4 then 'offline' when 5 then 'online' when 6 then 'offline'
                      when 7 then 'online' when 8 then 'offline' else 'online' end,
                 ${from}::timestamptz + ((d.id * 7 + k * 104729) % ${DAYS * 86_400}::bigint) * interval '1 second',
                 case when (d.id + k) % 10 = 0 then (array['3001','3002','3004'])[1 + (d.id % 3)::int] else '' end,
                 case when (d.id + k) % 10 = 2 then 'V1.0.0' else '' end,
                 ${dims}
            from devices d, generate_series(1, ${K}::int) k
           where d.company_id = ${partner.id}::int
          returning 1)
        select count(*)::int as n from ins`,
  );
  log(`large: ${events?.n ?? 0} device events in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);

  // A fleet sample every 5 minutes over the 30 days: the groups as the sampler writes them, with
  // an online share that moves over the day.
  const sampledAt = performance.now();
  const samples = await one<{ n: number }>(
    database.db,
    // The demo seed's hourly sample times may coincide with some of these; the fleet is sampled at
    // every one of them all the same (a time is recorded once, its samples per brand).
    sql`with t as (
          select g as at from generate_series(${from}::timestamptz, ${new Date(now).toISOString()}::timestamptz, ${sampleMs / 60_000} * interval '1 minute') g),
        taken as (insert into device_sample_times (at) select at from t on conflict do nothing),
        grp as (
          select ${dims}, count(*)::int as devices from devices d where d.company_id = ${partner.id}::int group by 1, 2, 3, 4, 5, 6, 7, 8, 9),
        ins as (
          insert into device_samples (at, brand_id, brand_path, customer_id, customer_path, product_type, model, version, country, area_id, devices, online)
          select t.at, grp.*, floor(grp.devices * (0.82 + 0.1 * sin(extract(epoch from t.at) / 13751.0)))::int
            from t, grp
          returning 1)
        select count(*)::int as n from ins`,
  );
  log(`large: ${samples?.n ?? 0} fleet samples in ${((performance.now() - sampledAt) / 1000).toFixed(1)} s`);

  const rolledAt = performance.now();
  const r = await runRollupOnce(database, now, { rebuild: true });
  log(`large: statistics rolled up (${r.hours} hours, ${r.days} zone-days) in ${((performance.now() - rolledAt) / 1000).toFixed(1)} s`);
  return { events: events?.n ?? 0, samples: samples?.n ?? 0, seconds: (performance.now() - startedAt) / 1000 };
}
