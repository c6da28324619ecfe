/**
 * Benchmark volumes: one partner, 'Bench Partner', whose subtree holds ~10,000 companies
 * (distributors, installers and customers at depths 2-4) and ~100,000 users. Everything is
 * set-based SQL (generate_series, INSERT ... SELECT) so it takes seconds on PGlite and PostgreSQL.
 *
 * Ids of the subtree are reserved from the companies sequence up front, so parents can be
 * computed arithmetically; each level's path and depth are then taken from its parent row by a
 * join, which keeps them consistent by construction.
 */
import type { Database, Tx } from '@portal/server/db/client';
import { sql, type SQL } from 'drizzle-orm';
import type { DemoAccount } from './demo';
import {
  CUSTOMER_CODES,
  DEMO_PASSWORD,
  DISTRIBUTOR_CODES,
  INSTALLER_CODES,
  PARTNER_OWNER_CODES,
  elapsed,
  hashDemoPassword,
  one,
  type Log,
} from './shared';

export const BENCH_PARTNER_NAME = 'Bench Partner';
export const BENCH_DOMAIN = 'portal.bench-partner.local';

/** The owner of the Bench Partner: the benchmark logs in as this account (it holds dealer_account_qry). */
export const BENCH_ACCOUNT: DemoAccount = {
  role: 'bench partner owner',
  email: 'bench@demo.local',
  password: DEMO_PASSWORD,
  company: BENCH_PARTNER_NAME,
};

export interface LargeSeedOptions {
  /** Companies in the Bench Partner's subtree (not counting the partner itself); at least 10. */
  companies?: number;
  /** Users spread over those companies (the partner's owner comes on top). */
  users?: number;
  log?: Log;
}

export interface LargeSeedResult {
  partnerId: number;
  companies: number;
  users: number;
  seconds: number;
}

/** Whether the large volumes are present (the Bench Partner exists). */
export async function hasLargeData(database: Pick<Database, 'db'>): Promise<boolean> {
  const r = await one<{ found: boolean }>(
    database.db,
    sql`select exists (select 1 from companies where type = 'partner' and name = ${BENCH_PARTNER_NAME}) as found`,
  );
  return !!r?.found;
}

const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Lukas',
  'Anna',
  'Jonas',
  'Lea',
  'Mateo',
  'Sofia',
  'Hugo',
  'Chloe',
  'Wei',
  'Mei',
  'Hiroshi',
  'Yuki',
  'Arjun',
  'Priya',
  'Omar',
  'Layla',
  'Lars',
  'Ingrid',
  'Diego',
  'Camila',
  'Minh',
  'Linh',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Martinez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Taylor',
  'Thomas',
  'Moore',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Muller',
  'Schmidt',
  'Weber',
  'Fischer',
  'Dubois',
  'Moreau',
  'Rossi',
  'Bianchi',
  'Chen',
  'Wang',
  'Tanaka',
  'Sato',
  'Sharma',
  'Patel',
  'Haddad',
  'Nilsson',
  'Larsen',
  'Silva',
  'Nguyen',
  'Tran',
];
const NAME_WORDS = [
  'Apex',
  'Beacon',
  'Cascade',
  'Delta',
  'Evergreen',
  'Falcon',
  'Granite',
  'Harbor',
  'Ironclad',
  'Juniper',
  'Keystone',
  'Lighthouse',
  'Meridian',
  'Northstar',
  'Orion',
  'Pinnacle',
  'Quartz',
  'Redwood',
  'Summit',
  'Titan',
  'Unity',
  'Vanguard',
  'Westgate',
  'Zenith',
  'Atlas',
  'Bluewater',
  'Citadel',
  'Horizon',
  'Sentinel',
  'Silverline',
];
const DISTRIBUTOR_WORDS = ['Security Distribution', 'Video Supply', 'Surveillance Wholesale', 'Vision Trading', 'Secure Systems'];
const INSTALLER_WORDS = ['Installations', 'Alarm & Video', 'Camera Pros', 'Security Services', 'Smart Home Installers'];
const CUSTOMER_WORDS = [
  'Logistics',
  'Retail Group',
  'Medical Center',
  'Hotels',
  'Manufacturing',
  'Property Management',
  'School District',
  'Parking',
];
const LEGAL_FORMS = ['GmbH', 'LLC', 'Ltd.', 'Inc.', 'Pte. Ltd.', 'AB', 'SAS', 'BV'];

