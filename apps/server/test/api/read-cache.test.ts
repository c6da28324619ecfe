/**
 * The read cache (list pages, signed calls' sessions) never answers what the database no longer
 * holds: a write through the API shows at once, a write by another connection or another server
 * instance as soon as its change notification arrives, and a session ended, a user disabled or a
 * company frozen elsewhere is refused.
 */
import { authCalls, companyCalls, ErrorCodes, partnerCalls, userCalls } from '@portal/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHED_TABLES } from '../../src/lib/data-versions';
import { sha256Hex } from '../../src/lib/secrets';
import { createTestApp, type TestApp } from '../support/app';
import { ENGINES } from '../support/db';

type Tokens = Awaited<ReturnType<TestApp['login']>>;

/**
 * SQL run by another connection than the server's (a script, another instance): on PostgreSQL a
 * client of its own, so only the change notification can tell the server; PGlite has one connection,
 * whose notifications reach the server as each statement commits.
 */
async function elsewhere(t: TestApp, text: string, params: unknown[] = []) {
  if (!t.database.connectionString) return t.database.query(text, params);
  const client = new pg.Client({ connectionString: t.database.connectionString });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}
const POLL = { timeout: 3_000, interval: 20 };

describe.each(ENGINES)('read cache (%s)', (engine) => {
  let t: TestApp;
  let owner: Tokens;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await t.login('owner-a@test.local');
  });
  afterAll(() => t?.close());

  const companyNames = async (call: TestApp['call'] = t.call, session: Tokens = owner) => {
    const r = await call(companyCalls.list, { pageNum: 1, pageSize: 50 }, session);
    expect(r.basic.code).toBe(200);
    return r.data.records.map((c) => c.name);
  };

  it('answers a repeated page from the cache', async () => {
    await companyNames();
    const hits = t.services.reads.hits;
    await companyNames();
    // The session and the page both came from the cache.
    expect(t.services.reads.hits - hits).toBeGreaterThanOrEqual(2);
  });

  it('shows a write made through the API at once', async () => {
    expect(await companyNames()).toContain('Dealer A1');
    const r = await t.call(
      partnerCalls.updateCompany,
      {
        companyId: t.world.companies.dealerA.id,
        name: 'Dealer A1 Renamed',
        contact: 'Max',
        telephone: '+49 30 555',
        email: 'a1@dealer.test',
        userLimit: 50,
      },
      owner,
    );
    expect(r.basic.code).toBe(200);
    expect(await companyNames()).toContain('Dealer A1 Renamed');
  });

  it("shows the caller's own write at once, even when the change notifications arrive late", async () => {
    // Notifications held back 150 ms: only the write call's settle (its marker comes back after the
    // write's own notifications) keeps the next read from answering the cached page.
    const versions = t.services.versions;
    const note = versions.noteChange.bind(versions);
    versions.noteChange = (payload: string) => void setTimeout(() => note(payload), 150);
    try {
      await companyNames();
      const hits = t.services.reads.hits;
      await companyNames();
      expect(t.services.reads.hits).toBeGreaterThan(hits); // the page is cached
      const r = await t.call(
        partnerCalls.updateCompany,
        {
          companyId: t.world.companies.dealerA.id,
          name: 'Dealer A1 Late News',
          contact: 'Max',
          telephone: '+49 30 555',
          email: 'a1@dealer.test',
          userLimit: 50,
        },
        owner,
      );
      expect(r.basic.code).toBe(200);
      expect(await companyNames()).toContain('Dealer A1 Late News');
    } finally {
      versions.noteChange = note;
    }
  });

  it('has the change triggers on every cached table, for insert, update, delete and truncate', async () => {
    // tgtype bits (pg_trigger.h): 4 insert, 8 delete, 16 update, 32 truncate
    const { rows } = await t.database.query<{ table: string; events: number }>(
      `select c.relname as table, bit_or(tg.tgtype::int & 60) as events
         from pg_trigger tg join pg_class c on c.oid = tg.tgrelid join pg_proc p on p.oid = tg.tgfoid
        where not tg.tgisinternal and p.proname like 'portal_notify_%'
        group by c.relname`,
    );
    const covered = new Map(rows.map((r) => [r.table, Number(r.events)]));
    for (const table of CACHED_TABLES) expect({ table, events: covered.get(table) }).toEqual({ table, events: 4 | 8 | 16 | 32 });
  });

  it('shows a write made by another connection (a script, another instance) once the database announces it', async () => {
    const before = await companyNames();
    expect(before).not.toContain('Installer Renamed Elsewhere');
    await elsewhere(t, `update companies set name = 'Installer Renamed Elsewhere' where id = $1`, [t.world.companies.installerA.id]);
    await expect.poll(companyNames, POLL).toContain('Installer Renamed Elsewhere');
    // A user added elsewhere shows in the user list (its page and its company's user count).
    const users = async () => (await t.call(userCalls.list, { pageNum: 1, pageSize: 50 }, owner)).data.records.map((u) => u.email);
    expect(await users()).not.toContain('elsewhere@test.local');
    await elsewhere(
      t,
      `insert into users (company_id, email, nickname, phone, password_hash, user_type, user_auth_type, status, auth_res_list, area_ids)
       values ($1, 'elsewhere@test.local', 'Elsewhere', '', 'x', 'installer', 3, 'normal', '{}', '{}')`,
      [t.world.companies.installerA.id],
    );
    await expect.poll(users, POLL).toContain('elsewhere@test.local');
  });

  it('refuses a session ended elsewhere, and a user whose company was frozen elsewhere', async () => {
    const dealer = await t.login('dealer-a@test.local');
    expect((await companyNames(t.call, dealer)).length).toBeGreaterThan(0); // the session is cached now
    await elsewhere(
      t,
      `update sessions set ended_at = now(), end_reason = 'replaced' where token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`,
      [dealer.token],
    );
    await expect.poll(async () => (await t.call(companyCalls.list, {}, dealer)).basic.code, POLL).toBe(ErrorCodes.loggedInElsewhere);

    const again = await t.login('dealer-a@test.local');
    expect((await t.call(companyCalls.list, {}, again)).basic.code).toBe(200);
    await elsewhere(t, `update companies set status = 'frozen' where id = $1`, [t.world.companies.dealerA.id]);
    await expect.poll(async () => (await t.call(companyCalls.list, {}, again)).basic.code, POLL).toBe(ErrorCodes.accountDisabled);
    await elsewhere(t, `update companies set status = 'active' where id = $1`, [t.world.companies.dealerA.id]);
  });

  it("keeps a session through other users' changes, and drops it when its own user changes, or when a bulk write may have", async () => {
    const dealer = await t.login('dealer-a@test.local');
    const list = () => t.call(companyCalls.list, {}, dealer);
    expect((await list()).basic.code).toBe(200);
    const cached = () => t.services.reads.peek(`session|${sha256Hex(dealer.token)}`) !== undefined;
    expect(cached()).toBe(true);
    // Another user's row changes (they sign in elsewhere, say): this session stays cached.
    await elsewhere(t, `update users set nickname = nickname where email = 'owner-b@test.local'`);
    await elsewhere(t, `update sessions set last_active_at = last_active_at where user_id = $1`, [t.world.users.ownerB.id]);
    await new Promise((r) => setTimeout(r, 50)); // the notifications have arrived
    expect(cached()).toBe(true);
    expect((await list()).basic.code).toBe(200);
    // This user is disabled elsewhere: refused.
    await elsewhere(t, `update users set status = 'operation_locked' where email = 'dealer-a@test.local'`);
    await expect.poll(async () => (await list()).basic.code, POLL).toBe(ErrorCodes.accountDisabled);
    await elsewhere(t, `update users set status = 'normal' where email = 'dealer-a@test.local'`);
    await expect.poll(async () => (await list()).basic.code, POLL).toBe(200);
  });

  it('announces each changed row, and a statement over more than 100 rows as a change of the whole table', async () => {
    const got: string[] = [];
    const stop = await t.database.listen('portal_changes', { notify: (p) => got.push(p), state: () => {} });
    try {
      await t.database.query(
        `insert into users (company_id, email, nickname, phone, password_hash, user_type, user_auth_type, status, auth_res_list, area_ids)
         select $1, 'bulk' || g || '@test.local', 'Bulk', '', 'x', 'installer', 3, 'normal', '{}', '{}' from generate_series(1, 150) g`,
        [t.world.companies.installerA.id],
      );
      await expect.poll(() => got.includes('users'), POLL).toBe(true);
      expect(got.filter((p) => p.startsWith('users:'))).toEqual([]);
      got.length = 0;
      await t.database.query(`update users set phone = '2' where email in ('bulk1@test.local', 'bulk2@test.local')`);
      const ids = (
        await t.database.query<{ id: number }>(`select id from users where email in ('bulk1@test.local', 'bulk2@test.local') order by id`)
      ).rows.map((r) => `users:${r.id}`);
      await expect.poll(() => [...got].sort(), POLL).toEqual(ids.sort());
      // An update that matches nothing announces nothing; a rolled-back one neither.
      got.length = 0;
      await t.database.query(`update users set phone = '3' where email = 'nobody@test.local'`);
      await t.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`update companies set name = name`);
          tx.rollback();
        })
        .catch(() => {});
      await t.database.query(`update companies set name = name where id = $1`, [t.world.companies.dealerA.id]);
      await expect.poll(() => got, POLL).toEqual(['companies']);
    } finally {
      await stop();
    }
  });

  it('keeps two instances on one database in step: a write or a logout on one is seen by the other', async () => {
    const other = await t.secondInstance();
    const session = await t.login('owner-a@test.local');
    expect(await companyNames(other.call, session)).not.toContain('Dealer A1 Second Instance');
    const hits = other.services.reads.hits;
    await companyNames(other.call, session);
    expect(other.services.reads.hits).toBeGreaterThan(hits); // the second instance answers from its own cache

    const r = await t.call(
      partnerCalls.updateCompany,
      {
        companyId: t.world.companies.dealerA.id,
        name: 'Dealer A1 Second Instance',
        contact: 'Max',
        telephone: '+49 30 555',
        email: 'a1@dealer.test',
        userLimit: 50,
      },
      session,
    );
    expect(r.basic.code).toBe(200);
    await expect.poll(() => companyNames(other.call, session), POLL).toContain('Dealer A1 Second Instance');

    expect((await t.call(authCalls.logout, {}, session)).basic.code).toBe(200);
    await expect.poll(async () => (await other.call(companyCalls.list, {}, session)).basic.code, POLL).not.toBe(200);
  });
});

