/**
 * The reporting time zone in Corporate Information (issue 15: statistics days are cut in the
 * company's zone): read with corpInfo, saved with setCorpInfo by whoever may edit the corporate
 * information, refused (1001, in the caller's language) when it is not an IANA zone of the list,
 * and answered by the statistics as their zone. Another tenant's zone is not touched.
 */
import { ErrorCodes, insightCalls, partnerCalls, VALIDATION_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../../src/db/schema';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';
import { createUser } from '../../support/fixtures';

const form = { name: 'Partner A', contact: 'Eva', telephone: '', email: '' };

describe.each(ENGINES)('corporate information: reporting time zone (%s)', (engine) => {
  let t: TestApp;
  let owner: Session;
  let ownerB: Session;
  let reader: Session;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await createUser(t.database, {
      companyId: t.world.companies.partnerA.id,
      email: 'reader-a@test.local',
      userType: 'partner',
      codes: ['dealer_account_qry', 'dealer_device_qry'],
      areaIds: [t.world.areas.eu.id],
    });
    owner = await t.login('owner-a@test.local');
    ownerB = await t.login('owner-b@test.local');
    reader = await t.login('reader-a@test.local');
  }, 60_000);
  afterAll(() => t?.close());

  const zoneOf = async (companyId: number) =>
    (await t.database.db.select({ tz: companies.timeZone }).from(companies).where(eq(companies.id, companyId)))[0]!.tz;

  it('reads the zone, saves a new one and reads it back; statistics then cut their days in it', async () => {
    const before = await t.call(partnerCalls.corpInfo, {}, owner);
    expect(before.basic.code).toBe(200);
    expect(before.data.timeZone).toBe(await zoneOf(t.world.companies.partnerA.id));
    const zoneB = await zoneOf(t.world.companies.partnerB.id);

    const saved = await t.call(partnerCalls.setCorpInfo, { ...form, timeZone: 'Asia/Shanghai' }, owner);
    expect(saved.basic.code, saved.basic.msg).toBe(200);
    expect(saved.data.timeZone).toBe('Asia/Shanghai');
    expect((await t.call(partnerCalls.corpInfo, {}, owner)).data.timeZone).toBe('Asia/Shanghai');
    expect(await zoneOf(t.world.companies.partnerA.id)).toBe('Asia/Shanghai');
    expect((await t.call(insightCalls.statsOptions, {}, owner)).data.timeZone).toBe('Asia/Shanghai');
    const home = await t.call(insightCalls.homeSummary, {}, owner);
    expect(home.data.timeZone).toBe('Asia/Shanghai');

    // Left out: unchanged.
    const again = await t.call(partnerCalls.setCorpInfo, { ...form, contact: 'Max' }, owner);
    expect(again.data).toMatchObject({ contact: 'Max', timeZone: 'Asia/Shanghai' });
    expect((await t.call(partnerCalls.setCorpInfo, { ...form, timeZone: 'UTC' }, owner)).data.timeZone).toBe('UTC');

    // Another tenant's company keeps its own zone and reads only its own.
    expect(await zoneOf(t.world.companies.partnerB.id)).toBe(zoneB);
    const b = await t.call(partnerCalls.corpInfo, {}, ownerB);
    expect(b.data).toMatchObject({ id: t.world.companies.partnerB.id, timeZone: zoneB });
  });

  it('refuses a zone that is not on the list with 1001, in en-US and zh-CN', async () => {
    for (const bad of ['Mars/Olympus', 'utc+8', '']) {
      const en = await t.call(partnerCalls.setCorpInfo, { ...form, timeZone: bad }, owner, { locale: 'en-US' });
      expect(en.basic.code).toBe(ErrorCodes.invalidParams);
      expect(en.basic.msg).toContain(`timeZone: ${VALIDATION_MESSAGES.timeZoneInvalid.en}`);
    }
    const zh = await t.call(partnerCalls.setCorpInfo, { ...form, timeZone: 'Mars/Olympus' }, owner, { locale: 'zh-CN' });
    expect(zh.basic.code).toBe(ErrorCodes.invalidParams);
    expect(zh.basic.msg).toContain(VALIDATION_MESSAGES.timeZoneInvalid.zh);
    expect(await zoneOf(t.world.companies.partnerA.id)).toBe('UTC');
  });

  it('a user who may only read the corporate information sees the zone but cannot change it', async () => {
    const r = await t.call(partnerCalls.corpInfo, {}, reader);
    expect(r.basic.code).toBe(200);
    expect(r.data.timeZone).toBe('UTC');
    expect(r.data.actions).not.toContain('edit');
    const w = await t.call(partnerCalls.setCorpInfo, { ...form, timeZone: 'Europe/Berlin' }, reader);
    expect(w.basic.code).toBe(ErrorCodes.forbidden);
    expect(await zoneOf(t.world.companies.partnerA.id)).toBe('UTC');
  });
});
