import { RESOURCE_CODES, type ResourceCode } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import {
  areaKindSettings,
  areas,
  companies,
  devices,
  files,
  firmwarePackages,
  messageReceipts,
  messages,
  releaseTasks,
  users,
} from '../../src/db/schema';
import { hashPassword } from '../../src/lib/secrets';

export const PASSWORD = 'Test@12345';
let passwordHash: Promise<string> | null = null;
const pw = () => (passwordHash ??= hashPassword(PASSWORD));

export async function createCompany(
  database: Database,
  opts: { parentId: number | null; type: string; level?: number; name: string; areaId?: number | null; status?: string },
) {
  const db = database.db;
  let parentPath = '/';
  let depth = 0;
  if (opts.parentId) {
    const [p] = await db.select().from(companies).where(eq(companies.id, opts.parentId));
    parentPath = p.path;
    depth = p.depth + 1;
  }
  const [c] = await db
    .insert(companies)
    .values({
      parentId: opts.parentId,
      path: 'pending',
      depth,
      type: opts.type,
      level: opts.level ?? 0,
      name: opts.name,
      areaId: opts.areaId ?? null,
      status: opts.status ?? 'active',
    })
    .returning();
  const path = `${parentPath}${c.id}/`;
  await db.update(companies).set({ path }).where(eq(companies.id, c.id));
  return { ...c, path };
}

export async function createUser(
  database: Database,
  opts: {
    companyId: number;
    email: string;
    userType: string;
    codes?: readonly ResourceCode[];
    userAuthType?: number;
    areaIds?: number[];
    status?: string;
    nickname?: string;
  },
) {
  const [u] = await database.db
    .insert(users)
    .values({
      companyId: opts.companyId,
      email: opts.email,
      nickname: opts.nickname ?? opts.email.split('@')[0],
      passwordHash: await pw(),
      userType: opts.userType,
      userAuthType: opts.userAuthType ?? 1,
      authResList: [...(opts.codes ?? [])],
      areaIds: opts.areaIds ?? [],
      status: opts.status ?? 'normal',
    })
    .returning();
  return u;
}

/**
 * A small world for API tests: areas, a supplier, partner A (the caller's tenant, with a distributor
 * below it) and partner B (another tenant), with users holding all codes, no codes, and a file each.
 */
