/**
 * Rollups and statistics (issue 15 items 2 and 3): for random fleets, events, samples, end users'
 * app calls, storage plan sales, filters and reporting time zones, the Overview's figures equal
 * direct counts over the raw rows; rolled up
 * incrementally (with late events re-opening their buckets) they equal a rebuild; a 32-day range is
 * refused with queryRangeSchema's message.
 */
import { insightCalls } from '@portal/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createUser } from '../../support/fixtures';
import { rollUpAll } from '../../support/rollup';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Zones of whole-hour offsets without daylight saving: the local day of t is t + offset in UTC. */
const ZONES = { UTC: 0, 'Asia/Shanghai': 8, 'America/Bogota': -5 } as const;
type Zone = keyof typeof ZONES;

interface Group {
  brand: 'A' | 'B';
  customer: 'none' | 'dealerA' | 'installerA';
  productType: 'IPC' | 'NVR';
  model: 'M1' | 'M2';
  version: 'V1' | 'V2' | 'V3';
  country: 'DE' | 'FR' | 'US';
}
interface Ev {
  g: number;
  kind: 'activation' | 'upgrade_success' | 'upgrade_failed' | 'online';
  at: number;
  code: string;
}
interface Sample {
  g: number;
  at: number;
  devices: number;
  online: number;
}
/** An app call of an end user (the end-user log): counted once per end user and local day. */
interface AppCall {
  brand: 'A' | 'B';
  user: number;
  at: number;
}
/** An order of a group's device that became paid. */
interface Sale {
  g: number;
  at: number;
  amount: number;
}
interface Filters {
  productType?: Group['productType'];
  model?: Group['model'];
  version?: Group['version'];
  country?: Group['country'];
  customer?: 'dealerA' | 'installerA';
}

const BASE = Date.UTC(2026, 9, 1); // the generated history: 20 days from here

const groupArb = fc.record<Group>({
  brand: fc.constantFrom('A', 'B'),
  customer: fc.constantFrom('none', 'dealerA', 'installerA'),
  productType: fc.constantFrom('IPC', 'NVR'),
  model: fc.constantFrom('M1', 'M2'),
  version: fc.constantFrom('V1', 'V2', 'V3'),
  country: fc.constantFrom('DE', 'FR', 'US'),
});
const timeArb = fc.integer({ min: 0, max: 20 * DAY - 1 }).map((t) => BASE + t);
const worldArb = fc.array(groupArb, { minLength: 1, maxLength: 6 }).chain((groups) =>
  fc.record({
    groups: fc.constant(groups),
    events: fc.array(
      fc.record<Ev>({
        g: fc.nat({ max: groups.length - 1 }),
        kind: fc.constantFrom('activation', 'upgrade_success', 'upgrade_failed', 'online'),
        at: timeArb,
        code: fc.constantFrom('E1', 'E2'),
      }),
      { maxLength: 40 },
    ),
    sampleTimes: fc.uniqueArray(
      timeArb.map((t) => Math.floor(t / 60_000) * 60_000),
      { maxLength: 8 },
    ),
    sampleValues: fc.array(fc.tuple(fc.nat({ max: 9 }), fc.nat({ max: 9 })), { minLength: 60, maxLength: 60 }),
    zone: fc.constantFrom<Zone>('UTC', 'Asia/Shanghai', 'America/Bogota'),
    fromDay: fc.integer({ min: 0, max: 18 }),
    days: fc.integer({ min: 1, max: 12 }),
    filters: fc.record<Filters>(
      {
        productType: fc.constantFrom('IPC', 'NVR'),
        model: fc.constantFrom('M1', 'M2'),
        version: fc.constantFrom('V1', 'V2', 'V3'),
        country: fc.constantFrom('DE', 'FR', 'US'),
        customer: fc.constantFrom('dealerA', 'installerA'),
      },
      { requiredKeys: [] },
    ),
    lateSplit: fc.nat({ max: 40 }),
    appCalls: fc.array(fc.record<AppCall>({ brand: fc.constantFrom('A', 'B'), user: fc.integer({ min: 1, max: 4 }), at: timeArb }), {
      maxLength: 30,
    }),
    sales: fc.array(fc.record<Sale>({ g: fc.nat({ max: groups.length - 1 }), at: timeArb, amount: fc.nat({ max: 10_000 }) }), {
      maxLength: 20,
    }),
    appLateSplit: fc.nat({ max: 30 }),
  }),
);

