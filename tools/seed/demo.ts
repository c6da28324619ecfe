/**
 * Demo data: a believable ecosystem of one manufacturer (the supplier), three OEM partners with
 * their brands and domains, their distributors, installers and customers across the RDC and three
 * regional DCs, and users of every role and status. Fixed demo accounts (DEMO_ACCOUNTS) let anyone
 * log in as each role with the same password.
 *
 * Runs only on an empty database: it is the first thing a fresh installation gets.
 */
import type { CompanyType, ResourceCode } from '@portal/contract';
import { RESOURCE_CODES, USER_STATUSES } from '@portal/contract';
import type { Database } from '@portal/server/db/client';
import { areaKindSettings, areas, companies, companyBranding, companyDomains, users } from '@portal/server/db/schema';
import { eq, sql } from 'drizzle-orm';
import { createFileStore } from '@portal/server/lib/files/create-store';
import type { FileStore } from '@portal/server/lib/files/store';
import path from 'node:path';
import { seedDemoApp } from './demo-app';
import { seedDemoDevices } from './demo-devices';
import { demoKeysFile, newDemoKeys, readDemoKeys, type DemoKeys } from './demo-keys';
import { seedDemoContent } from './demo-content';
import { seedDemoStorage } from './demo-storage';
import { seedDemoOrders } from './demo-orders';
import { seedDemoFeedback } from './demo-feedback';
import { seedDemoMessages } from './demo-messages';
import { seedDemoInsight } from './demo-insight';
import { seedDemoEndUserLog } from './demo-end-user-log';
import { seedDemoDeviceLogs } from './demo-device-logs';
import { seedDemoUpgrade } from './demo-upgrade';
import {
  CUSTOMER_CODES,
  DEMO_PASSWORD,
  DISTRIBUTOR_CODES,
  INSTALLER_CODES,
  PARTNER_ADMIN_CODES,
  PARTNER_OWNER_CODES,
  SUPPLIER_CODES,
  dataDir,
  demoSealKeys,
  hashDemoPassword,
  isEmpty,
  rows,
  type Log,
} from './shared';

export type DemoRole = 'supplier admin' | 'partner owner' | 'partner admin' | 'distributor' | 'installer' | 'customer';

export interface DemoAccount {
  role: DemoRole | (string & {});
  email: string;
  password: string;
  company: string;
}

/** One fixed account per role, all with the password 'Demo@12345'. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'supplier admin', email: 'supplier@demo.local', password: DEMO_PASSWORD, company: 'Lumenza Technologies Co., Ltd.' },
  { role: 'partner owner', email: 'owner@acme.demo.local', password: DEMO_PASSWORD, company: 'Acme Vision' },
  { role: 'partner admin', email: 'admin@acme.demo.local', password: DEMO_PASSWORD, company: 'Acme Vision' },
  { role: 'distributor', email: 'dealer@acme.demo.local', password: DEMO_PASSWORD, company: 'Rhein Security Distribution GmbH' },
  { role: 'installer', email: 'installer@acme.demo.local', password: DEMO_PASSWORD, company: 'Brightline Installations GmbH' },
  { role: 'customer', email: 'customer@acme.demo.local', password: DEMO_PASSWORD, company: 'Harbor Logistics GmbH' },
];

/** Menu keys hidden from distributors while they work in a DDC (SPEC §2: RDC and DDC lists differ). */
export const DDC_HIDDEN_MENUS = ['pointMall', 'externalCollection'];

// ---- areas ----------------------------------------------------------------------------------

type AreaName = 'RDC' | 'DC-EU' | 'DC-US' | 'DC-AP';

