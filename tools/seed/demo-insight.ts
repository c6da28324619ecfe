/**
 * Demo history for insight (issue 15 item 8, demo part): Acme's and Northwind's devices are spread
 * over their direct downstream companies (the customer a distributor's statistics follow), marked
 * online as they were last seen, and given 30 days of events (activations, drops and returns, upgrade
 * results with failure codes, version changes) and hourly fleet samples; then the rollups are built
 * by the server's own code (unsafeRollUp), as the job would.
 */
import type { Database } from '@portal/server/db/client';
import { runRollupOnce } from '@portal/server/modules/insight/index';
import { ONLINE_WINDOW_SECONDS } from '@portal/contract';
import { sql } from 'drizzle-orm';

const BRANDS = ['Acme Vision', 'Northwind Security Systems'];

export async function seedDemoInsight(database: Database, now = Date.now()): Promise<{ events: number; samples: number }> {
  const db = database.db;
  const nowIso = new Date(now).toISOString();
  const count = async (q: ReturnType<typeof sql>) =>
    Number(((await db.execute(q)) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
  await db.transaction(async (tx) => {
    const brands = sql`(select id from companies where name = any(${sql.param(BRANDS)}::text[]))`;
    // Reporting time zones: the days of Acme's statistics are Berlin's, Northwind's New York's.
    await tx.execute(sql`update companies set time_zone = 'Europe/Berlin' where name = 'Acme Vision'`);
    await tx.execute(sql`update companies set time_zone = 'America/New_York' where name = 'Northwind Security Systems'`);
    // Three devices in four go to one of the brand's direct downstream companies, in turn.
    await tx.execute(sql`
      with kids as (select c.parent_id, c.id, c.path, row_number() over (partition by c.parent_id order by c.id) - 1 as i,
                           count(*) over (partition by c.parent_id) as k
                      from companies c where c.parent_id in ${brands}),
           pick as (select d.id as device_id, kids.id, kids.path from devices d
                      join kids on kids.parent_id = d.company_id and kids.i = d.id % kids.k
                     where d.id % 4 <> 0)
      update devices d set customer_id = pick.id, customer_path = pick.path from pick where d.id = pick.device_id`);
    await tx.execute(sql`
      update devices set online = coalesce(last_seen_at >= ${nowIso}::timestamptz - ${`${ONLINE_WINDOW_SECONDS} seconds`}::interval, false)
       where company_id in ${brands}`);
    // One device in six was activated in the last 30 days.
    await tx.execute(sql`
      update devices set registered_at = ${nowIso}::timestamptz - ((id * 37) % 720) * interval '1 hour',
                         created_at = ${nowIso}::timestamptz - ((id * 37) % 720) * interval '1 hour'
       where company_id in ${brands} and id % 6 = 0`);
    const dims = sql.raw(
      `d.company_id, d.company_path, coalesce(d.customer_id, 0), d.customer_path, d.product_type, d.model, d.firmware_version, d.country, coalesce(d.area_id, 0)`,
    );
    const cols = sql.raw(`brand_id, brand_path, customer_id, customer_path, product_type, model, version, country, area_id`);
    await tx.execute(sql`
      insert into device_events (device_id, kind, at, ${cols})
      select d.id, 'activation', d.registered_at, ${dims} from devices d
       where d.company_id in ${brands} and d.registered_at >= ${nowIso}::timestamptz - interval '30 days'`);
    // Drops and returns: on some days a device goes offline for a few hours (flapping ones often).
    await tx.execute(sql`
      insert into device_events (device_id, kind, at, ${cols})
      select d.id, e.kind, e.at, ${dims}
        from devices d
        cross join generate_series(1, 30) day
        cross join lateral (values
          ('offline', ${nowIso}::timestamptz - day * interval '1 day' + ((d.id * 31 + day * 17) % 20) * interval '1 hour'),
          ('online',  ${nowIso}::timestamptz - day * interval '1 day' + ((d.id * 31 + day * 17) % 20 + 1 + (d.id + day) % 3) * interval '1 hour')) e(kind, at)
       where d.company_id in ${brands} and d.created_at < e.at
         and ((d.id + day) % 9 = 0 or (d.id % 37 = 0 and day <= 3))`);
    // Upgrades: a third of the devices upgraded in the last 30 days, one in twelve of them failing first.
    await tx.execute(sql`
      insert into device_events (device_id, kind, at, code, ${cols})
      select d.id, 'upgrade_failed', ${nowIso}::timestamptz - ((d.id * 13) % 29 + 1) * interval '1 day',
             (array['DOWNLOAD_FAILED', 'FLASH_ERROR', 'TIMEOUT', 'VERSION_MISMATCH'])[1 + d.id % 4], ${dims}
        from devices d where d.company_id in ${brands} and d.id % 3 = 0 and d.id % 12 = 0`);
    await tx.execute(sql`
      insert into device_events (device_id, kind, at, from_version, ${cols})
      select d.id, k.kind, ${nowIso}::timestamptz - ((d.id * 13) % 29) * interval '1 day' - interval '2 hours', 'V1.0.0', ${dims}
        from devices d cross join (values ('upgrade_success'), ('version_change')) k(kind)
       where d.company_id in ${brands} and d.id % 3 = 0 and d.id % 7 <> 0 and d.firmware_version <> 'V1.0.0'`);
    // Hourly samples over the 30 days: the devices that existed, about three in four online (fewer at night).
    await tx.execute(sql`
      insert into device_sample_times (at)
      select date_trunc('hour', ${nowIso}::timestamptz) - h * interval '1 hour' from generate_series(0, 719) h
      on conflict do nothing`);
    await tx.execute(sql`
      insert into device_samples (at, ${cols}, devices, online)
      select t.at, ${dims}, count(*)::int,
             (count(*) filter (where (d.id + extract(hour from t.at)::int) % 10 < 7 + (extract(dow from t.at)::int % 2)))::int
        from generate_series(0, 719) h
        cross join lateral (select date_trunc('hour', ${nowIso}::timestamptz) - h * interval '1 hour' as at) t
        join devices d on d.created_at <= t.at and d.company_id in ${brands}
       group by t.at, ${dims}`);
  });
  await runRollupOnce(database, now, { rebuild: true });
  return {
    events: await count(sql`select count(*)::int as n from device_events`),
    samples: await count(sql`select count(*)::int as n from device_samples`),
  };
}