describe.each(ENGINES)('rollups and statistics (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let now = Date.UTC(2026, 9, 25);

  const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);
  const paths = () => ({
    A: t.world.companies.partnerA,
    B: t.world.companies.partnerB,
    dealerA: t.world.companies.dealerA,
    installerA: t.world.companies.installerA,
  });

  async function clear() {
    for (const table of ['device_events', 'device_samples', 'device_sample_times', 'sales_events', 'end_user_logs'])
      await exec(sql`delete from ${sql.identifier(table)}`);
    await rollUpAll(t.database, (now += 60_000), { rebuild: true });
  }

  function dims(g: Group) {
    const p = paths();
    const brand = g.brand === 'A' ? p.A : p.B;
    // Customers lie in brand A's subtree; a brand-B group keeps no customer.
    const customer = g.brand === 'A' && g.customer !== 'none' ? p[g.customer] : null;
    return { brand, customer };
  }

  async function insertEvents(groups: Group[], events: Ev[]) {
    for (const e of events) {
      const g = groups[e.g]!;
      const { brand, customer } = dims(g);
      await exec(sql`insert into device_events (device_id, kind, at, code, brand_id, brand_path, customer_id, customer_path, product_type, model, version, country, area_id)
        values (1, ${e.kind}, ${new Date(e.at).toISOString()}::timestamptz, ${e.kind === 'upgrade_failed' ? e.code : ''}, ${brand.id}, ${brand.path},
                ${customer?.id ?? 0}, ${customer?.path ?? ''}, ${g.productType}, ${g.model}, ${g.version}, ${g.country}, ${t.world.areas.eu.id})`);
    }
  }

  async function insertSamples(groups: Group[], samples: Sample[], times: number[]) {
    for (const at of times) await exec(sql`insert into device_sample_times (at) values (${new Date(at).toISOString()}::timestamptz)`);
    for (const s of samples) {
      const g = groups[s.g]!;
      const { brand, customer } = dims(g);
      await exec(sql`insert into device_samples (at, brand_id, brand_path, customer_id, customer_path, product_type, model, version, country, area_id, devices, online)
        values (${new Date(s.at).toISOString()}::timestamptz, ${brand.id}, ${brand.path}, ${customer?.id ?? 0}, ${customer?.path ?? ''},
                ${g.productType}, ${g.model}, ${g.version}, ${g.country}, ${t.world.areas.eu.id}, ${s.devices}, ${s.online})`);
    }
  }

  async function insertAppCalls(calls: AppCall[]) {
    for (const c of calls) {
      const brand = c.brand === 'A' ? paths().A : paths().B;
      await exec(sql`insert into end_user_logs (at, company_id, company_path, app_key_id, end_user_id, area_id, action, code)
        values (${new Date(c.at).toISOString()}::timestamptz, ${brand.id}, ${brand.path}, 1, ${c.user}, ${t.world.areas.eu.id}, 'account/login', 200)`);
    }
  }

  async function insertSales(groups: Group[], sales: Sale[]) {
    for (const x of sales) {
      const g = groups[x.g]!;
      const { brand, customer } = dims(g);
      await exec(sql`insert into sales_events (order_id, at, amount, currency, brand_id, brand_path, customer_id, customer_path, product_type, model, version, country, area_id)
        values (1, ${new Date(x.at).toISOString()}::timestamptz, ${x.amount}, 'USD', ${brand.id}, ${brand.path}, ${customer?.id ?? 0}, ${customer?.path ?? ''},
                ${g.productType}, ${g.model}, ${g.version}, ${g.country}, ${t.world.areas.eu.id})`);
    }
  }

  const snapshot = async () => {
    const h = (await exec(sql`select * from stats_hourly order by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`)) as unknown as { rows: unknown[] };
    const d = (await exec(sql`select * from stats_daily order by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12`)) as unknown as { rows: unknown[] };
    const s = (await exec(sql`select * from stats_daily_samples order by 1, 2`)) as unknown as { rows: unknown[] };
    const a = (await exec(sql`select * from stats_daily_app order by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12`)) as unknown as {
      rows: unknown[];
    };
    return JSON.stringify([h.rows, d.rows, s.rows, a.rows]);
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await t.login('owner-a@test.local');
  });
  afterAll(() => t?.close());

  it('figures equal direct counts over the raw rows; incremental equals rebuild', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, async (w) => {
        await clear();
        await exec(sql`update companies set time_zone = ${w.zone} where id = ${paths().A.id}`);
        const off = ZONES[w.zone] * HOUR;
        const localDay = (ms: number) => Math.floor((ms + off) / DAY);
        const samples: Sample[] = [];
        let i = 0;
        for (const at of w.sampleTimes)
          for (let g = 0; g < w.groups.length; g++) {
            const [a, b] = w.sampleValues[i++ % w.sampleValues.length]!;
            samples.push({ g, at, devices: a, online: Math.min(a, b) });
          }
        // Incremental: part of the events, a run, the rest (older ones re-open closed buckets) and the samples, a run.
        await insertEvents(w.groups, w.events.slice(0, w.lateSplit));
        await insertAppCalls(w.appCalls.slice(0, w.appLateSplit));
        await insertSales(w.groups, w.sales.slice(0, Math.floor(w.appLateSplit / 2)));
        await rollUpAll(t.database, (now += 60_000));
        await insertEvents(w.groups, w.events.slice(w.lateSplit));
        await insertSamples(w.groups, samples, w.sampleTimes);
        await insertAppCalls(w.appCalls.slice(w.appLateSplit));
        await insertSales(w.groups, w.sales.slice(Math.floor(w.appLateSplit / 2)));
        await rollUpAll(t.database, (now += 60_000));
        const incremental = await snapshot();
        await rollUpAll(t.database, (now += 60_000), { rebuild: true });
        expect(await snapshot()).toBe(incremental);

        // The range: whole local days.
        const firstDay = localDay(BASE) + w.fromDay;
        const lastDay = firstDay + w.days - 1;
        const range = { from: firstDay * DAY - off, to: (lastDay + 1) * DAY - off };
        const f = w.filters;
        const match = (g: Group) =>
          g.brand === 'A' &&
          (!f.productType || g.productType === f.productType) &&
          (!f.model || g.model === f.model) &&
          (!f.version || g.version === f.version) &&
          (!f.country || g.country === f.country) &&
          (!f.customer || g.customer === f.customer || (f.customer === 'dealerA' && g.customer === 'installerA'));
        const inRange = (at: number) => localDay(at) >= firstDay && localDay(at) <= lastDay;
        const evs = w.events.filter((e) => inRange(e.at) && match(w.groups[e.g]!));
        const count = (kind: Ev['kind']) => evs.filter((e) => e.kind === kind).length;
        const last = Math.max(-Infinity, ...w.sampleTimes.filter(inRange));
        const ss = samples.filter((s) => inRange(s.at) && match(w.groups[s.g]!));
        const sumD = ss.reduce((n, s) => n + s.devices, 0);
        const sumO = ss.reduce((n, s) => n + s.online, 0);
        const atLast = ss.filter((s) => s.at === last);
        const expected = {
          devices: atLast.reduce((n, s) => n + s.devices, 0),
          online: atLast.reduce((n, s) => n + s.online, 0),
          onlineRate: sumD > 0 ? sumO / sumD : null,
          activations: count('activation'),
          upgradeSuccess: count('upgrade_success'),
          upgradeFailed: count('upgrade_failed'),
        };
        const customerId = f.customer ? paths()[f.customer].id : undefined;
        const r = await t.call(
          insightCalls.statsOverview,
          { range, productType: f.productType, model: f.model, version: f.version, country: f.country, customerId },
          owner,
        );
        expect(r.basic.code, r.basic.msg).toBe(200);
        expect(r.data.timeZone).toBe(w.zone);
        const { onlineRate, ...rest } = r.data.current;
        const { onlineRate: expectedRate, ...expectedRest } = expected;
        expect(rest).toEqual(expectedRest);
        if (expectedRate === null) expect(onlineRate).toBeNull();
        else expect(onlineRate).toBeCloseTo(expectedRate, 9);
        // The trend's days sum to the period's events; each day's activations are that day's.
        expect(r.data.trend).toHaveLength(w.days);
        expect(r.data.trend.reduce((n, d) => n + d.activations, 0)).toBe(expected.activations);
        for (const d of r.data.trend) {
          const day = Date.parse(`${d.day}T00:00:00Z`) / DAY;
          expect(d.upgradeFailed).toBe(evs.filter((e) => e.kind === 'upgrade_failed' && localDay(e.at) === day).length);
        }
        // End users: each local day's distinct end users of brand A, averaged over the days; unknown under a filter.
        const filtered = Object.values(f).some((v) => v !== undefined);
        const perDay = new Map<number, Set<number>>();
        for (const c of w.appCalls.filter((c) => c.brand === 'A' && inRange(c.at)))
          perDay.set(localDay(c.at), (perDay.get(localDay(c.at)) ?? new Set()).add(c.user));
        const activeSum = [...perDay.values()].reduce((n, u) => n + u.size, 0);
        expect(r.data.app.current.activeEndUsers).toBe(filtered ? null : Math.round((activeSum / w.days) * 10) / 10);
        for (const d of r.data.app.trend) {
          const day = Date.parse(`${d.day}T00:00:00Z`) / DAY;
          expect(d.activeEndUsers).toBe(filtered ? null : (perDay.get(day)?.size ?? 0));
        }
        // Sales: orders paid in the range on the matching devices, and their amount.
        const sold = w.sales.filter((x) => inRange(x.at) && match(w.groups[x.g]!));
        expect(r.data.app.current.sales).toEqual({ orders: sold.length, amount: sold.reduce((n, x) => n + x.amount, 0) });
        expect(r.data.app.trend.reduce((n, d) => n + (d.ordersPaid ?? 0), 0)).toBe(sold.length);
        // Versions: devices at the last sample, per version.
        const perVersion = new Map<string, number>();
        for (const s of atLast) perVersion.set(w.groups[s.g]!.version, (perVersion.get(w.groups[s.g]!.version) ?? 0) + s.devices);
        expect(Object.fromEntries(r.data.versions.map((v) => [v.version, v.devices]))).toEqual(
          Object.fromEntries([...perVersion].filter(([, n]) => n > 0)),
        );
      }),
      { numRuns: 12 },
    );
  }, 300_000);

  it('an order becoming paid writes one sales event with its device then; sales only with a storage code', async () => {
    await clear();
    const device = t.world.upgradeB.device;
    const b = t.world.companies.partnerB;
    const paidAt = Date.UTC(2026, 9, 3, 10);
    const order = (no: string, state: string) =>
      exec(sql`insert into storage_orders (order_no, amount, platform, device_id, device_sn, company_id, company_path, goods_id, goods_snapshot,
                 service_days, cost_price, state, paid_at)
               values (${no}, 1999, 'android', ${device.id}, ${device.sn}, ${b.id}, ${b.path}, 1, '{}'::jsonb, 30, 500, ${state},
                 ${state === 'paid' ? new Date(paidAt).toISOString() : null}::timestamptz) returning id`);
    await order('SALE-1', 'unpaid');
    await order('SALE-2', 'paid');
    await exec(
      sql`update storage_orders set state = 'paid', paid_at = ${new Date(paidAt).toISOString()}::timestamptz where order_no = 'SALE-1'`,
    );
    // Paid again (a webhook replayed) and refunded: no new sale.
    await exec(sql`update storage_orders set state = 'paid' where order_no = 'SALE-1'`);
    await exec(sql`update storage_orders set state = 'refunded' where order_no = 'SALE-2'`);
    const ev = (await exec(
      sql`select brand_id, model, version, country, amount::int as amount, at from sales_events order by id`,
    )) as unknown as { rows: { brand_id: number; model: string; version: string; country: string; amount: number; at: Date | string }[] };
    expect(ev.rows.map((r) => [r.brand_id, r.model, r.version, r.country, r.amount])).toEqual([
      [b.id, device.model, device.firmwareVersion, device.country, 1999],
      [b.id, device.model, device.firmwareVersion, device.country, 1999],
    ]);
    await rollUpAll(t.database, (now += 60_000));
    const ownerB = await t.login('owner-b@test.local');
    const range = { from: Date.UTC(2026, 9, 1), to: Date.UTC(2026, 9, 8) };
    const withSales = await t.call(insightCalls.statsOverview, { range }, ownerB);
    expect(withSales.basic.code, withSales.basic.msg).toBe(200);
    expect(withSales.data.app.current.sales).toEqual({ orders: 2, amount: 3998 });
    expect(withSales.data.app.trend.find((d) => d.day === '2026-10-03')).toMatchObject({ ordersPaid: 2, salesAmount: 3998 });
    // Partner A sees none of B's sales.
    expect((await t.call(insightCalls.statsOverview, { range }, owner)).data.app.current.sales).toEqual({ orders: 0, amount: 0 });
    await createUser(t.database, {
      companyId: b.id,
      email: 'device-only-b@test.local',
      userType: 'partner',
      codes: ['dealer_device_qry'],
      areaIds: [t.world.areas.us.id],
    });
    const deviceOnly = await t.call(insightCalls.statsOverview, { range }, await t.login('device-only-b@test.local'));
    expect(deviceOnly.basic.code).toBe(200);
    expect(deviceOnly.data.app.current.sales).toBeUndefined();
    expect(deviceOnly.data.app.trend.every((d) => d.ordersPaid === undefined && d.salesAmount === undefined)).toBe(true);
    await exec(sql`delete from storage_orders where order_no in ('SALE-1', 'SALE-2')`);
  });

  it('refuses a 32-day range with the queryRangeSchema message, and a customer of another tenant as missing', async () => {
    const from = Date.UTC(2026, 9, 1);
    const long = await t.call(insightCalls.statsOverview, { range: { from, to: from + 32 * DAY } }, owner);
    expect(long.basic.code).toBe(1001);
    expect(long.basic.msg).toMatch(/31/);
    const ok = await t.call(insightCalls.statsOverview, { range: { from, to: from + 31 * DAY } }, owner);
    expect(ok.basic.code).toBe(200);
    const other = await t.call(
      insightCalls.statsOverview,
      { range: { from, to: from + DAY }, customerId: t.world.companies.partnerB.id },
      owner,
    );
    expect(other.basic.code).toBe(1004);
  });
});