const AREAS: ReadonlyArray<{
  name: AreaName;
  displayName: string;
  displayNameZhCn: string;
  kind: 'RDC' | 'DDC';
  resVals: string[];
  ip: string;
}> = [
  // The RDC is the global centre: it serves the countries no regional DC covers.
  {
    name: 'RDC',
    displayName: 'Global (RDC)',
    displayNameZhCn: '全球 (RDC)',
    kind: 'RDC',
    resVals: ['CN', 'HK', 'IN', 'AE', 'SA', 'TR', 'ZA', 'EG'],
    ip: '203.0.113.10',
  },
  {
    name: 'DC-EU',
    displayName: 'Europe (Frankfurt)',
    displayNameZhCn: '欧洲 (法兰克福)',
    kind: 'DDC',
    resVals: ['DE', 'AT', 'CH', 'FR', 'NL', 'BE', 'IT', 'ES', 'PL', 'SE', 'NO', 'DK', 'GB', 'IE'],
    ip: '203.0.113.20',
  },
  {
    name: 'DC-US',
    displayName: 'Americas (Virginia)',
    displayNameZhCn: '美洲 (弗吉尼亚)',
    kind: 'DDC',
    resVals: ['US', 'CA', 'MX', 'BR', 'CL', 'CO'],
    ip: '198.51.100.20',
  },
  {
    name: 'DC-AP',
    displayName: 'Asia Pacific (Singapore)',
    displayNameZhCn: '亚太 (新加坡)',
    kind: 'DDC',
    resVals: ['SG', 'MY', 'TH', 'VN', 'ID', 'PH', 'AU', 'NZ', 'JP', 'KR'],
    ip: '192.0.2.20',
  },
];

// ---- the company tree -----------------------------------------------------------------------

type Status = (typeof USER_STATUSES)[number];

interface PersonSeed {
  name: string;
  /** Local part and domain; default 'first.last@<company mail domain>'. */
  email?: string;
  status?: Status;
  locale?: 'en-US' | 'zh-CN';
  /** 1 owner, 2 administrator, 3 staff. */
  authType?: 1 | 2 | 3;
  codes?: readonly ResourceCode[];
}

interface CompanySeed {
  type: CompanyType;
  name: string;
  area: AreaName;
  /** Partners work in several areas; everyone else in their company's area (distributors also in the RDC). */
  partnerAreas?: AreaName[];
  mailDomain: string;
  telephone: string;
  status?: 'inactive' | 'active' | 'frozen';
  allowSuperiorAccess?: boolean;
  userLimit?: number;
  /** Days since the company joined. */
  age: number;
  branding?: { title: string; domain: string };
  /** The first person is the company's owner (its contact). Invited companies (inactive) have none. */
  people?: PersonSeed[];
  children?: CompanySeed[];
}