const qryOf = (codes: readonly string[]) => codes.filter((c) => c.endsWith('_qry'));

/** Seed the benchmark volumes under a new 'Bench Partner'. Refuses to run twice. */
export async function seedLarge(database: Database, opts: LargeSeedOptions = {}): Promise<LargeSeedResult> {
  const log = opts.log ?? (() => {});
  const N = Math.floor(opts.companies ?? 10_000);
  const U = Math.floor(opts.users ?? 100_000);
  if (N < 10) throw new Error('seedLarge: at least 10 companies');
  if (U < N) throw new Error('seedLarge: at least one user per company');
  if (await hasLargeData(database)) throw new Error(`seedLarge: '${BENCH_PARTNER_NAME}' already exists`);

  // The shape of the subtree: 2% distributors, 30% installers, the rest customers.
  const D = Math.max(1, Math.round(N * 0.02));
  const I = Math.max(2, Math.round(N * 0.3));
  const C = N - D - I;
  const Ip = Math.max(1, Math.floor(I * 0.1)); // installers invited by the partner itself (depth 2)
  const Cp = Math.floor(C * 0.1); // customers of the partner (depth 2)
  const Cd = Math.floor(C * 0.4); // customers of distributors (depth 3); the rest belong to installers (depth 4)

  const startedAt = performance.now();
  const passwordHash = await hashDemoPassword();
  let step = performance.now();
  const stepDone = (what: string) => {
    log(`large: ${what} in ${elapsed(step)} s`);
    step = performance.now();
  };

  const result = await database.db.transaction(async (tx) => {
    const { rdcId, ddcIds } = await ensureAreas(tx);
    const root = await ensureSupplier(tx, rdcId);
    const codes = {
      dist: sql.param([...DISTRIBUTOR_CODES]),
      distQry: sql.param(qryOf(DISTRIBUTOR_CODES)),
      inst: sql.param([...INSTALLER_CODES]),
      instQry: sql.param(qryOf(INSTALLER_CODES)),
      cust: sql.param([...CUSTOMER_CODES]),
      custQry: sql.param(qryOf(CUSTOMER_CODES)),
    };
    const words = {
      first: sql.param(FIRST_NAMES),
      last: sql.param(LAST_NAMES),
      name: sql.param(NAME_WORDS),
      legal: sql.param(LEGAL_FORMS),
      dist: sql.param(DISTRIBUTOR_WORDS),
      inst: sql.param(INSTALLER_WORDS),
      cust: sql.param(CUSTOMER_WORDS),
    };
    const ddc = sql.param(ddcIds);

    // The partner and its owner.
    const partner = (await one<{ id: number; path: string }>(
      tx,
      sql`insert into companies (parent_id, path, depth, type, level, name, contact, telephone, email, area_id, status, user_limit, created_at)
          values (${root.id}::int, '', ${root.depth + 1}::int, 'partner', 1, ${BENCH_PARTNER_NAME}, 'Bench Owner', '+1 555 010 0000',
                  ${BENCH_ACCOUNT.email}, ${ddcIds[0]}::int, 'active', 1000, now() - interval '900 days')
          returning id, path`,
    ))!;
    const partnerPath = `${root.path}${partner.id}/`;
    await tx.execute(sql`update companies set path = ${partnerPath} where id = ${partner.id}::int`);
    await tx.execute(
      sql`insert into company_branding (company_id, title, unified_domain) values (${partner.id}::int, 'Bench Partner Cloud', ${BENCH_DOMAIN})`,
    );
    await tx.execute(sql`insert into company_domains (domain, company_id) values (${BENCH_DOMAIN}, ${partner.id}::int)`);
    await tx.execute(
      sql`insert into users (company_id, email, nickname, phone, password_hash, user_type, user_auth_type, status, auth_res_list, area_ids)
          values (${partner.id}::int, ${BENCH_ACCOUNT.email}, 'Bench Owner', '+1 555 010 0001', ${passwordHash}, 'partner', 1, 'normal',
                  ${sql.param([...PARTNER_OWNER_CODES])}::text[], ${sql.param([rdcId, ...ddcIds])}::int[])`,
    );

    // Reserve ids base+1 .. base+N for the subtree: distributors, then installers, then customers.
    const base = Number(
      (await one<{ base: string | number }>(tx, sql`select nextval(pg_get_serial_sequence('companies', 'id')) as base`))!.base,
    );
    await tx.execute(sql`select setval(pg_get_serial_sequence('companies', 'id'), ${base + N}::bigint)`);
    const pid = partner.id;
    const distId = (idx: SQL) => sql`(${base}::int + 1 + (${idx}) % ${D}::int)`;

    /** Insert one generated level: `spec` yields (k, id, parent_id, name); path/depth/area come from the parent row. */
    const insertLevel = (type: string, spec: SQL, userLimit: number) =>
      tx.execute(sql`
        with s as (${spec})
        insert into companies (id, parent_id, path, depth, type, level, name, contact, telephone, email, area_id, status, user_limit,
                               allow_superior_access, created_at)
        select s.id, s.parent_id, p.path || s.id || '/', p.depth + 1, ${type}::text, p.depth + 1, s.name,
               (${words.first}::text[])[1 + s.k % 40] || ' ' || (${words.last}::text[])[1 + (s.k / 40) % 40],
               '+1 555 ' || lpad((s.id % 10000000)::text, 7, '0'),
               'info' || s.id || '@bench.demo.local',
               case when p.id = ${pid}::int then (${ddc}::int[])[1 + s.k % ${ddcIds.length}::int] else p.area_id end,
               case when s.k % 47 = 0 then 'frozen' when s.k % 31 = 0 then 'inactive' else 'active' end,
               ${userLimit}::int, s.k % 3 = 0,
               now() - ((s.k * 7919) % 850) * interval '1 day' - (s.k % 86400) * interval '1 second'
        from s join companies p on p.id = s.parent_id`);

    const companyName = (arr: ReturnType<typeof sql.param>) =>
      sql`(${words.name}::text[])[1 + k % 30] || ' ' || (${arr}::text[])[1 + (k / 30) % array_length(${arr}::text[], 1)] || ' ' ||
          lpad(k::text, 5, '0') || ' ' || (${words.legal}::text[])[1 + k % 8]`;

    await insertLevel(
      'distributor',
      sql`select k, ${base}::int + k as id, ${pid}::int as parent_id, ${companyName(words.dist)} as name from generate_series(1, ${D}::int) k`,
      500,
    );
    await insertLevel(
      'installer',
      sql`select k, ${base + D}::int + k as id,
                 case when k <= ${Ip}::int then ${pid}::int else ${distId(sql`k - ${Ip}::int - 1`)} end as parent_id,
                 ${companyName(words.inst)} as name
          from generate_series(1, ${I}::int) k`,
      50,
    );
    // Installer j (1-based among those under distributors) has id base + D + Ip + j.
    await insertLevel(
      'customer',
      sql`select k, ${base + D + I}::int + k as id,
                 case when k <= ${Cp}::int then ${pid}::int
                      when k <= ${Cp + Cd}::int then ${distId(sql`k - ${Cp}::int - 1`)}
                      else ${base + D + Ip}::int + 1 + (k - ${Cp + Cd}::int - 1) % ${I - Ip}::int end as parent_id,
                 ${companyName(words.cust)} as name
          from generate_series(1, ${C}::int) k`,
      20,
    );
    stepDone(`${N} companies (${D} distributors, ${I} installers, ${C} customers)`);

    // Users: company base + 1 + (k-1) % N, so each company's first user (k <= N) is its owner.
    await tx.execute(sql`
      insert into users (company_id, email, nickname, phone, password_hash, user_type, user_auth_type, status, auth_res_list, area_ids,
                         locale, created_at)
      select c.id,
             lower((${words.first}::text[])[1 + k % 40]) || '.' || lower((${words.last}::text[])[1 + (k / 40) % 40]) || '.' || k || '@bench.demo.local',
             (${words.first}::text[])[1 + k % 40] || ' ' || (${words.last}::text[])[1 + (k / 40) % 40],
             '+1 555 ' || lpad((k % 10000000)::text, 7, '0'),
             ${passwordHash}::text, c.type,
             case when k <= ${N}::int then 1 else 3 end,
             case when k <= ${N}::int then 'normal' when k % 53 = 0 then 'deleted' when k % 41 = 0 then 'operation_locked'
                  when k % 37 = 0 then 'auto_locked' else 'normal' end,
             case when k <= ${N}::int then
                    case c.type when 'distributor' then ${codes.dist}::text[] when 'installer' then ${codes.inst}::text[] else ${codes.cust}::text[] end
                  else
                    case c.type when 'distributor' then ${codes.distQry}::text[] when 'installer' then ${codes.instQry}::text[] else ${codes.custQry}::text[] end
             end,
             case when c.type = 'distributor' and c.area_id <> ${rdcId}::int then array[${rdcId}::int, c.area_id] else array[c.area_id] end,
             case when k % 7 = 0 then 'zh-CN' else 'en-US' end,
             least(now(), c.created_at + (k % 400) * interval '1 day')
      from generate_series(1, ${U}::int) k
      join companies c on c.id = ${base}::int + 1 + (k - 1) % ${N}::int`);
    stepDone(`${U} users`);

    return { partnerId: partner.id };
  });

  // Fresh statistics, so the planner knows the tables are big before the first benchmark query, and
  // the visibility map autovacuum would set on a live database (index-only scans of the list searches
  // read no heap page then; a cluster with autovacuum off would otherwise never get there).
  await database.db.execute(sql`vacuum analyze companies`);
  await database.db.execute(sql`vacuum analyze users`);
  stepDone('vacuum analyze');

  const seconds = Number(elapsed(startedAt));
  log(`large: ${BENCH_PARTNER_NAME} with ${N} companies and ${U + 1} users seeded in ${seconds.toFixed(2)} s`);
  return { partnerId: result.partnerId, companies: N, users: U + 1, seconds };
}

