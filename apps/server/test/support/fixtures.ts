import { RESOURCE_CODES, type ResourceCode } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import {
  appKeys,
  areaKindSettings,
  feedbackCannedReplies,
  feedbackConversations,
  feedbackMessages,
  areas,
  companies,
  contentDocuments,
  contentFolders,
  contentItems,
  contentParams,
  contentRevisions,
  contentSchedules,
  contentSites,
  contentTranslations,
  contentUploadSessions,
  devices,
  endUsers,
  files,
  firmwarePackages,
  messageReceipts,
  messages,
  releaseTasks,
  storageGoods,
  storagePlans,
  users,
  deviceLogs,
} from '../../src/db/schema';
import { type SealKeyring, sealKeyring, sealSecret } from '../../src/lib/secrets';
import { hashPassword, sha256Hex } from '../../src/lib/secrets';

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
/** The world's application keys (appId, secret) and device verification codes (app-api). */
export const APP_A = { appId: 'appworlda0000000000000', secret: 'world-app-a-secret-0123456789abcdefghij' };
export const APP_B = { appId: 'appworldb0000000000000', secret: 'world-app-b-secret-0123456789abcdefghij' };
export const DEVICE_A_CODE = 'AAAA2222';
export const DEVICE_B_CODE = 'BBBB3333';