const TREE: CompanySeed = {
  type: 'supplier',
  name: 'Lumenza Technologies Co., Ltd.',
  area: 'RDC',
  mailDomain: 'lumenza.demo.local',
  telephone: '+86 571 8800 1200',
  age: 1400,
  branding: { title: 'Lumenza Partner Cloud', domain: 'portal.lumenza.local' },
  people: [
    { name: 'Grace Liu', email: 'supplier@demo.local', authType: 1 },
    { name: 'Chen Jing', authType: 2, locale: 'zh-CN' },
    { name: 'Wang Hao', authType: 3, locale: 'zh-CN' },
    { name: 'Priya Nair', authType: 3, status: 'auto_locked' },
  ],
  children: [
    {
      type: 'partner',
      name: 'Acme Vision',
      area: 'DC-EU',
      partnerAreas: ['RDC', 'DC-EU', 'DC-US'],
      mailDomain: 'acme.demo.local',
      telephone: '+49 69 2400 5100',
      age: 1100,
      branding: { title: 'Acme Vision Cloud', domain: 'portal.acme-vision.local' },
      people: [
        { name: 'Oliver Bennett', email: 'owner@acme.demo.local' },
        { name: 'Sophie Laurent', email: 'admin@acme.demo.local', authType: 2, codes: PARTNER_ADMIN_CODES },
        { name: 'Emma Clarke' },
        { name: 'Marco Rossi', status: 'operation_locked' },
        { name: 'Daniel Novak', status: 'deleted' },
        { name: 'Chloé Martin' },
      ],
      children: [
        {
          type: 'distributor',
          name: 'Rhein Security Distribution GmbH',
          area: 'DC-EU',
          mailDomain: 'rhein-security.demo.local',
          telephone: '+49 611 3300 270',
          age: 900,
          allowSuperiorAccess: true,
          people: [
            { name: 'Jonas Weber', email: 'dealer@acme.demo.local' },
            { name: 'Lea Becker' },
            { name: 'Felix Wagner', status: 'auto_locked' },
          ],
          children: [
            {
              type: 'installer',
              name: 'Brightline Installations GmbH',
              area: 'DC-EU',
              mailDomain: 'brightline.demo.local',
              telephone: '+49 6131 558 140',
              age: 620,
              allowSuperiorAccess: true,
              userLimit: 50,
              people: [{ name: 'Lukas Hoffmann', email: 'installer@acme.demo.local' }, { name: 'Mia Schulz' }],
              children: [
                {
                  type: 'customer',
                  name: 'Harbor Logistics GmbH',
                  area: 'DC-EU',
                  mailDomain: 'harbor-logistics.demo.local',
                  telephone: '+49 40 3070 9900',
                  age: 300,
                  userLimit: 20,
                  people: [{ name: 'Anna Schmidt', email: 'customer@acme.demo.local' }, { name: 'Tim Krüger' }],
                },
              ],
            },
            {
              type: 'installer',
              name: 'SafeHome Technik KG',
              area: 'DC-EU',
              mailDomain: 'safehome-technik.demo.local',
              telephone: '+49 621 4410 22',
              age: 12,
              status: 'inactive',
              userLimit: 50,
            },
            {
              type: 'customer',
              name: 'Stadtwerke Mainz Facility Services',
              area: 'DC-EU',
              mailDomain: 'swm-facility.demo.local',
              telephone: '+49 6131 120',
              age: 410,
              userLimit: 20,
              people: [{ name: 'Katrin Vogel' }],
            },
          ],
        },
        {
          type: 'distributor',
          name: 'Nordic Surveillance AB',
          area: 'DC-EU',
          mailDomain: 'nordic-surveillance.demo.local',
          telephone: '+46 8 5000 1420',
          age: 760,
          people: [{ name: 'Erik Lindqvist' }, { name: 'Sara Nilsson', status: 'operation_locked' }],
          children: [
            {
              type: 'installer',
              name: 'Fjord Secure Installations AS',
              area: 'DC-EU',
              mailDomain: 'fjord-secure.demo.local',
              telephone: '+47 22 40 18 00',
              age: 380,
              userLimit: 50,
              people: [{ name: 'Henrik Berg' }],
            },
            {
              type: 'customer',
              name: 'Malmö Retail Group AB',
              area: 'DC-EU',
              mailDomain: 'malmo-retail.demo.local',
              telephone: '+46 40 660 7700',
              age: 210,
              userLimit: 20,
              people: [{ name: 'Ingrid Holm' }],
            },
          ],
        },
        {
          type: 'distributor',
          name: 'Atlantic Secure Supply LLC',
          area: 'DC-US',
          mailDomain: 'atlantic-secure.demo.local',
          telephone: '+1 617 555 0142',
          age: 540,
          people: [{ name: 'Michael Carter' }],
          children: [
            {
              type: 'installer',
              name: 'Keystone Alarm & Video Inc.',
              area: 'DC-US',
              mailDomain: 'keystone-av.demo.local',
              telephone: '+1 215 555 0188',
              age: 330,
              userLimit: 50,
              people: [{ name: 'Rachel Kim' }],
            },
            {
              type: 'customer',
              name: 'Riverside Medical Center',
              area: 'DC-US',
              mailDomain: 'riverside-medical.demo.local',
              telephone: '+1 617 555 0199',
              age: 95,
              userLimit: 20,
              people: [{ name: 'David Ortiz' }],
            },
          ],
        },
        {
          type: 'installer',
          name: 'ProView Installations Ltd',
          area: 'DC-EU',
          mailDomain: 'proview.demo.local',
          telephone: '+44 20 7946 0321',
          age: 450,
          userLimit: 50,
          people: [{ name: 'James Whitfield' }],
        },
        {
          type: 'customer',
          name: 'Lyon Parking SAS',
          area: 'DC-EU',
          mailDomain: 'lyon-parking.demo.local',
          telephone: '+33 4 72 00 41 10',
          age: 260,
          userLimit: 20,
          people: [{ name: 'Camille Dubois' }],
        },
        {
          type: 'customer',
          name: 'Amsterdam Hotel Group BV',
          area: 'DC-EU',
          mailDomain: 'amsterdam-hotels.demo.local',
          telephone: '+31 20 555 0170',
          age: 700,
          status: 'frozen',
          userLimit: 20,
          people: [{ name: 'Daan de Vries' }],
        },
      ],
    },
    {
      type: 'partner',
      name: 'Northwind Security Systems',
      area: 'DC-US',
      partnerAreas: ['RDC', 'DC-US'],
      mailDomain: 'northwind.demo.local',
      telephone: '+1 703 555 0110',
      age: 980,
      branding: { title: 'Northwind Cloud', domain: 'portal.northwind-security.local' },
      people: [
        { name: 'Sarah Mitchell' },
        { name: "Brian O'Connor", authType: 2, codes: PARTNER_ADMIN_CODES },
        { name: 'Jessica Nguyen' },
        { name: 'Kevin Brooks', status: 'auto_locked' },
      ],
      children: [
        {
          type: 'distributor',
          name: 'Pacific Coast Security Distributors Inc.',
          area: 'DC-US',
          mailDomain: 'pacific-coast-sec.demo.local',
          telephone: '+1 415 555 0163',
          age: 820,
          people: [{ name: 'Carlos Ramirez' }, { name: 'Emily Chen' }],
          children: [
            {
              type: 'installer',
              name: 'Golden Gate Camera Installers',
              area: 'DC-US',
              mailDomain: 'gg-camera.demo.local',
              telephone: '+1 510 555 0131',
              age: 400,
              userLimit: 50,
              people: [{ name: 'Tyler Johnson' }],
              children: [
                {
                  type: 'customer',
                  name: 'Bayview Apartments HOA',
                  area: 'DC-US',
                  mailDomain: 'bayview-hoa.demo.local',
                  telephone: '+1 415 555 0175',
                  age: 120,
                  userLimit: 20,
                  people: [{ name: 'Linda Park' }],
                },
              ],
            },
          ],
        },
        {
          type: 'distributor',
          name: 'Great Lakes Video Supply LLC',
          area: 'DC-US',
          mailDomain: 'greatlakes-video.demo.local',
          telephone: '+1 312 555 0147',
          age: 640,
          people: [{ name: 'Matthew Olson' }],
          children: [
            {
              type: 'customer',
              name: 'Lakeshore Manufacturing Co.',
              area: 'DC-US',
              mailDomain: 'lakeshore-mfg.demo.local',
              telephone: '+1 414 555 0112',
              age: 180,
              userLimit: 20,
              people: [{ name: 'Ashley Wright', status: 'operation_locked' }],
            },
          ],
        },
        {
          type: 'distributor',
          name: 'Maple Leaf Surveillance Ltd.',
          area: 'DC-US',
          mailDomain: 'mapleleaf-surv.demo.local',
          telephone: '+1 416 555 0190',
          age: 300,
          people: [{ name: 'Nathalie Tremblay' }],
        },
        {
          type: 'installer',
          name: 'Lone Star Camera Pros LLC',
          area: 'DC-US',
          mailDomain: 'lonestar-cam.demo.local',
          telephone: '+1 512 555 0156',
          age: 350,
          userLimit: 50,
          people: [{ name: 'Cody Harris' }],
        },
        {
          type: 'customer',
          name: 'Evergreen School District',
          area: 'DC-US',
          mailDomain: 'evergreen-sd.demo.local',
          telephone: '+1 360 555 0108',
          age: 230,
          userLimit: 20,
          people: [{ name: 'Karen Foster' }, { name: 'Paul Simmons' }],
        },
      ],
    },
    {
      type: 'partner',
      name: 'Kestrel Optics',
      area: 'DC-AP',
      partnerAreas: ['RDC', 'DC-AP'],
      mailDomain: 'kestrel.demo.local',
      telephone: '+65 6800 4120',
      age: 720,
      branding: { title: 'Kestrel Optics Cloud', domain: 'portal.kestrel-optics.local' },
      people: [
        { name: 'Tan Wei Ming' },
        { name: 'Aiko Tanaka', authType: 2, codes: PARTNER_ADMIN_CODES },
        { name: 'Li Na', locale: 'zh-CN' },
        { name: 'Rahul Mehta', status: 'deleted' },
      ],
      children: [
        {
          type: 'distributor',
          name: 'Lion City Security Pte. Ltd.',
          area: 'DC-AP',
          mailDomain: 'lioncity-sec.demo.local',
          telephone: '+65 6221 3300',
          age: 500,
          people: [{ name: 'Lim Jia Hui' }, { name: 'Nur Aisyah', status: 'auto_locked' }],
          children: [
            {
              type: 'installer',
              name: 'Merlion Smart Installations',
              area: 'DC-AP',
              mailDomain: 'merlion-smart.demo.local',
              telephone: '+65 6345 1020',
              age: 260,
              userLimit: 50,
              people: [{ name: 'Goh Kok Leong' }],
            },
            {
              type: 'customer',
              name: 'Marina Bay Offices Pte. Ltd.',
              area: 'DC-AP',
              mailDomain: 'marinabay-offices.demo.local',
              telephone: '+65 6688 7000',
              age: 140,
              userLimit: 20,
              people: [{ name: 'Siti Rahman' }],
            },
          ],
        },
        {
          type: 'distributor',
          name: 'Southern Cross Video Pty Ltd',
          area: 'DC-AP',
          mailDomain: 'southerncross-video.demo.local',
          telephone: '+61 2 9000 4410',
          age: 430,
          people: [{ name: 'Jack Thompson' }, { name: 'Olivia Harris' }],
          children: [
            {
              type: 'installer',
              name: 'Outback Security Installers',
              area: 'DC-AP',
              mailDomain: 'outback-security.demo.local',
              telephone: '+61 7 3000 2290',
              age: 45,
              status: 'inactive',
              userLimit: 50,
            },
          ],
        },
        {
          type: 'customer',
          name: 'Bangkok Mall Holdings Co., Ltd.',
          area: 'DC-AP',
          mailDomain: 'bkk-mall.demo.local',
          telephone: '+66 2 610 8000',
          age: 330,
          userLimit: 20,
          people: [{ name: 'Somchai Wongsakul' }],
        },
      ],
    },
  ],
};

