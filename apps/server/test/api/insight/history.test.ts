/**
 * Device history (issue 15 item 1): online noticed by the last-seen flush, offline by the presence
 * job over devices_online_seen_idx, flapping under the test clock, version changes and upgrade
 * results written where the device API and the engine record them, and a retried report writing one event.
 */
import { ONLINE_WINDOW_SECONDS, POLL_INTERVAL_SECONDS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushDeviceLastSeen } from '../../../src/modules/cloud-upgrade/device-api.last-seen';
import { runPresenceOnce } from '../../../src/modules/insight';
import { createTestApp, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { keyedDevices, poll, type SimDevice } from '../../support/upgrade-release';

const MIN = 60_000;
const WINDOW = ONLINE_WINDOW_SECONDS * 1000;

describe.each(ENGINES)('device history (%s)', (engine) => {
  let t: TestApp;
  let fleet: SimDevice[];

  const eventsOf = async (deviceId: number) => {
    const r = (await t.database.db.execute(
      sql`select kind, (extract(epoch from at) * 1000)::float8 as at, code, from_version, version from device_events
           where device_id = ${deviceId} order by at, id`,
    )) as unknown as { rows: Array<{ kind: string; at: number; code: string; from_version: string; version: string }> };
    return r.rows.map((e) => ({ ...e, at: Number(e.at) }));
  };
  const seen = async (d: SimDevice) => {
    expect((await poll(t, d)).code).toBe(200);
    await flushDeviceLastSeen();
  };
  const presence = () => runPresenceOnce(t.database, t.clock.now(), POLL_INTERVAL_SECONDS);

  beforeAll(async () => {
    t = await createTestApp(engine);
    const A = t.world.companies.partnerA;
    fleet = await keyedDevices(t, { companyId: A.id, companyPath: A.path, count: 3, areaId: t.world.areas.eu.id, snPrefix: 'HIST' });
  });
  afterAll(() => t?.close());

  it('online at the first poll; offline one window after the last, noticed by the job; again online when seen', async () => {
    const d = fleet[0]!;
    const t0 = t.clock.now();
    await seen(d);
    expect(await eventsOf(d.id)).toMatchObject([{ kind: 'online', at: t0 }]);
    // Polls within the window: nothing new.
    t.clock.advance(5 * MIN);
    await seen(d);
    const last = t.clock.now();
    t.clock.advance(WINDOW - MIN);
    expect((await presence()).offline).toBe(0);
    t.clock.advance(2 * MIN);
    expect((await presence()).offline).toBe(1);
    expect((await presence()).offline).toBe(0); // noticed once
    t.clock.advance(30 * MIN);
    await seen(d);
    expect((await eventsOf(d.id)).map((e) => [e.kind, e.at])).toEqual([
      ['online', t0],
      ['offline', last + WINDOW],
      ['online', t.clock.now()],
    ]);
  });

  it('a gap the job did not see yet is written by the flush as offline then online', async () => {
    const d = fleet[1]!;
    await seen(d);
    const first = t.clock.now();
    t.clock.advance(WINDOW + 3 * MIN);
    await seen(d);
    expect((await eventsOf(d.id)).map((e) => [e.kind, e.at])).toEqual([
      ['online', first],
      ['offline', first + WINDOW],
      ['online', t.clock.now()],
    ]);
    await presence();
    expect(await eventsOf(d.id)).toHaveLength(3);
  });

  it('flapping: every drop and return is one event each, in order', async () => {
    const d = fleet[2]!;
    const kinds: string[] = [];
    for (let i = 0; i < 4; i++) {
      await seen(d);
      kinds.push('online');
      t.clock.advance(WINDOW + MIN);
      expect((await presence()).offline).toBeGreaterThanOrEqual(1);
      kinds.push('offline');
    }
    const ev = await eventsOf(d.id);
    expect(ev.map((e) => e.kind)).toEqual(kinds);
    for (let i = 1; i < ev.length; i++) expect(ev[i]!.at).toBeGreaterThan(ev[i - 1]!.at);
  });

  it('a new version at the poll is a version change with the version before', async () => {
    const d = fleet[0]!;
    d.version = 'V1.5.0';
    await seen(d);
    const ev = await eventsOf(d.id);
    expect(ev.filter((e) => e.kind === 'version_change')).toMatchObject([{ from_version: 'V1.0.0', version: 'V1.5.0' }]);
  });
});