export async function createWorld(database: Database, opts: { sealKeys?: SealKeyring } = {}) {
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
      verifyCodeHash: sha256Hex(DEVICE_B_CODE),
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

  // Partner B's content site: a product with one draft revision, a pending schedule and a parameter.
  const [siteB] = await db
    .insert(contentSites)
    .values({ companyId: partnerB.id, companyPath: partnerB.path, slug: 'partner-b', name: 'Partner B' })
    .returning();
  const [itemB] = await db
    .insert(contentItems)
    .values({ siteId: siteB!.id, companyPath: partnerB.path, type: 'product', model: 'B-CAM-1', shared: { model: 'B-CAM-1' } })
    .returning();
  const [revB] = await db
    .insert(contentRevisions)
    .values({
      itemId: itemB!.id,
      locale: 'en-US',
      n: 1,
      authorName: 'owner-b',
      data: {
        shared: { model: 'B-CAM-1' },
        translation: { title: 'B camera', slug: 'b-camera', summary: '', body: '', seoTitle: '', seoDescription: '', noindex: false },
      },
    })
    .returning();
  await db.insert(contentTranslations).values({
    itemId: itemB!.id,
    locale: 'en-US',
    siteId: siteB!.id,
    type: 'product',
    title: 'B camera',
    slug: 'b-camera',
    latestRevisionId: revB!.id,
  });
  const [scheduleB] = await db
    .insert(contentSchedules)
    .values({
      itemId: itemB!.id,
      siteId: siteB!.id,
      companyPath: partnerB.path,
      locale: 'en-US',
      action: 'release',
      runAt: new Date(Date.UTC(2030, 0, 1)),
      revisionId: revB!.id,
    })
    .returning();
  const [paramB] = await db
    .insert(contentParams)
    .values({
      siteId: siteB!.id,
      companyPath: partnerB.path,
      key: 'resolution',
      names: { 'en-US': 'Resolution', 'zh-CN': '分辨率' },
      type: 'text',
    })
    .returning();
  // Partner B's file manual: a folder with one public document.
  const [folderB] = await db
    .insert(contentFolders)
    .values({ siteId: siteB!.id, companyPath: partnerB.path, name: 'Manuals B' })
    .returning();
  const [documentB] = await db
    .insert(contentDocuments)
    .values({ siteId: siteB!.id, companyPath: partnerB.path, folderId: folderB!.id, title: 'B guide' })
    .returning();
  // Partner B's resumable upload of a manual, nothing received yet.
  const [uploadSessionB] = await db
    .insert(contentUploadSessions)
    .values({
      companyId: partnerB.id,
      companyPath: partnerB.path,
      userId: ownerB.id,
      use: 'manual',
      name: 'b-guide.pdf',
      size: 30 * 1024 * 1024,
      sha256: '0'.repeat(64),
      chunkBytes: 5 * 1024 * 1024,
      expiresAt: new Date(Date.UTC(2100, 0, 1)),
    })
    .returning();
  // Partner B's cloud storage goods, listed, on a plan of the supplier.
  const [planB] = await db
    .insert(storagePlans)
    .values({ name: 'World plan', storageValue: 7, storageUnit: 'day', serviceDays: 30, costPrice: 100, guidePrice: 200 })
    .returning();
  const [goodsB] = await db
    .insert(storageGoods)
    .values({
      companyId: partnerB.id,
      companyPath: partnerB.path,
      goodsCode: 'B-GOODS-1',
      name: 'B goods',
      planId: planB!.id,
      costPrice: 100,
      guidePrice: 200,
      androidPrice: 300,
      iosPrice: 300,
      stock: 5,
      areaId: us.id,
      coverFileId: fileB.id,
      contents: { 'en-US': { graphic: 'B', terms: 'B', detailImages: [] } },
      status: 'listed',
    })
    .returning();
  // The app-api's objects: an application key per partner, an end user of each, partner A's device.
  const sealKeys = opts.sealKeys ?? sealKeyring('world-seal-secret');
  const appKey = async (c: typeof partnerA, k: typeof APP_A, name: string) =>
    (
      await db
        .insert(appKeys)
        .values({
          companyId: c.id,
          companyPath: c.path,
          appId: k.appId,
          name,
          secretEnc: sealSecret(sealKeys, k.secret),
          secretLast4: k.secret.slice(-4),
        })
        .returning()
    )[0]!;
  const appKeyA = await appKey(partnerA, APP_A, 'App A');
  const appKeyB = await appKey(partnerB, APP_B, 'App B');
  const endUser = async (c: typeof partnerA, k: typeof appKeyA, email: string, areaId: number) =>
    (
      await db
        .insert(endUsers)
        .values({
          companyId: c.id,
          companyPath: c.path,
          appKeyId: k.id,
          email,
          nickname: email.split('@')[0]!,
          passwordHash: await pw(),
          areaId,
        })
        .returning()
    )[0]!;
  const endUserA = await endUser(partnerA, appKeyA, 'enduser-a@test.local', eu.id);
  const endUserB = await endUser(partnerB, appKeyB, 'enduser-b@test.local', us.id);
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
  // Partner B's desk: a conversation its end user opened, and a canned reply.
  const [conversationB] = await db
    .insert(feedbackConversations)
    .values({
      deskCompanyId: partnerB.id,
      deskCompanyPath: partnerB.path,
      requesterKind: 'end_user',
      requesterId: endUserB.id,
      requesterName: 'enduser-b',
      requesterEmail: 'enduser-b@test.local',
      topic: 'B question',
      lastSeq: 1,
      requesterReadSeq: 1,
      lastMessageText: 'Hello B',
    })
    .returning();
  await db.insert(feedbackMessages).values({
    conversationId: conversationB!.id,
    seq: 1,
    side: 'requester',
    senderKind: 'end_user',
    senderId: endUserB.id,
    senderName: 'enduser-b',
    text: 'Hello B',
    clientId: 'b-1',
  });
  const [cannedB] = await db
    .insert(feedbackCannedReplies)
    .values({ companyId: partnerB.id, language: 'en-US', title: 'B hello', text: 'Hello from B' })
    .returning();

  // Partner B's device's uploaded log (insight device logs), its file being partner B's file.
  const [deviceLogB] = await db
    .insert(deviceLogs)
    .values({ deviceId: deviceB!.id, state: 'uploaded', fileId: fileB.id, size: 20, uploadedAt: new Date(Date.UTC(2026, 0, 1)) })
    .returning();

  return {
    areas: { rdc, eu, us },
    app: { keyA: appKeyA, keyB: appKeyB, endUserA, endUserB },
    companies: { supplier, partnerA, dealerA, installerA, partnerB, dealerB },
    users: { supplierUser, ownerA, noCodesA, dealerUserA, ownerB },
    files: { fileB },
    upgradeB: { device: deviceB!, package: packageB!, task: taskB! },
    storageB: { plan: planB!, goods: goodsB! },
    messageB: messageB!,
    conversationB: conversationB!,
    tenant: {
      ownCompanyId: partnerA.id,
      otherCompanyId: partnerB.id,
      otherUserId: ownerB.id,
      otherFileId: fileB.id,
      otherDeviceId: deviceB!.id,
      otherPackageId: packageB!.id,
      otherTaskId: taskB!.id,
      otherContentSiteId: siteB!.id,
      otherContentItemId: itemB!.id,
      otherContentRevisionId: revB!.id,
      otherContentScheduleId: scheduleB!.id,
      otherContentParamId: paramB!.id,
      otherContentFolderId: folderB!.id,
      otherContentDocumentId: documentB!.id,
      otherContentUploadSessionId: uploadSessionB!.id,
      otherGoodsId: goodsB!.id,
      otherDeviceSn: deviceB!.sn,
      otherDeviceVerifyCode: DEVICE_B_CODE,
      otherAppKeyId: appKeyB.id,
      otherEndUserId: endUserB.id,
      otherMessageId: messageB!.id,
      otherConversationId: conversationB!.id,
      otherCannedReplyId: cannedB!.id,
      otherDeviceLogId: deviceLogB!.id,
    },
  };
}

export type World = Awaited<ReturnType<typeof createWorld>>;

/** Partner A's device with verification code DEVICE_A_CODE (app-api tests; not in every world: device lists count theirs). */
export async function insertDeviceA(database: Database, world: World) {
  const db = database.db;
  const partnerA = world.companies.partnerA;
  const eu = world.areas.eu;
  const [deviceA] = await db
    .insert(devices)
    .values({
      companyId: partnerA.id,
      companyPath: partnerA.path,
      sn: 'WORLDA000001',
      mac: 'A0A0A0000001',
      model: 'IPC-200',
      productType: 'IPC',
      firmwareVersion: 'V1.0.0',
      country: 'DE',
      areaId: eu.id,
      verifyCodeHash: sha256Hex(DEVICE_A_CODE),
    })
    .returning();
  return deviceA!;
}