/** A company type's level (SPEC §1: partner level 1, distributor level 2); installers and customers sit below. */
function levelOf(type: CompanyType, depth: number): number {
  if (type === 'supplier') return 0;
  if (type === 'partner') return 1;
  if (type === 'distributor') return 2;
  return depth;
}

function ownerCodes(type: CompanyType): readonly ResourceCode[] {
  switch (type) {
    case 'supplier':
      return SUPPLIER_CODES;
    case 'partner':
      return PARTNER_OWNER_CODES;
    case 'distributor':
      return DISTRIBUTOR_CODES;
    case 'installer':
      return INSTALLER_CODES;
    case 'customer':
      return CUSTOMER_CODES;
  }
}

/** Staff see what their owner sees, read-only. */
function staffCodes(type: CompanyType): ResourceCode[] {
  return ownerCodes(type).filter((c) => c.endsWith('_qry'));
}

function defaultEmail(name: string, domain: string): string {
  const local = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .trim()
    .split(/\s+/)
    .join('.');
  return `${local}@${domain}`;
}

function mobileFor(telephone: string, n: number): string {
  // A company's number with a different extension: believable without being a real line.
  return `${telephone.replace(/\d{2}$/, '')}${String(10 + ((n * 37) % 89)).padStart(2, '0')}`;
}

