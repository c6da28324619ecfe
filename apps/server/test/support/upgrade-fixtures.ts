/**
 * Fixtures of the cloud-upgrade tests: devices in bulk (set-based), a synced package with its file in
 * the store, and device keys. They write rows directly, as a seed would; the calls under test then
 * work on them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { areas, devices, firmwarePackages, firmwarePackageSyncs } from '../../src/db/schema';
import type { FileStore } from '../../src/lib/files';

export interface DeviceBatch {
  companyId: number;
  companyPath: string;
  count: number;
  areaId: number | null;
  /**
   * When the devices were registered, on the test's clock (`t.clock.now()`): their created_at and
   * updated_at. The release engine finds late joiners by updated_at against that clock, so a
   * database default (the wall clock) would make every device look changed on every tick.
   */
  at: number;
  model?: string;
  productType?: 'IPC' | 'NVR';
  firmwareVersion?: string;
  /** One country, or a list the devices take in turn. */
  country?: string | string[];
  /** SNs are `${snPrefix}${n}` (n from 1, zero-padded to 6); default 'SN' + company id + '-'. */
  snPrefix?: string;
  /** First 6 hex digits of the MACs; the last 6 count up from macStart (default 1). */
  macOui?: string;
  macStart?: number;
}

/** Inserts `count` devices in one statement; returns their ids in SN order. */
export async function seedDevices(database: Database, b: DeviceBatch): Promise<number[]> {
  const countries = Array.isArray(b.country) ? b.country : [b.country ?? 'DE'];
  const { rows } = await database.query<{ id: string | number }>(
    `insert into devices (company_id, company_path, sn, mac, model, product_type, firmware_version, hardware_version, country, area_id, created_at, updated_at)
     select $1, $2, $3 || lpad(n::text, 6, '0'), $4 || lpad(upper(to_hex($5::int + n - 1)), 6, '0'), $6, $7, $8, 'HW1',
            ($9::text[])[1 + (n - 1) % cardinality($9::text[])], $10, $12::timestamptz, $12::timestamptz
       from generate_series(1, $11::int) n
     returning id`,
    [
      b.companyId,
      b.companyPath,
      b.snPrefix ?? `SN${b.companyId}-`,
      (b.macOui ?? 'A0B1C2').toUpperCase(),
      b.macStart ?? 1,
      b.model ?? 'IPC-200',
      b.productType ?? 'IPC',
      b.firmwareVersion ?? 'V1.0.0',
      countries,
      b.areaId,
      b.count,
      new Date(b.at).toISOString(),
    ],
  );
  return rows.map((r) => Number(r.id));
}

/** Gives a device its key (as registration would) and returns the key. */
export async function giveDeviceKey(database: Database, deviceId: number): Promise<{ sn: string; key: string }> {
  const key = randomBytes(24).toString('base64url');
  const [d] = await database.db
    .update(devices)
    .set({ keyHash: createHash('sha256').update(key).digest('hex'), registeredAt: new Date() })
    .where(eq(devices.id, deviceId))
    .returning({ sn: devices.sn });
  return { sn: d!.sn, key };
}

export interface PackageFixture {
  companyId: number;
  companyPath: string;
  versionName?: string;
  productType?: 'IPC' | 'NVR';
  models?: string[];
  compatibleVersions?: string[];
  isTest?: boolean;
  validityDays?: number;
  status?: string;
  /** The firmware bytes (default 64 KiB of a fixed pattern). */
  content?: Buffer;
  syncedAt?: Date;
}

/** A package already uploaded, verified and synced to every DC (or in `status`), with its file stored. */
export async function createSyncedPackage(database: Database, store: FileStore, p: PackageFixture) {
  const content = p.content ?? Buffer.alloc(64 * 1024, 0x5a);
  const md5 = createHash('md5').update(content).digest('hex');
  const sha256 = createHash('sha256').update(content).digest('hex');
  const versionName = p.versionName ?? 'V2.0.0';
  const objectKey = `firmware/${p.companyId}/${randomBytes(8).toString('hex')}.bin`;
  await store.put(objectKey, content, { contentType: 'application/octet-stream' });
  const syncedAt = p.syncedAt ?? new Date();
  const validityDays = p.validityDays ?? 90;
  const [pkg] = await database.db
    .insert(firmwarePackages)
    .values({
      companyId: p.companyId,
      companyPath: p.companyPath,
      versionName,
      productType: p.productType ?? 'IPC',
      models: p.models ?? ['IPC-200'],
      compatibleVersions: p.compatibleVersions ?? ['V1.0.0'],
      validityDays,
      validUntil: new Date(syncedAt.getTime() + validityDays * 86_400_000),
      isTest: p.isTest ?? false,
      descriptions: { 'en-US': `Firmware ${versionName}`, 'zh-CN': `固件 ${versionName}` },
      fileName: `${versionName}.bin`,
      size: content.length,
      md5,
      computedMd5: md5,
      sha256,
      objectKey,
      status: p.status ?? 'synced',
    })
    .returning();
  const dcs = await database.db.select().from(areas).where(eq(areas.kind, 'DDC'));
  if (dcs.length > 0) {
    await database.db
      .insert(firmwarePackageSyncs)
      .values(dcs.map((a) => ({ pkgId: pkg!.id, areaId: a.id, state: 'synced', objectKey, at: syncedAt })));
  }
  return { ...pkg!, content };
}