describe.skipIf(!ENGINES.includes('postgres'))('read cache while the listening connection is lost (postgres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(() => t?.close());

  it('caches nothing until it listens again, then follows changes as before', async () => {
    const owner = await t.login('owner-a@test.local');
    const list = () => t.call(companyCalls.list, { pageNum: 1, pageSize: 50 }, owner);
    expect((await list()).basic.code).toBe(200);
    expect(t.services.versions.isLive).toBe(true);
    await t.database.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'portal-listen'`,
    );
    await expect.poll(() => t.services.versions.isLive, POLL).toBe(false);
    // Meanwhile every read goes to the database: a change made now shows although nobody announces it.
    const hits = t.services.reads.hits;
    await elsewhere(t, `update companies set name = 'Renamed While Deaf' where id = $1`, [t.world.companies.dealerA.id]);
    expect((await list()).data.records.map((c) => c.name)).toContain('Renamed While Deaf');
    expect(t.services.reads.hits).toBe(hits);
    // It listens again by itself, and caches again.
    await expect.poll(() => t.services.versions.isLive, { timeout: 5_000, interval: 50 }).toBe(true);
    await list();
    const before = t.services.reads.hits;
    await list();
    expect(t.services.reads.hits).toBeGreaterThan(before);
    await elsewhere(t, `update companies set name = 'Renamed After' where id = $1`, [t.world.companies.dealerA.id]);
    await expect.poll(async () => (await list()).data.records.map((c) => c.name), POLL).toContain('Renamed After');
  });
});