export interface DemoSeedResult {
  areaIds: Record<AreaName, number>;
  /** Company id by name. */
  companyIds: Record<string, number>;
  companies: number;
  users: number;
  devices: number;
  /** Application keys (one per demo brand) and end users (tools/seed/demo-app.ts). */
  appKeys: number;
  endUsers: number;
  /** Firmware packages (stored and synced) and release tasks in progress (tools/seed/demo-upgrade.ts). */
  packages: number;
  tasks: number;
  /** The seed's random keys (provisioning key, application secrets, verification-code key): runSeed keeps them in DATA_DIR. */
  keys: DemoKeys;
}

/**
 * Seed the demo ecosystem into an empty, migrated database. Package files go to `fileStore`, by
 * default the store the server uses with the same environment (FILE_STORE, else DATA_DIR/files).
 */
export async function seedDemo(
  database: Database,
  opts: { log?: Log; fileStore?: FileStore; keys?: DemoKeys } = {},
): Promise<DemoSeedResult> {
  const log = opts.log ?? (() => {});
  if (!(await isEmpty(database))) throw new Error('seedDemo: the database already holds companies; seed only an empty database');
  const startedAt = performance.now();
  const passwordHash = await hashDemoPassword();
  // Random for every seed: nothing a reader of the source could use against a demo installation.
  const keys = opts.keys ?? newDemoKeys();

  const result = await database.db.transaction(async (tx) => {
    const areaIds = {} as Record<AreaName, number>;
    for (const a of AREAS) {
      const [row] = await tx
        .insert(areas)
        .values({ ...a, host: '' })
        .returning({ id: areas.id });
      areaIds[a.name] = row.id;
    }
    await tx.insert(areaKindSettings).values([
      { kind: 'RDC', hiddenMenus: [] },
      { kind: 'DDC', hiddenMenus: DDC_HIDDEN_MENUS },
    ]);
    const allAreas = AREAS.map((a) => areaIds[a.name]);

    const companyIds: Record<string, number> = {};
    const userRows: (typeof users.$inferInsert)[] = [];
    let personNo = 0;

    const insertCompany = async (c: CompanySeed, parent: { id: number; path: string; depth: number } | null, partnerAreas: AreaName[]) => {
      const depth = parent ? parent.depth + 1 : 0;
      const owner = c.people?.[0];
      const createdAt = new Date(Date.now() - c.age * 86_400_000);
      const [row] = await tx
        .insert(companies)
        .values({
          parentId: parent?.id ?? null,
          path: '',
          depth,
          type: c.type,
          level: levelOf(c.type, depth),
          name: c.name,
          contact: owner?.name ?? '',
          telephone: c.telephone,
          email: owner ? (owner.email ?? defaultEmail(owner.name, c.mailDomain)) : `info@${c.mailDomain}`,
          areaId: areaIds[c.area],
          status: c.status ?? 'active',
          userLimit: c.userLimit ?? 100,
          allowSuperiorAccess: c.allowSuperiorAccess ?? false,
          createdAt,
        })
        .returning({ id: companies.id });
      const path = `${parent?.path ?? '/'}${row.id}/`;
      await tx.update(companies).set({ path }).where(eq(companies.id, row.id));
      companyIds[c.name] = row.id;

      if (c.branding) {
        // No unified domain in the demo: logout stays on the host the portal is opened on.
        await tx.insert(companyBranding).values({ companyId: row.id, title: c.branding.title, unifiedDomain: null });
        await tx.insert(companyDomains).values({ companyId: row.id, domain: c.branding.domain });
      }

      const myPartnerAreas = c.partnerAreas ?? partnerAreas;
      const userAreas =
        c.type === 'supplier'
          ? allAreas
          : c.type === 'partner'
            ? myPartnerAreas.map((a) => areaIds[a])
            : c.type === 'distributor'
              ? [areaIds.RDC, areaIds[c.area]]
              : [areaIds[c.area]];

      (c.people ?? []).forEach((p, i) => {
        personNo++;
        const authType = p.authType ?? (i === 0 ? 1 : 3);
        userRows.push({
          companyId: row.id,
          email: p.email ?? defaultEmail(p.name, c.mailDomain),
          nickname: p.name,
          phone: mobileFor(c.telephone, personNo),
          passwordHash,
          userType: c.type,
          userAuthType: authType,
          status: p.status ?? 'normal',
          authResList: [...(p.codes ?? (authType === 3 ? staffCodes(c.type) : ownerCodes(c.type)))],
          areaIds: userAreas,
          locale: p.locale ?? 'en-US',
          createdAt: new Date(createdAt.getTime() + (i + 1) * 3 * 86_400_000),
        });
      });

      for (const child of c.children ?? []) await insertCompany(child, { id: row.id, path, depth }, myPartnerAreas);
    };
    await insertCompany(TREE, null, []);

    await tx.insert(users).values(userRows);
    const deviceCount = await seedDemoDevices(tx, areaIds, companyIds, keys.provisioningKey);
    const app = await seedDemoApp(tx, companyIds, passwordHash, demoSealKeys(), keys);
    return {
      areaIds,
      companyIds,
      companies: Object.keys(companyIds).length,
      users: userRows.length,
      devices: deviceCount,
      appKeys: app.appKeys,
      endUsers: app.endUsers,
    };
  });

  // Validate what we wrote against the contract: a typo in a code list must fail the seed, not a login.
  const bad = await rows<{ code: string }>(
    database.db,
    sql`select distinct unnest(auth_res_list) as code from users except select unnest(${sql.param([...RESOURCE_CODES])}::text[])`,
  );
  if (bad.length) throw new Error(`seedDemo: unknown resource codes ${bad.map((r) => r.code).join(', ')}`);

  const fileStore = opts.fileStore ?? createFileStore({ FILE_STORE_DIR: path.join(dataDir(), 'files'), ...process.env });
  const upgrade = await seedDemoUpgrade(database, { fileStore });
  const content = await seedDemoContent(database);

  const storage = await seedDemoStorage(database, { fileStore });
  const orders = await seedDemoOrders(database);

  const messageCount = await seedDemoMessages(database);

  const conversationCount = await seedDemoFeedback(database, { fileStore });

  const insight = await seedDemoInsight(database);
  // App use through the server's own call router (the end-user log's rows), on a stepped clock.
  const appCalls = await seedDemoEndUserLog(database, { fileStore, appKeys: keys.appKeys });
  // Device logs Acme's devices sent (and the rollup of them and of the app calls above).
  const deviceLogs = await seedDemoDeviceLogs(database, { fileStore });

  log(
    `demo: ${AREAS.length} areas, ${result.companies} companies, ${result.users} users, ${result.devices} devices, ${result.appKeys} application keys, ${result.endUsers} end users, ${upgrade.packages} firmware packages, ${upgrade.tasks} release tasks, ${storage.plans} storage plans, ${storage.goods} goods, ${orders} storage orders, ${content.items} content items, ${messageCount} messages, ${conversationCount} conversations, ${insight.events} device events, ${appCalls} logged app calls, ${deviceLogs} device logs in ${((performance.now() - startedAt) / 1000).toFixed(2)} s`,
  );
  return { ...result, ...upgrade, keys };
}

