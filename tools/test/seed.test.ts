import { verify } from '@node-rs/argon2';
import { COMPANY_TYPES, CONTENT_TYPES, findRichTextViolation, PARTNER_ONLY_CODES, RESOURCE_CODES, USER_STATUSES } from '@portal/contract';
import { openPglite, type Database } from '@portal/server/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '@portal/server/lib/files/local-store';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DDC_HIDDEN_MENUS, DEMO_ACCOUNTS, printDemoAccounts, seedDemo } from '../seed/demo';
import { demoEndUserEmail, demoVerifyCode } from '../seed/demo-app';
import { DEMO_APP_IDS, newDemoKeys, readDemoKeys, writeDemoKeys, type DemoKeys } from '../seed/demo-keys';
import {
  BENCH_DEVICE_MODELS,
  BENCH_DEVICE_VERSIONS,
  benchModelOf,
  benchSn,
  benchVersionOf,
  hasLargeDevices,
  seedLargeDevices,
} from '../seed/large-devices';
import { BENCH_ACCOUNT, BENCH_PARTNER_NAME, hasLargeData, seedLarge } from '../seed/large';
import { BENCH_SITE_DOMAIN, BENCH_SITE_PARAMS, benchProductSlug, hasLargeContent, seedLargeContent } from '../seed/large-content';
import { hasLargeInsight, seedLargeInsight } from '../seed/large-insight';
import { BENCH_APP_KEY, benchEndUserSession, hasLargeOrders, seedLargeOrders } from '../seed/large-orders';
import { openSecret } from '@portal/server/lib/secrets';
import { BENCH_MESSAGE_PREFIX, hasLargeMessages, seedLargeMessages } from '../seed/large-messages';
import { countAudience } from '@portal/server/modules/message-center/messages.repository';
import { listInbox } from '@portal/server/modules/message-center/inbox.repository';
import type { MessageAudience } from '@portal/contract';
import { DEMO_PACKAGES, DEMO_TASKS, demoPackageBytes } from '../seed/demo-upgrade';
import { demoSealKeys, isEmpty } from '../seed/shared';

/** A file store of its own per seeded database (the demo's package files). */
function tmpStore(): LocalFileStore {
  return new LocalFileStore(mkdtempSync(path.join(os.tmpdir(), 'seed-test-files-')));
}

async function freshDatabase(): Promise<Database> {
  const database = await openPglite();
  await database.migrate();
  return database;
}

async function q<T = Record<string, unknown>>(database: Database, text: string, params?: unknown[]): Promise<T[]> {
  return (await database.query<T>(text, params)).rows;
}

/** Companies whose path is not parent path + id + '/' (or '/id/' for a root), or whose depth is off. */
const INCONSISTENT_PATHS = `
  select c.id, c.path, c.depth, p.path as parent_path from companies c left join companies p on p.id = c.parent_id
  where (c.parent_id is null and (c.path <> '/' || c.id || '/' or c.depth <> 0))
     or (c.parent_id is not null and (p.id is null or c.path <> p.path || c.id || '/' or c.depth <> p.depth + 1))`;

const UNKNOWN_CODES = `select distinct unnest(auth_res_list) as code from users except select unnest($1::text[])`;