/** The RDC and DDC ids; on a database without areas (large seed alone) a single RDC is created. */
async function ensureAreas(tx: Tx): Promise<{ rdcId: number; ddcIds: number[] }> {
  const all = (await tx.execute(sql`select id, kind from areas order by id`)) as unknown as { rows: { id: number; kind: string }[] };
  let rdcId = all.rows.find((a) => a.kind === 'RDC')?.id;
  if (rdcId === undefined) {
    rdcId = (await one<{ id: number }>(
      tx,
      sql`insert into areas (name, display_name, display_name_zh_cn, kind) values ('RDC', 'Global (RDC)', '全球 (RDC)', 'RDC') returning id`,
    ))!.id;
  }
  const ddcIds = all.rows.filter((a) => a.kind === 'DDC').map((a) => a.id);
  return { rdcId, ddcIds: ddcIds.length ? ddcIds : [rdcId] };
}

/** The supplier at the root of the tree; on a database without one (large seed alone) it is created. */
async function ensureSupplier(tx: Tx, rdcId: number): Promise<{ id: number; path: string; depth: number }> {
  const found = await one<{ id: number; path: string; depth: number }>(
    tx,
    sql`select id, path, depth from companies where type = 'supplier' and parent_id is null order by id limit 1`,
  );
  if (found) return found;
  const row = (await one<{ id: number }>(
    tx,
    sql`insert into companies (parent_id, path, depth, type, level, name, area_id) values (null, '', 0, 'supplier', 0, 'Bench Supplier', ${rdcId}::int) returning id`,
  ))!;
  const path = `/${row.id}/`;
  await tx.execute(sql`update companies set path = ${path} where id = ${row.id}::int`);
  return { id: row.id, path, depth: 0 };
}