/**
 * Print the demo accounts as a table (and any extra accounts, e.g. the benchmark owner), then the
 * demo's keys as the seed kept them (`keysFile`, default DATA_DIR/secrets/demo-keys.json).
 */
export function printDemoAccounts(log: Log = console.log, extra: readonly DemoAccount[] = [], keysFile: string = demoKeysFile()): void {
  const rowsToPrint = [...DEMO_ACCOUNTS, ...extra].map((a) => [a.role, a.email, a.password, a.company]);
  const header = ['role', 'e-mail', 'password', 'company'];
  const widths = header.map((h, i) => Math.max(h.length, ...rowsToPrint.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  const rule = `+${widths.map((w) => '-'.repeat(w + 2)).join('+')}+`;
  log('Demo accounts:');
  log(rule);
  log(line(header));
  log(rule);
  for (const r of rowsToPrint) log(line(r));
  log(rule);
  log('');
  const keys = readDemoKeys(keysFile);
  if (!keys) {
    log(`No demo keys in ${keysFile} (the database was seeded without them): Acme's provisioning key is on`);
    log('its Devices screen; application secrets are made new by a rotation under Applications.');
    return;
  }
  log(`Demo keys, made at random by this seed and kept in ${keysFile} (only this user can read it):`);
  log(`Device provisioning key of Acme Vision: ${keys.provisioningKey}`);
  log('  (devices register with it; try: npm run simulate -- --devices 100 --failure-rate 0.05, which reads it from there)');
  log('Demo application keys (npm run app-sim uses the first by default, read from there):');
  for (const k of keys.appKeys) log(`  ${k.company}: appId ${k.appId}, secret ${k.secret}`);
  log('  (end users register through it; try: npm run app-sim -- --users 20)');
}