describe('seedDemo', () => {
  let database: Database;
  let keys: DemoKeys;
  beforeAll(async () => {
    database = await freshDatabase();
    expect(await isEmpty(database)).toBe(true);
    ({ keys } = await seedDemo(database, { fileStore: tmpStore() }));
  });
  afterAll(async () => database?.close());

  it('refuses a database that is not empty', async () => {
    expect(await isEmpty(database)).toBe(false);
    await expect(seedDemo(database, { fileStore: tmpStore() })).rejects.toThrow(/already holds companies/);
  });

  it('creates a demo application key per demo brand and 2,030 end users (Acme: 2,000 in six languages), the first ones on demo devices, each device with a verification code', async () => {
    const appKeys = await q<{ app_id: string; secret_enc: string }>(database, 'select app_id, secret_enc from app_keys order by id');
    expect(appKeys.map((k) => k.app_id)).toEqual(DEMO_APP_IDS.map((k) => k.appId));
    expect(keys.appKeys.map((k) => k.appId)).toEqual(DEMO_APP_IDS.map((k) => k.appId));
    for (const [i, k] of appKeys.entries()) expect(k.secret_enc).not.toContain(keys.appKeys[i]!.secret);
    const [users] = await q<{ n: number; bound: number }>(
      database,
      `select count(*)::int as n, (select count(distinct end_user_id)::int from devices where end_user_id is not null) as bound from end_users`,
    );
    expect(users!.n).toBe(2030);
    expect(users!.bound).toBeGreaterThanOrEqual(140);
    const langs = await q<{ locale: string; n: number }>(
      database,
      `select e.locale, count(*)::int as n from end_users e join app_keys a on a.id = e.app_key_id
        where a.app_id = $1 group by 1 order by 1`,
      [DEMO_APP_IDS[0]!.appId],
    );
    expect(langs.map((l) => l.locale)).toEqual(['de-DE', 'en-US', 'es-ES', 'fr-FR', 'ja-JP', 'zh-CN']);
    expect(langs.reduce((a, l) => a + l.n, 0)).toBe(2000);
    for (const l of langs) expect(l.n).toBeGreaterThan(250);
    // The end-to-end specs' users: user001 en-US, user003 zh-CN, user126 de-DE in DE, user2000 exists.
    const named = await q<{ email: string; locale: string; country: string; status: string }>(
      database,
      `select email, locale, country, status from end_users where email = any(string_to_array($1, ',')) order by email`,
      [[1, 3, 126, 2000].map((n) => demoEndUserEmail(n)).join(',')],
    );
    expect(named).toEqual([
      { email: 'user001@acme-app.demo.local', locale: 'en-US', country: 'FR', status: 'normal' },
      { email: 'user003@acme-app.demo.local', locale: 'zh-CN', country: 'US', status: 'normal' },
      { email: 'user126@acme-app.demo.local', locale: 'de-DE', country: 'DE', status: 'normal' },
      { email: 'user2000@acme-app.demo.local', locale: expect.any(String), country: expect.any(String), status: 'deleted' },
    ]);
    const [unbound] = await q<{ n: number }>(
      database,
      `select count(*)::int as n from devices where end_user_id is null and verify_code_hash is not null`,
    );
    expect(unbound!.n).toBeGreaterThan(100);
    const [sample] = await q<{ sn: string; verify_code_hash: string }>(
      database,
      `select sn, verify_code_hash from devices order by id limit 1`,
    );
    expect(sample!.verify_code_hash).toBe(createHash('sha256').update(demoVerifyCode(sample!.sn, keys.verifyCodeKey)).digest('hex'));
    // Derived with the seed's random key: another key gives other codes.
    expect(demoVerifyCode(sample!.sn, newDemoKeys().verifyCodeKey)).not.toBe(demoVerifyCode(sample!.sn, keys.verifyCodeKey));
    // A third of the live end users have a push token of their own brand app; some muted promotions.
    const [push] = await q<{ tokens: number; foreign: number; muted: number }>(
      database,
      `select count(*)::int as tokens,
              count(*) filter (where t.app_key_id <> e.app_key_id)::int as foreign,
              (select count(*)::int from end_users where mute_promotions) as muted
         from push_tokens t join end_users e on e.id = t.end_user_id`,
    );
    expect(push!.tokens).toBeGreaterThan(30);
    expect(push!.foreign).toBe(0);
    expect(push!.muted).toBeGreaterThan(5);
  });

  it("writes a month of both brands' end users' app calls to the end-user log through the call router", async () => {
    const [log] = await q<{ n: number; brands: number; days: number; failed: number; playback: number; platforms: number; ips: number }>(
      database,
      `select count(*)::int as n, count(distinct company_id)::int as brands, count(distinct date_trunc('day', at))::int as days,
              count(*) filter (where action = 'account/login' and code <> 200)::int as failed,
              count(*) filter (where action = 'log/playback-failure' and sn <> '' and detail <> '')::int as playback,
              count(distinct platform)::int as platforms, count(distinct ip)::int as ips
         from end_user_logs where end_user_id is not null`,
    );
    expect(log!.brands).toBe(2);
    expect(log!.days).toBeGreaterThanOrEqual(25);
    expect(log!.failed).toBeGreaterThan(0);
    expect(log!.playback).toBeGreaterThan(0);
    expect(log!.platforms).toBe(2);
    expect(log!.ips).toBeGreaterThan(10);
    // Written by the router: no request data, so no password in any row.
    const [leak] = await q<{ n: number }>(database, `select count(*)::int as n from end_user_logs t where t::text like '%Demo@12345%'`);
    expect(leak!.n).toBe(0);
  });

  it("keeps device logs Acme's devices sent, two within the week, with their files, events and rollups", async () => {
    const [logs] = await q<{ n: number; week: number; files: number; events: number }>(
      database,
      `select count(*)::int as n, count(*) filter (where l.uploaded_at >= now() - interval '7 days')::int as week,
              count(distinct l.file_id)::int as files,
              (select count(*)::int from device_events where kind = 'log_uploaded') as events
         from device_logs l join devices d on d.id = l.device_id join companies c on c.id = d.company_id
        where c.name = 'Acme Vision' and l.state = 'uploaded'`,
    );
    expect(logs!.n).toBeGreaterThanOrEqual(6);
    expect(logs!.week).toBeGreaterThanOrEqual(2);
    expect(logs!.files).toBe(logs!.n);
    expect(logs!.events).toBe(logs!.n);
    // Rolled up: the log uploads, the active end users of the app calls and the paid orders' sales.
    const [r] = await q<{ uploads: number; active: number; orders: number }>(
      database,
      `select (select coalesce(sum(log_uploads), 0)::int from stats_daily where time_zone = 'UTC') as uploads,
              (select coalesce(sum(active_end_users), 0)::int from stats_daily_app where time_zone = 'UTC') as active,
              (select coalesce(sum(orders_paid), 0)::int from stats_daily_app where time_zone = 'UTC') as orders`,
    );
    expect(r!.uploads).toBe(logs!.events);
    expect(r!.active).toBeGreaterThan(0);
    const [paid] = await q<{ n: number }>(database, `select count(*)::int as n from sales_events`);
    expect(r!.orders).toBe(paid!.n);
  });

  it('creates the RDC and DDCs with their hidden-menu lists', async () => {
    const areas = await q<{ name: string; kind: string; res_vals: string[]; ip: string }>(database, 'select * from areas order by id');
    expect(areas.filter((a) => a.kind === 'RDC')).toHaveLength(1);
    expect(areas.filter((a) => a.kind === 'DDC').map((a) => a.name)).toEqual(['DC-EU', 'DC-US', 'DC-AP']);
    for (const a of areas) {
      expect(a.res_vals.length).toBeGreaterThan(0);
      expect(a.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    }
    const settings = await q<{ kind: string; hidden_menus: string[] }>(database, 'select * from area_kind_settings order by kind');
    expect(settings).toEqual([
      { kind: 'DDC', hidden_menus: DDC_HIDDEN_MENUS },
      { kind: 'RDC', hidden_menus: [] },
    ]);
  });

  it('builds a consistent company tree with every company type', async () => {
    expect(await q(database, INCONSISTENT_PATHS)).toEqual([]);
    const byType = await q<{ type: string; n: number; levels: number[] }>(
      database,
      'select type, count(*)::int as n, array_agg(distinct level order by level) as levels from companies group by type',
    );
    const count = Object.fromEntries(byType.map((r) => [r.type, r.n]));
    expect(Object.keys(count).sort()).toEqual([...COMPANY_TYPES].sort());
    expect(count.supplier).toBe(1);
    expect(count.partner).toBe(3);
    expect(byType.find((r) => r.type === 'supplier')!.levels).toEqual([0]);
    expect(byType.find((r) => r.type === 'partner')!.levels).toEqual([1]);
    expect(byType.find((r) => r.type === 'distributor')!.levels).toEqual([2]);
    // 2-3 distributors per partner
    const perPartner = await q<{ n: number }>(
      database,
      `select count(d.id)::int as n from companies p left join companies d on d.parent_id = p.id and d.type = 'distributor'
       where p.type = 'partner' group by p.id`,
    );
    for (const r of perPartner) expect(r.n).toBeGreaterThanOrEqual(2);
    // the tree spans several areas
    const areasUsed = await q<{ n: number }>(database, 'select count(distinct area_id)::int as n from companies');
    expect(areasUsed[0].n).toBeGreaterThanOrEqual(3);
  });

  it('gives every partner a branding title and a domain', async () => {
    const partners = await q<{ name: string; title: string | null; domain: string | null }>(
      database,
      `select c.name, b.title, d.domain from companies c
       left join company_branding b on b.company_id = c.id left join company_domains d on d.company_id = c.id and d.kind = 'portal'
       where c.type = 'partner'`,
    );
    expect(partners).toHaveLength(3);
    for (const p of partners) {
      expect(p.title).toBeTruthy();
      expect(p.domain).toMatch(/^portal\.[a-z0-9.-]+\.local$/);
    }
    expect(partners.map((p) => p.domain)).toContain('portal.acme-vision.local');
    // Acme Vision's content site has a domain of its own (issue 14).
    const sites = await q<{ domain: string }>(database, `select domain from company_domains where kind = 'site'`);
    expect(sites.map((s) => s.domain)).toEqual(['acme-vision.localhost']);
  });

  it("fills Acme Vision's site with every item type, about 40 products, a draft and a scheduled item (issue 14 §12)", async () => {
    const types = await q<{ type: string }>(
      database,
      `select distinct i.type from content_items i join content_sites s on s.id = i.site_id where s.slug = 'acme-vision' order by 1`,
    );
    expect(types.map((r) => r.type)).toEqual([...CONTENT_TYPES].sort());
    // Each type has a released translation in both locales.
    const released = await q<{ type: string; locale: string }>(
      database,
      `select distinct t.type, t.locale from content_translations t join content_sites s on s.id = t.site_id
        where s.slug = 'acme-vision' and t.state = 'released'`,
    );
    for (const type of CONTENT_TYPES)
      for (const locale of ['en-US', 'zh-CN']) expect(released, `${type} ${locale}`).toContainEqual({ type, locale });
    const [products] = await q<{ n: number }>(
      database,
      `select count(*)::int as n from content_items i join content_sites s on s.id = i.site_id where s.slug = 'acme-vision' and i.type = 'product'`,
    );
    expect(products!.n).toBeGreaterThanOrEqual(38);
    expect(products!.n).toBeLessThanOrEqual(45);
    const [drafts] = await q<{ n: number }>(database, `select count(*)::int as n from content_translations where state = 'draft'`);
    expect(drafts!.n).toBeGreaterThan(0);
    const [pending] = await q<{ n: number }>(database, `select count(*)::int as n from content_schedules where state = 'pending'`);
    expect(pending!.n).toBeGreaterThan(0);
  });

  it("writes the content site's bodies as Tiptap documents inside the rich-text allowlist (issue 14 §4)", async () => {
    const revs = await q<{ body: unknown }>(database, `select data->'translation'->'body' as body from content_revisions`);
    expect(revs.length).toBeGreaterThan(40);
    for (const r of revs) {
      expect(typeof r.body).toBe('object');
      expect(findRichTextViolation(r.body)).toBeNull();
    }
    expect(revs.some((r) => JSON.stringify(r.body).includes('"bulletList"'))).toBe(true);
  });

  it('has users of every role and status, with valid resource codes', async () => {
    expect(await q(database, UNKNOWN_CODES, [[...RESOURCE_CODES]])).toEqual([]);
    const types = await q<{ user_type: string }>(database, 'select distinct user_type from users');
    expect(types.map((t) => t.user_type).sort()).toEqual([...COMPANY_TYPES].sort());
    const statuses = await q<{ status: string }>(database, 'select distinct status from users');
    expect(statuses.map((s) => s.status).sort()).toEqual([...USER_STATUSES].sort());
    const staff = await q<{ n: number }>(database, 'select count(*)::int as n from users where user_auth_type = 3');
    expect(staff[0].n).toBeGreaterThanOrEqual(10);
    expect(staff[0].n).toBeLessThanOrEqual(30);
    // a user's type is its company's type
    expect(await q(database, 'select u.id from users u join companies c on c.id = u.company_id where u.user_type <> c.type')).toEqual([]);
    // distributors never hold partner-only codes
    const distCodes = await q<{ code: string }>(
      database,
      `select distinct unnest(auth_res_list) as code from users where user_type = 'distributor'`,
    );
    for (const { code } of distCodes) expect(PARTNER_ONLY_CODES).not.toContain(code);
  });

  it('creates the demo accounts with the roles they are printed with', async () => {
    const rows = await q<{
      email: string;
      password_hash: string;
      user_type: string;
      user_auth_type: number;
      level: number;
      status: string;
      auth_res_list: string[];
      area_ids: number[];
      company: string;
    }>(
      database,
      `select u.*, c.level, c.name as company from users u join companies c on c.id = u.company_id where u.email = any($1::text[])`,
      [DEMO_ACCOUNTS.map((a) => a.email)],
    );
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    const allAreas = (await q<{ id: number }>(database, 'select id from areas')).map((a) => a.id).sort();
    const rdc = (await q<{ id: number }>(database, `select id from areas where kind = 'RDC'`))[0].id;

    for (const account of DEMO_ACCOUNTS) {
      const user = byEmail.get(account.email);
      expect(user, account.email).toBeDefined();
      expect(user!.status).toBe('normal');
      expect(user!.company).toBe(account.company);
      expect(await verify(user!.password_hash, account.password)).toBe(true);
      expect(user!.password_hash.startsWith('$argon2id$')).toBe(true);
    }

    const supplier = byEmail.get('supplier@demo.local')!;
    expect(supplier.user_type).toBe('supplier');
    expect(supplier.auth_res_list.sort()).toEqual([...RESOURCE_CODES].sort());
    expect([...supplier.area_ids].sort()).toEqual(allAreas);

    const owner = byEmail.get('owner@acme.demo.local')!;
    expect(owner).toMatchObject({ user_type: 'partner', user_auth_type: 1, level: 1 });
    expect(owner.auth_res_list.sort()).toEqual(RESOURCE_CODES.filter((c) => !c.startsWith('supplier_')).sort());
    expect(owner.area_ids).toContain(rdc);
    expect(owner.area_ids.length).toBeGreaterThan(1);

    const admin = byEmail.get('admin@acme.demo.local')!;
    expect(admin).toMatchObject({ user_type: 'partner', user_auth_type: 2 });
    expect(admin.auth_res_list.length).toBeLessThan(owner.auth_res_list.length);

    const dealer = byEmail.get('dealer@acme.demo.local')!;
    expect(dealer).toMatchObject({ user_type: 'distributor', level: 2 });
    expect(dealer.auth_res_list.sort()).toEqual(owner.auth_res_list.filter((c) => !PARTNER_ONLY_CODES.includes(c as never)).sort());

    expect(byEmail.get('installer@acme.demo.local')!.user_type).toBe('installer');
    expect(byEmail.get('customer@acme.demo.local')!.user_type).toBe('customer');
    // every demo account can see the company list (the first screen of account management)
    for (const r of rows) expect(r.auth_res_list).toContain('dealer_account_qry');
  });
});

describe('demo devices', () => {
  let database: Database;
  let keys: DemoKeys;
  beforeAll(async () => {
    database = await freshDatabase();
    ({ keys } = await seedDemo(database, { fileStore: tmpStore() }));
  }, 120_000);
  afterAll(async () => database?.close());

  it('gives Acme ~300 devices across its areas and 4-6 countries, on two models and several versions, some online', async () => {
    const [acme] = await q<{ id: number; path: string }>(database, `select id, path from companies where name = 'Acme Vision'`);
    const rows = await q<{
      sn: string;
      mac: string;
      model: string;
      product_type: string;
      firmware_version: string;
      country: string;
      area: string;
      online: boolean;
      company_path: string;
    }>(
      database,
      `select d.*, a.name as area, d.last_seen_at > now() - interval '10 minutes' as online
         from devices d join areas a on a.id = d.area_id where d.company_id = $1`,
      [acme.id],
    );
    expect(rows.length).toBeGreaterThanOrEqual(250);
    expect(rows.length).toBeLessThanOrEqual(350);
    expect(new Set(rows.map((r) => r.area))).toEqual(new Set(['RDC', 'DC-EU', 'DC-US']));
    const countries = new Set(rows.map((r) => r.country));
    expect(countries.size).toBeGreaterThanOrEqual(4);
    expect(countries.size).toBeLessThanOrEqual(6);
    expect(new Set(rows.map((r) => `${r.model}/${r.product_type}`))).toEqual(new Set(['IPC-200/IPC', 'NVR-800/NVR']));
    expect(new Set(rows.map((r) => r.firmware_version)).size).toBeGreaterThanOrEqual(4);
    const online = rows.filter((r) => r.online).length;
    expect(online).toBeGreaterThan(50);
    expect(online).toBeLessThan(rows.length);
    expect(rows.every((r) => /^[A-Z0-9_-]+$/.test(r.sn) && /^[0-9A-F]{12}$/.test(r.mac) && r.company_path === acme.path)).toBe(true);
    // countries sit in the DC that serves them
    const misplaced = await q(
      database,
      `select d.sn from devices d join areas a on a.id = d.area_id where not (d.country = any(a.res_vals))`,
    );
    expect(misplaced).toEqual([]);
  });

  it("stores the seed's random provisioning key for Acme, hashed for the lookup", async () => {
    const stored = await q<{ name: string; key: string; key_hash: string }>(
      database,
      'select c.name, k.key, k.key_hash from device_provisioning_keys k join companies c on c.id = k.company_id',
    );
    expect(stored).toEqual([
      { name: 'Acme Vision', key: keys.provisioningKey, key_hash: createHash('sha256').update(keys.provisioningKey).digest('hex') },
    ]);
    expect(keys.provisioningKey.length).toBeGreaterThanOrEqual(32);
  });

  it('makes new random keys for every seed: none is known from the source', () => {
    const other = newDemoKeys();
    expect(other.provisioningKey).not.toBe(keys.provisioningKey);
    expect(other.verifyCodeKey).not.toBe(keys.verifyCodeKey);
    other.appKeys.forEach((k, i) => expect(k.secret).not.toBe(keys.appKeys[i]!.secret));
    // What the source used to hold is gone, from the keys and from the database.
    const known = ['acme-demo-provisioning-key-2026', 'acme-demo-app-secret-2026-not-for-production', 'portal-demo-device-verify-code'];
    expect(known.some((k) => JSON.stringify(keys).includes(k))).toBe(false);
    for (const k of keys.appKeys) expect(k.secret.length).toBeGreaterThanOrEqual(40);
  });

  it('keeps the keys readable by the user only (DATA_DIR/secrets, 0700 and 0600) and prints them with the demo accounts', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'seed-test-data-')), 'secrets', 'demo-keys.json');
    writeDemoKeys(keys, file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(readDemoKeys(file)).toEqual(keys);
    expect(JSON.parse(readFileSync(file, 'utf8')).provisioningKey).toBe(keys.provisioningKey);
    const printed: string[] = [];
    printDemoAccounts((l) => printed.push(l), [], file);
    const text = printed.join('\n');
    expect(text).toContain(keys.provisioningKey);
    for (const k of keys.appKeys) expect(text).toContain(`appId ${k.appId}, secret ${k.secret}`);
    expect(text).toContain(file);
    // A data folder seeded before the keys were kept says where to find them instead.
    const none: string[] = [];
    printDemoAccounts((l) => none.push(l), [], path.join(path.dirname(file), 'missing.json'));
    expect(none.join('\n')).toMatch(/No demo keys/);
  });
});