export async function createWorld(database: Database) {
  const db = database.db;
  const [rdc] = await db
    .insert(areas)
    .values({ name: 'RDC', displayName: 'Global (RDC)', displayNameZhCn: '全球 (RDC)', kind: 'RDC', resVals: [], ip: '10.0.0.1' })
    .returning();
  const [eu] = await db
    .insert(areas)
    .values({
      name: 'DC-EU',
      displayName: 'Europe',
      displayNameZhCn: '欧洲',
      kind: 'DDC',
      resVals: ['DE', 'FR'],
      ip: '10.0.1.1',
      host: 'eu.portal.test',
    })
    .returning();
  const [us] = await db
    .insert(areas)
    .values({ name: 'DC-US', displayName: 'Americas', displayNameZhCn: '美洲', kind: 'DDC', resVals: ['US'], ip: '10.0.2.1' })
    .returning();
  await db.insert(areaKindSettings).values([
    { kind: 'RDC', hiddenMenus: [] },
    { kind: 'DDC', hiddenMenus: ['pointMall'] },
  ]);

  const supplier = await createCompany(database, { parentId: null, type: 'supplier', name: 'Supplier Co', areaId: rdc.id });
  const partnerA = await createCompany(database, { parentId: supplier.id, type: 'partner', level: 1, name: 'Partner A', areaId: eu.id });
  const dealerA = await createCompany(database, { parentId: partnerA.id, type: 'distributor', level: 2, name: 'Dealer A1', areaId: eu.id });
  const installerA = await createCompany(database, { parentId: dealerA.id, type: 'installer', name: 'Installer A1a', areaId: eu.id });
  const partnerB = await createCompany(database, { parentId: supplier.id, type: 'partner', level: 1, name: 'Partner B', areaId: us.id });
  const dealerB = await createCompany(database, { parentId: partnerB.id, type: 'distributor', level: 2, name: 'Dealer B1', areaId: us.id });

  const allDealerCodes = RESOURCE_CODES.filter((c) => !c.startsWith('supplier_'));
  const supplierUser = await createUser(database, {
    companyId: supplier.id,
    email: 'supplier@test.local',
    userType: 'supplier',
    codes: RESOURCE_CODES,
    areaIds: [rdc.id, eu.id, us.id],
  });
  const ownerA = await createUser(database, {
    companyId: partnerA.id,
    email: 'owner-a@test.local',
    userType: 'partner',
    codes: allDealerCodes,
    areaIds: [rdc.id, eu.id],
  });
  const noCodesA = await createUser(database, {
    companyId: partnerA.id,
    email: 'nocodes-a@test.local',
    userType: 'partner',
    codes: [],
    userAuthType: 3,
    areaIds: [eu.id],
  });
  const dealerUserA = await createUser(database, {
    companyId: dealerA.id,
    email: 'dealer-a@test.local',
    userType: 'distributor',
    codes: ['dealer_account_qry', 'dealer_storage_qry'],
    areaIds: [eu.id],
  });
  const ownerB = await createUser(database, {
    companyId: partnerB.id,
    email: 'owner-b@test.local',
    userType: 'partner',
    codes: allDealerCodes,
    areaIds: [us.id],
  });
  const [fileB] = await db
    .insert(files)
    .values({ companyId: partnerB.id, path: `test/${partnerB.id}/b.png`, name: 'b.png', mime: 'image/png', size: 3, sha256: 'x' })
    .returning();
  // Partner B's cloud-upgrade objects: a device, a synced package and an unreleased task on it.
  const [deviceB] = await db
    .insert(devices)
    .values({
      companyId: partnerB.id,
      companyPath: partnerB.path,
      sn: 'WORLDB000001',
      mac: 'B0B0B0000001',
      model: 'IPC-200',
      productType: 'IPC',
      firmwareVersion: 'V1.0.0',
      country: 'US',
      areaId: us.id,
    })
    .returning();
  const [packageB] = await db
    .insert(firmwarePackages)
    .values({
      companyId: partnerB.id,
      companyPath: partnerB.path,
      versionName: 'B-V2.0.0',
      productType: 'IPC',
      models: ['IPC-200'],
      compatibleVersions: ['V1.0.0'],
      validityDays: 30,
      descriptions: { 'en-US': 'B firmware' },
      fileName: 'b.bin',
      size: 3,
      md5: '0'.repeat(32),
      objectKey: `firmware/${partnerB.id}/b.bin`,
      status: 'synced',
    })
    .returning();
  const [taskB] = await db
    .insert(releaseTasks)
    .values({
      pkgId: packageB!.id,
      companyId: partnerB.id,
      companyPath: partnerB.path,
      releaseType: 'full',
      areaIds: [us.id],
      target: {},
      startAt: new Date(Date.UTC(2030, 0, 1)),
      endAt: new Date(Date.UTC(2030, 1, 1)),
      gates: {},
      createdByName: 'owner-b',
    })
    .returning();

  // Partner B's message, released to its dealer's users (a receipt for owner B's colleague: owner B itself).
  const [messageB] = await db
    .insert(messages)
    .values({
      companyId: partnerB.id,
      companyPath: partnerB.path,
      createdByName: 'owner-b',
      type: 'notice',
      contents: { 'en-US': { title: 'B notice', body: '<p>B</p>' } },
      languages: ['en-US'],
      preferredLanguage: 'en-US',
      audience: { kind: 'company', companyIds: [partnerB.id] },
      state: 'released',
      releasedAt: new Date(Date.UTC(2026, 0, 1)),
      fanoutDone: true,
      recipients: 1,
    })
    .returning();
  await db.insert(messageReceipts).values({ messageId: messageB!.id, recipientKind: 'user', recipientId: ownerB.id, language: 'en-US' });

  return {
    areas: { rdc, eu, us },
    companies: { supplier, partnerA, dealerA, installerA, partnerB, dealerB },
    users: { supplierUser, ownerA, noCodesA, dealerUserA, ownerB },
    files: { fileB },
    upgradeB: { device: deviceB!, package: packageB!, task: taskB! },
    messageB: messageB!,
    tenant: {
      ownCompanyId: partnerA.id,
      otherCompanyId: partnerB.id,
      otherUserId: ownerB.id,
      otherFileId: fileB.id,
      otherDeviceId: deviceB!.id,
      otherPackageId: packageB!.id,
      otherTaskId: taskB!.id,
      otherMessageId: messageB!.id,
    },
  };
}

export type World = Awaited<ReturnType<typeof createWorld>>;