describe('demo cloud upgrade', () => {
  let database: Database;
  const store = tmpStore();
  beforeAll(async () => {
    database = await freshDatabase();
    await seedDemo(database, { fileStore: store });
  }, 120_000);
  afterAll(async () => database?.close());

  it("stores Acme's firmware packages, verified and synced to every DC, with the files in the store", async () => {
    const pkgs = await q<{
      id: number;
      version_name: string;
      status: string;
      md5: string;
      computed_md5: string;
      sha256: string;
      object_key: string;
      size: string;
      valid_until: Date | null;
      company: string;
    }>(database, `select p.*, c.name as company from firmware_packages p join companies c on c.id = p.company_id order by p.id`);
    expect(pkgs.map((p) => [p.company, p.version_name, p.status])).toEqual(
      DEMO_PACKAGES.map((p) => ['Acme Vision', p.versionName, 'synced']),
    );
    const dcs = (await q<{ id: number }>(database, `select id from areas where kind = 'DDC' order by id`)).map((a) => a.id);
    for (const [i, p] of pkgs.entries()) {
      const bytes = demoPackageBytes(DEMO_PACKAGES[i]!);
      expect(Number(p.size)).toBe(bytes.length);
      expect(p.computed_md5).toBe(createHash('md5').update(bytes).digest('hex'));
      expect(p.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(p.valid_until).not.toBeNull();
      expect(await store.exists(p.object_key)).toBe(true);
      const syncs = await q<{ area_id: number; state: string; object_key: string }>(
        database,
        'select * from firmware_package_syncs where pkg_id = $1 order by area_id',
        [p.id],
      );
      expect(syncs.map((s) => [s.area_id, s.state])).toEqual(dcs.map((id) => [id, 'synced']));
      for (const s of syncs) expect(await store.exists(s.object_key)).toBe(true);
      // the upload's chunks are gone once the package is assembled
      expect(await q(database, 'select 1 from firmware_package_chunks where pkg_id = $1', [p.id])).toEqual([]);
    }
  });

  it('has a gray and a full release in progress whose devices reported in several states, counted in the waves', async () => {
    const tasks = await q<{ id: number; release_type: string; status: string; version_name: string }>(
      database,
      `select t.id, t.release_type, t.status, p.version_name from release_tasks t join firmware_packages p on p.id = t.pkg_id order by t.id`,
    );
    expect(tasks.map((t) => [t.release_type, t.version_name, t.status])).toEqual(
      DEMO_TASKS.map((t) => [t.releaseType, t.versionName, 'in_release']),
    );
    for (const [i, t] of tasks.entries()) {
      const expected = DEMO_TASKS[i]!.outcomes;
      const states = await q<{ state: string; n: number }>(
        database,
        'select state, count(*)::int as n from task_devices where task_id = $1 group by state',
        [t.id],
      );
      const count = Object.fromEntries(states.map((s) => [s.state, s.n]));
      for (const outcome of new Set(expected))
        expect(count[outcome], `${t.release_type} ${outcome}`).toBe(expected.filter((o) => o === outcome).length);
      expect(count.pending ?? 0).toBeGreaterThan(0);
      const [w] = await q<{ notified: number; success: number; failed: number }>(
        database,
        'select sum(notified)::int as notified, sum(success)::int as success, sum(failed)::int as failed from release_task_waves where task_id = $1',
        [t.id],
      );
      expect(w).toEqual({ notified: expected.length, success: count.success, failed: count.failed });
      // success counts only with the package's version, which the device now runs
      const ok = await q<{ firmware_version: string }>(
        database,
        `select d.firmware_version from task_devices td join devices d on d.id = td.device_id where td.task_id = $1 and td.state = 'success'`,
        [t.id],
      );
      expect(ok.every((d) => d.firmware_version === t.version_name)).toBe(true);
    }
    const log = await q<{ action: string }>(database, `select action from operation_logs where action = 'upgrade/task/batch-submit'`);
    expect(log).toHaveLength(1);
  });
});

describe('demo messages and feedback chat', () => {
  let database: Database;
  const store = tmpStore();
  beforeAll(async () => {
    database = await freshDatabase();
    await seedDemo(database, { fileStore: store });
  }, 120_000);
  afterAll(async () => database?.close());

  it('has storage orders in every state for both brands, paid ones with their attempt and webhook event', async () => {
    const now = Date.now();
    const states = await q<{ s: string }>(
      database,
      `select distinct case when o.state <> 'paid' then o.state when o.period is null then 'unused'
          when lower(o.period) > $1::timestamptz then 'to_be_used' when upper(o.period) <= $1::timestamptz then 'expired'
          when upper(o.period) <= $1::timestamptz + interval '7 days' then 'near_expiry' else 'in_use' end as s
         from storage_orders o order by 1`,
      [new Date(now).toISOString()],
    );
    expect(states.map((r) => r.s)).toEqual([
      'cancelled',
      'expired',
      'in_use',
      'near_expiry',
      'not_effective',
      'refunded',
      'to_be_used',
      'unpaid',
      'unused',
    ]);
    const brands = await q<{ n: number }>(database, `select count(distinct company_id)::int as n from storage_orders`);
    expect(brands[0]!.n).toBe(2);
    const missing = await q<{ n: number }>(
      database,
      `select count(*)::int as n from storage_orders o where o.transaction_id is not null
         and (not exists (select 1 from storage_order_attempts a where a.order_id = o.id)
              or not exists (select 1 from payment_events e where e.order_id = o.id))`,
    );
    expect(missing[0]!.n).toBe(0);
    const span = await q<{ days: number }>(
      database,
      `select extract(day from max(created_at) - min(created_at))::int as days from storage_orders`,
    );
    expect(span[0]!.days).toBeGreaterThan(365);
  });

  it('has 10 messages in every state, in en-US and zh-CN (two to end users in more languages), and the installer has read and unread ones', async () => {
    const states = await q<{ state: string; n: number; scheduled: number }>(
      database,
      `select state, count(*)::int as n, count(release_at)::int as scheduled from messages group by state order by state`,
    );
    expect(states).toEqual([
      { state: 'released', n: 6, scheduled: 0 },
      { state: 'to_be_released', n: 2, scheduled: 1 },
      { state: 'withdrawn', n: 2, scheduled: 0 },
    ]);
    const langs = await q<{ l: string[] }>(database, `select distinct languages as l from messages`);
    expect(langs.map((r) => [...r.l].sort().join(',')).sort()).toEqual([
      'de-DE,en-US',
      'de-DE,en-US,es-ES,fr-FR,ja-JP,zh-CN',
      'en-US,zh-CN',
    ]);
    // The end users' messages: each end user in their own language (six of them; the German one in
    // German to the German end users), pushed to those with a token, none left queued.
    const perLanguage = await q<{ title: string; language: string; n: number; pushed: number; read: number }>(
      database,
      `select m.contents -> 'en-US' ->> 'title' as title, r.language, count(*)::int as n, count(r.pushed_at)::int as pushed,
              count(r.read_at)::int as read
         from message_receipts r join messages m on m.id = r.message_id
        where r.recipient_kind = 'end_user' group by 1, 2 order by 1, 2`,
    );
    const six = perLanguage.filter((r) => r.title === 'The app speaks your language');
    expect(six.map((r) => r.language)).toEqual(['de-DE', 'en-US', 'es-ES', 'fr-FR', 'ja-JP', 'zh-CN']);
    expect(six.reduce((a, r) => a + r.n, 0)).toBeGreaterThan(1800);
    for (const r of six) expect(r.pushed).toBeGreaterThan(0);
    const night = perLanguage.filter((r) => r.title === 'Night mode for your cameras');
    expect(night.map((r) => r.language)).toEqual(['de-DE', 'en-US']);
    const [german] = await q<{ title: string }>(
      database,
      `select m.contents -> r.language ->> 'title' as title from message_receipts r join messages m on m.id = r.message_id
         join end_users e on e.id = r.recipient_id
        where r.recipient_kind = 'end_user' and e.email = $1 and m.languages = array['en-US','de-DE']`,
      [demoEndUserEmail(126)],
    );
    expect(german!.title).toBe('Nachtmodus für Ihre Kameras');
    const [queued] = await q<{ n: number }>(database, `select count(*)::int as n from push_queue where message_id is not null`);
    expect(queued!.n).toBe(0);
    const inbox = await q<{ read: number; unread: number }>(
      database,
      `select count(r.read_at)::int as read, (count(*) - count(r.read_at))::int as unread
         from message_receipts r join messages m on m.id = r.message_id and m.state = 'released'
         join users u on u.id = r.recipient_id where r.recipient_kind = 'user' and u.email = 'installer@acme.demo.local'`,
    );
    expect(inbox[0]).toEqual({ read: 2, unread: 2 });
    // Every released message reached exactly its recipients (the fan-out finished).
    const undone = await q<{ n: number }>(
      database,
      `select count(*)::int as n from messages where state <> 'to_be_released' and not fanout_done`,
    );
    expect(undone[0]!.n).toBe(0);
    const zh = await q<{ n: number }>(database, `select count(*)::int as n from message_receipts where language = 'zh-CN'`);
    expect(zh[0]!.n).toBeGreaterThan(0);
  });

  it("has 12 conversations at Acme Vision's desk in every state, in en-US and zh-CN, with images, notes, ratings and canned replies", async () => {
    const states = await q<{ state: string; n: number }>(
      database,
      `select c.state, count(*)::int as n from feedback_conversations c join companies d on d.id = c.desk_company_id
        where d.name = 'Acme Vision' group by c.state order by c.state`,
    );
    expect(states).toEqual([
      { state: 'open', n: 4 },
      { state: 'pending', n: 3 },
      { state: 'resolved', n: 5 },
    ]);
    const facts = await q<{ locales: string[]; rated: number; kinds: string[]; images: number; notes: number; gaps: number }>(
      database,
      `select (select array_agg(distinct requester_locale order by requester_locale) from feedback_conversations) as locales,
              (select count(*)::int from feedback_conversations where csat_score is not null) as rated,
              (select array_agg(distinct requester_kind order by requester_kind) from feedback_conversations) as kinds,
              (select count(*)::int from feedback_messages where cardinality(file_ids) > 0) as images,
              (select count(*)::int from feedback_messages where internal) as notes,
              (select count(*)::int from feedback_conversations c where c.last_seq <> (select count(*) from feedback_messages m where m.conversation_id = c.id)) as gaps`,
    );
    expect(facts[0]).toMatchObject({ locales: ['en-US', 'zh-CN'], rated: 4, kinds: ['end_user', 'user'], notes: 2, gaps: 0 });
    expect(facts[0]!.images).toBeGreaterThanOrEqual(3);
    const canned = await q<{ language: string }>(database, `select distinct language from feedback_canned_replies order by language`);
    expect(canned.map((c) => c.language)).toEqual(['en-US', 'zh-CN']);
    // The members' active counts match their open and pending conversations.
    const drift = await q<{ n: number }>(
      database,
      `select count(*)::int as n from feedback_desk_staff s where s.active <> (select count(*) from feedback_conversations c
        where c.assignee_id = s.user_id and c.state <> 'resolved')`,
    );
    expect(drift[0]!.n).toBe(0);
  });
});

describe('seedLarge', () => {
  it('adds a Bench Partner subtree of the requested size after the demo data', async () => {
    const database = await freshDatabase();
    try {
      await seedDemo(database, { fileStore: tmpStore() });
      const before = await q<{ c: number; u: number }>(
        database,
        'select (select count(*)::int from companies) c, (select count(*)::int from users) u',
      );
      expect(await hasLargeData(database)).toBe(false);

      const result = await seedLarge(database, { companies: 500, users: 2000 });
      expect(result).toMatchObject({ companies: 500, users: 2001 });
      expect(await hasLargeData(database)).toBe(true);

      const after = await q<{ c: number; u: number }>(
        database,
        'select (select count(*)::int from companies) c, (select count(*)::int from users) u',
      );
      expect(after[0].c - before[0].c).toBe(501);
      expect(after[0].u - before[0].u).toBe(2001);
      expect(await q(database, INCONSISTENT_PATHS)).toEqual([]);

      const partner = (
        await q<{ id: number; path: string }>(database, `select id, path from companies where name = $1`, [BENCH_PARTNER_NAME])
      )[0];
      const subtree = await q<{ type: string; depth: number; n: number }>(
        database,
        `select type, depth, count(*)::int as n from companies where path like $1 and id <> $2 group by type, depth`,
        [`${partner.path}%`, partner.id],
      );
      expect(subtree.reduce((s, r) => s + r.n, 0)).toBe(500);
      expect(new Set(subtree.map((r) => r.depth))).toEqual(new Set([2, 3, 4]));
      expect(new Set(subtree.map((r) => r.type))).toEqual(new Set(['distributor', 'installer', 'customer']));
      expect(subtree.filter((r) => r.type === 'distributor').every((r) => r.depth === 2)).toBe(true);

      // every subtree company has exactly one owner, and every user sits in the subtree
      const owners = await q<{ n: number }>(
        database,
        `select count(*)::int as n from companies c where c.path like $1 and c.id <> $2
           and (select count(*) from users u where u.company_id = c.id and u.user_auth_type = 1) <> 1`,
        [`${partner.path}%`, partner.id],
      );
      expect(owners[0].n).toBe(0);
      const usersInSubtree = await q<{ n: number }>(
        database,
        'select count(*)::int as n from users u join companies c on c.id = u.company_id where c.path like $1',
        [`${partner.path}%`],
      );
      expect(usersInSubtree[0].n).toBe(2001);
      expect(await q(database, 'select u.id from users u join companies c on c.id = u.company_id where u.user_type <> c.type')).toEqual([]);
      expect(await q(database, UNKNOWN_CODES, [[...RESOURCE_CODES]])).toEqual([]);

      const bench = (
        await q<{ password_hash: string; auth_res_list: string[] }>(database, 'select * from users where email = $1', [BENCH_ACCOUNT.email])
      )[0];
      expect(await verify(bench.password_hash, BENCH_ACCOUNT.password)).toBe(true);
      expect(bench.auth_res_list).toContain('dealer_account_qry');

      // the sequence moved past the reserved ids: a new company gets a fresh id
      const [{ id }] = await q<{ id: number }>(
        database,
        `insert into companies (path, depth, type, name) values ('', 0, 'customer', 'x') returning id`,
      );
      const [{ max }] = await q<{ max: number }>(database, 'select max(id)::int as max from companies where id <> $1', [id]);
      expect(id).toBeGreaterThan(max);

      await expect(seedLarge(database, { companies: 500, users: 2000 })).rejects.toThrow(/already exists/);

      // The bench fleet, added afterwards (as to a bench database seeded before devices existed).
      expect(await hasLargeDevices(database)).toBe(false);
      await seedLargeDevices(database, { devices: 3000 });
      expect(await hasLargeDevices(database)).toBe(true);
      const fleet = await q<{
        n: number;
        sns: number;
        macs: number;
        types: string[];
        models: string[];
        versions: string[];
        areas: number;
        online: number;
      }>(
        database,
        `select count(*)::int n, count(distinct sn)::int sns, count(distinct mac)::int macs, array_agg(distinct product_type) types,
                array_agg(distinct model order by model) models, array_agg(distinct firmware_version order by firmware_version) versions,
                count(distinct area_id)::int areas, count(*) filter (where last_seen_at > now() - interval '10 minutes')::int online
           from devices where company_path = $1`,
        [partner.path],
      );
      expect(fleet[0]).toMatchObject({
        n: 3000,
        sns: 3000,
        macs: 3000,
        types: ['IPC'],
        models: [...BENCH_DEVICE_MODELS],
        versions: [...BENCH_DEVICE_VERSIONS],
        areas: 3,
        online: 600,
      });
      for (const n of [1, 2, 3, 2999]) {
        const [d] = await q<{ model: string; firmware_version: string }>(
          database,
          'select model, firmware_version from devices where sn = $1',
          [benchSn(n)],
        );
        expect(d).toEqual({ model: benchModelOf(n), firmware_version: benchVersionOf(n) });
      }
      await expect(seedLargeDevices(database, { devices: 10 })).rejects.toThrow(/already has devices/);

      // 30 days of the fleet's history and samples, rolled up by the server's rollup (issue 15 seeds).
      expect(await hasLargeInsight(database)).toBe(false);
      // On a whole hour, as the demo seed's hourly sample times are: every time coincides with one of
      // theirs, and the fleet is sampled at each all the same.
      const wholeHour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
      const history = await seedLargeInsight(database, { eventsPerDevice: 5, sampleMinutes: 12 * 60, now: wholeHour });
      expect(await hasLargeInsight(database)).toBe(true);
      expect(history.events).toBe(15_000);
      const [ev] = await q<{ kinds: string[]; oldest: number; newest: number; failed: number; coded: number }>(
        database,
        `select array_agg(distinct kind order by kind) kinds, extract(epoch from now() - min(at))::int / 86400 oldest,
                extract(epoch from now() - max(at))::int newest,
                count(*) filter (where kind = 'upgrade_failed')::int failed, count(*) filter (where code <> '')::int coded
           from device_events where brand_id = $1`,
        [partner.id],
      );
      expect(ev.kinds).toEqual(['bound', 'offline', 'online', 'upgrade_failed', 'upgrade_success', 'version_change']);
      expect(ev.oldest).toBeLessThanOrEqual(30);
      expect(ev.newest).toBeGreaterThanOrEqual(0);
      expect(ev.coded).toBe(ev.failed);
      // The rollup's figures equal the raw events they came from.
      const [sums] = await q<{ rolled: number; raw: number }>(
        database,
        `select (select coalesce(sum(offlines), 0)::int from stats_hourly where brand_id = $1 and code = '') rolled,
                (select count(*)::int from device_events where brand_id = $1 and kind = 'offline') raw`,
        [partner.id],
      );
      expect(sums.rolled).toBe(sums.raw);
      const [sampled] = await q<{ times: number; groups: number }>(
        database,
        `select (select count(distinct at)::int from device_samples where brand_id = $1) times,
                (select count(*)::int from (select distinct model, firmware_version, country, area_id from devices where company_id = $1) g) groups`,
        [partner.id],
      );
      expect(sampled.times).toBeGreaterThanOrEqual(60);
      expect(history.samples).toBe(sampled.times * sampled.groups);

      // End users bound to the fleet, ready sessions and orders over 18 months (set-based SQL on PGlite too).
      expect(await hasLargeOrders(database)).toBe(false);
      const made = await seedLargeOrders(database, { endUsers: 300, orders: 1500, passwordHash: 'x' });
      expect(made).toMatchObject({ endUsers: 300, orders: 1500 });
      expect(await hasLargeOrders(database)).toBe(true);
      const [o] = await q<{ n: number; nos: number; devices: number; states: string[]; periods: number; oldest: number; attempts: number }>(
        database,
        `select count(*)::int n, count(distinct order_no)::int nos, count(distinct device_id)::int devices,
                array_agg(distinct state order by state) states, count(period)::int periods,
                floor(extract(epoch from now() - min(created_at)) / 86400)::int oldest,
                (select count(*)::int from storage_order_attempts a where a.order_id in (select id from storage_orders where company_path = $1)) attempts
           from storage_orders where company_path = $1`,
        [partner.path],
      );
      expect(o).toMatchObject({ n: 1500, nos: 1500, devices: 300, states: ['cancelled', 'paid', 'refunded'] });
      expect(o!.periods).toBeGreaterThan(1000);
      expect(o!.oldest).toBeGreaterThan(430);
      expect(o!.attempts).toBeGreaterThan(1300);
      const [bound] = await q<{ n: number; sessions: number }>(
        database,
        `select count(*)::int n, (select count(*)::int from end_user_sessions s where s.token_hash = $2) sessions
           from devices d join end_users e on e.id = d.end_user_id where d.company_path = $1 and e.email = 'bench-eu-' || substr(d.sn, 3)::int || '@bench-app.local'`,
        [partner.path, createHash('sha256').update(benchEndUserSession(7).token).digest('hex')],
      );
      expect(bound).toEqual({ n: 300, sessions: 1 });
      // The app key's secret and the sessions' keys come from the bench secret kept in DATA_DIR, not from the source.
      expect(benchEndUserSession(7).token).toMatch(/^beu-[\w-]{32}-token-7$/);
      const [app] = await q<{ secret_enc: string }>(database, `select secret_enc from app_keys where app_id = $1`, [BENCH_APP_KEY.appId]);
      expect(openSecret(demoSealKeys(), app!.secret_enc)).toBe(BENCH_APP_KEY.secret);
      expect(BENCH_APP_KEY.secret).not.toMatch(/not-for-production/);
      await expect(seedLargeOrders(database, { endUsers: 10, passwordHash: 'x' })).rejects.toThrow(/already has orders/);

      // The message volumes (issue 13): the app's end users brought to 900, a third with a push token,
      // and released messages with at least 2,000 receipts, each message's receipts exactly what the
      // product's audience count (the preview, the fan-out's predicate) gives per resolved language.
      expect(await hasLargeMessages(database)).toBe(false);
      const msg = await seedLargeMessages(database, { endUsers: 900, receipts: 2000, passwordHash: 'x' });
      expect(msg).toMatchObject({ endUsers: 900, added: 600, sessions: 600 });
      // Four in five of the added ones own the partner's device of their number (301..900 but every fifth: 480).
      expect(msg.bound).toBe(480);
      // Bench end user n's number (null for any other end user; a CASE, so the cast never sees another address).
      const benchN = (a: string) => `(case when ${a}.email like 'bench-eu-%' then substr(split_part(${a}.email, '@', 1), 10)::int end)`;
      const [owned] = await q<{ n: number; other: number; unbound_fifths: number }>(
        database,
        `select count(*)::int n, count(*) filter (where d.sn <> 'BN' || lpad(substr(split_part(e.email, '@', 1), 10), 8, '0'))::int other,
                (select count(*)::int from end_users x where x.company_path = $1 and ${benchN('x')} > 300
                    and ${benchN('x')} % 5 = 0
                    and exists (select 1 from devices y where y.end_user_id = x.id)) unbound_fifths
           from devices d join end_users e on e.id = d.end_user_id
          where d.company_path = $1 and ${benchN('e')} > 300`,
        [partner.path],
      );
      expect(owned).toEqual({ n: 480, other: 0, unbound_fifths: 0 });
      expect(msg.receipts).toBeGreaterThanOrEqual(2000);
      expect(await hasLargeMessages(database)).toBe(true);
      const [eu] = await q<{ n: number; locales: number; tokens: number; muted: number }>(
        database,
        `select count(*)::int n, count(distinct locale)::int locales, count(*) filter (where mute_promotions)::int muted,
                (select count(*)::int from push_tokens t join end_users x on x.id = t.end_user_id where x.company_path = $1) tokens
           from end_users where company_path = $1 and email like 'bench-eu-%'`,
        [partner.path],
      );
      expect(eu!.n).toBe(900);
      expect(eu!.locales).toBeGreaterThanOrEqual(8);
      expect(eu!.tokens).toBeGreaterThan(240);
      expect(eu!.tokens).toBeLessThan(360);
      expect(eu!.muted).toBeGreaterThan(40);
      const msgs = await q<{
        id: number;
        type: string;
        state: string;
        audience: MessageAudience;
        languages: string[];
        preferred_language: string;
        sender_area_ids: number[];
        created_by: number;
        recipients: number;
        fanout_done: boolean;
        title: string;
      }>(
        database,
        `select id, type, state, audience, languages, preferred_language, sender_area_ids, created_by, recipients, fanout_done,
                contents->'en-US'->>'title' as title
           from messages where company_id = $1 order by id`,
        [partner.id],
      );
      expect(msgs.length).toBe(msg.messages);
      expect(new Set(msgs.map((m) => m.type))).toEqual(new Set(['notice', 'service', 'promotion', 'update']));
      expect(msgs.filter((m) => m.state === 'withdrawn')).toHaveLength(1);
      expect(msgs.every((m) => m.fanout_done && m.title.startsWith(BENCH_MESSAGE_PREFIX))).toBe(true);
      let released = 0;
      for (const m of msgs) {
        const byLanguage = await q<{ language: string; n: number; pushed: number; read: number; unpushed_token: number }>(
          database,
          `select r.language, count(*)::int n, count(r.pushed_at)::int pushed, count(r.read_at)::int read,
                  count(*) filter (where r.pushed_at is null and exists (select 1 from push_tokens t where t.end_user_id = r.recipient_id)
                                     and not (m.type = 'promotion' and e.mute_promotions))::int unpushed_token
             from message_receipts r join messages m on m.id = r.message_id join end_users e on e.id = r.recipient_id
            where r.message_id = $1 and r.recipient_kind = 'end_user' group by 1 order by 1`,
          [m.id],
        );
        const expected = await countAudience(
          database.db,
          m.audience,
          { companyPath: partner.path, senderAreaIds: m.sender_area_ids, excludeUserId: m.created_by },
          m.languages,
          m.preferred_language,
        );
        const byLang = (xs: [string, number][]) => Object.fromEntries(xs);
        expect(byLang(byLanguage.map((r) => [r.language, r.n])), m.title).toEqual(byLang(expected.map((r) => [r.language, r.count])));
        const total = byLanguage.reduce((s, r) => s + r.n, 0);
        expect(m.recipients).toBe(total);
        expect(total).toBeGreaterThan(0);
        // Pushed exactly when the recipient has a token (and did not mute a promotion); some read, not all.
        expect(byLanguage.every((r) => r.unpushed_token === 0)).toBe(true);
        const pushed = byLanguage.reduce((s, r) => s + r.pushed, 0);
        const read = byLanguage.reduce((s, r) => s + r.read, 0);
        expect(pushed).toBeLessThan(total);
        if (total >= 100) expect(read > 0 && read < total, m.title).toBe(true);
        if (m.state === 'released') released += total;
      }
      expect(released).toBe(msg.receipts);
      // The device-model message (IPC-300: device n with n % 3 = 0) reaches the added end users who own one:
      // 303..900 in steps of 3 (200) but every fifth (40).
      const byModel = msgs.find((m) => m.audience.kind === 'endUsers' && m.audience.filter.by === 'deviceModel')!;
      const [reached] = await q<{ n: number }>(
        database,
        `select count(*)::int n from message_receipts r join end_users e on e.id = r.recipient_id
          where r.message_id = $1 and r.recipient_kind = 'end_user' and ${benchN('e')} > 300`,
        [byModel.id],
      );
      expect(reached!.n).toBe(160);
      // A new end user's ready session and inbox (the app API's own query), in their language.
      const [reader] = await q<{ id: number; locale: string }>(
        database,
        `select e.id::int as id, e.locale from end_users e join end_user_sessions s on s.end_user_id = e.id
          where e.email = 'bench-eu-301@bench-app.local' and s.token_hash = $1`,
        [createHash('sha256').update(benchEndUserSession(301).token).digest('hex')],
      );
      const inbox = await listInbox(database.db, { kind: 'end_user', id: reader!.id }, { pageNum: 1, pageSize: 50, read: 'all' });
      expect(inbox.total).toBeGreaterThanOrEqual(2);
      expect(inbox.records.every((r) => r.title !== '')).toBe(true);
      await expect(seedLargeMessages(database, { endUsers: 1000, passwordHash: 'x' })).rejects.toThrow(/already has its messages/);
    } finally {
      await database.close();
    }
  }, 240_000);

  it('gives the Bench Partner a content site of released products with typed parameters and a site domain', async () => {
    const database = await freshDatabase();
    try {
      await seedLarge(database, { companies: 20, users: 20 });
      expect(await hasLargeContent(database)).toBe(false);
      await seedLargeContent(database, { products: 60 });
      expect(await hasLargeContent(database)).toBe(true);
      const counts = await q<{ type: string; locale: string; state: string; n: number }>(
        database,
        `select t.type, t.locale, t.state, count(*)::int as n from content_translations t join content_sites s on s.id = t.site_id
          where s.slug = 'bench-partner' group by 1, 2, 3 order by 1, 2`,
      );
      expect(counts).toEqual([
        { type: 'product', locale: 'en-US', state: 'released', n: 60 },
        { type: 'product', locale: 'zh-CN', state: 'released', n: 60 },
        { type: 'product_category', locale: 'en-US', state: 'released', n: 20 },
        { type: 'product_category', locale: 'zh-CN', state: 'released', n: 20 },
      ]);
      const [p] = await q<{ slug: string; params: Record<string, unknown>; data: { shared: { params: unknown } } }>(
        database,
        `select t.released_slug as slug, t.released_params as params, r.data from content_translations t
           join content_revisions r on r.id = t.released_revision_id where t.type = 'product' and t.locale = 'zh-CN' order by t.item_id limit 1`,
      );
      expect(p!.slug).toBe(benchProductSlug(1));
      expect(Object.keys(p!.params)).toHaveLength(30);
      expect(p!.data.shared.params).toEqual(p!.params);
      for (const def of BENCH_SITE_PARAMS) {
        const v = p!.params[def.key];
        if (def.type === 'enum') expect(def.values).toContain(v);
        if (def.type === 'boolean') expect(typeof v).toBe('boolean');
        if (def.type === 'number') expect(typeof v).toBe('number');
        if (def.type === 'multi_enum') expect((v as string[]).every((x) => def.values.includes(x))).toBe(true);
      }
      const [d] = await q<{ n: number }>(
        database,
        `select count(*)::int as n from company_domains where domain = '${BENCH_SITE_DOMAIN}' and kind = 'site'`,
      );
      expect(d!.n).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('also runs on a database without demo data', async () => {
    const database = await freshDatabase();
    try {
      await seedLarge(database, { companies: 50, users: 100 });
      expect(await q(database, INCONSISTENT_PATHS)).toEqual([]);
      const counts = await q<{ type: string; n: number }>(database, 'select type, count(*)::int as n from companies group by type');
      expect(Object.fromEntries(counts.map((r) => [r.type, r.n]))).toMatchObject({ supplier: 1, partner: 1 });
      const [{ n }] = await q<{ n: number }>(database, 'select count(*)::int as n from users');
      expect(n).toBe(101);
    } finally {
      await database.close();
    }
  });
});
