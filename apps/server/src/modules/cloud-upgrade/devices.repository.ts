/**
 * Device rows for the device screens, the package screens' version pickers and the import: every
 * query scoped to the caller's subtree and current area (`deviceScope`), or to the caller's own
 * company, except the import's platform-wide SN/MAC check (`unsafe...`).
 */
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { areas, companies, deviceProvisioningKeys, devices, files } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { escapeLike, paginate, scopedBelowCompany, scopedToArea, scopedToSubtree, type Page, type PageRequest } from '../../lib/tenancy';

type AnyDb = Db | Tx;

/** The tenant scope of every device query: the caller's subtree and current area. */
export function deviceScope(actor: Actor): SQL {
  return and(scopedToSubtree(devices.companyPath, actor), scopedToArea(devices.areaId, actor))!;
}

/** Prefix search over SN, MAC (any notation) and model. */
function searchCondition(text: string): SQL | undefined {
  const t = text.trim();
  if (!t) return undefined;
  const sn = `${escapeLike(t.toUpperCase())}%`;
  const macHex = t.replace(/[:\-\s]/g, '').toUpperCase();
  const conditions: SQL[] = [sql`${devices.sn} like ${sn}`, sql`upper(${devices.model}) like ${sn}`];
  if (/^[0-9A-F]{1,12}$/.test(macHex)) conditions.push(sql`${devices.mac} like ${`${macHex}%`}`);
  return sql`(${sql.join(conditions, sql` or `)})`;
}

export interface DeviceListFilter {
  searchText?: string;
  productType?: string;
  model?: string;
  firmwareVersion?: string;
  country?: string;
  areaId?: number;
  online?: boolean;
}

/** A page of the caller's devices, newest first; online means seen since `onlineSince`. */
export async function listDevicesInScope(db: AnyDb, actor: Actor, q: DeviceListFilter, onlineSince: Date, page: PageRequest) {
  const where = and(
    deviceScope(actor),
    q.searchText ? searchCondition(q.searchText) : undefined,
    q.productType ? eq(devices.productType, q.productType) : undefined,
    q.model ? eq(devices.model, q.model) : undefined,
    q.firmwareVersion ? eq(devices.firmwareVersion, q.firmwareVersion) : undefined,
    q.country ? eq(devices.country, q.country) : undefined,
    q.areaId !== undefined ? eq(devices.areaId, q.areaId) : undefined,
    q.online === true ? sql`${devices.lastSeenAt} >= ${onlineSince}` : undefined,
    q.online === false ? sql`(${devices.lastSeenAt} is null or ${devices.lastSeenAt} < ${onlineSince})` : undefined,
  );
  return paginate(
    page,
    ({ limit, offset }) =>
      db
        .select({
          id: devices.id,
          sn: devices.sn,
          mac: devices.mac,
          model: devices.model,
          productType: devices.productType,
          firmwareVersion: devices.firmwareVersion,
          hardwareVersion: devices.hardwareVersion,
          country: devices.country,
          areaId: devices.areaId,
          companyId: devices.companyId,
          companyName: companies.name,
          customerId: devices.customerId,
          customerName: sql<string>`coalesce((select cu.name from companies cu where cu.id = ${devices.customerId}), '')`,
          // The bound end user's e-mail (the registry's binding, app-api), '' when unbound.
          endUser: sql<string>`coalesce((select eu.email from end_users eu where eu.id = ${devices.endUserId}), '')`,
          lastSeenAt: devices.lastSeenAt,
          createdAt: devices.createdAt,
        })
        .from(devices)
        .leftJoin(companies, eq(companies.id, devices.companyId))
        .where(where)
        .orderBy(desc(devices.id))
        .limit(limit)
        .offset(offset),
    async () => Number((await db.select({ total: count() }).from(devices).where(where))[0]?.total ?? 0),
  );
}
export type DeviceListPage = Awaited<ReturnType<typeof listDevicesInScope>>;
export type DeviceListRow = DeviceListPage extends Page<infer T> ? T : never;

/** Most values each facet lists (a brand has a handful of models and versions, not thousands). */
const FACET_LIMIT = 200;

/** The models, versions and countries of the caller's devices, most devices first. */
export async function deviceFacetsInScope(db: AnyDb, actor: Actor, d: { productType?: 'IPC' | 'NVR' }) {
  const where = and(deviceScope(actor), d.productType ? eq(devices.productType, d.productType) : undefined);
  const n = sql<number>`count(*)::int`;
  const [models, versions, countries] = await Promise.all([
    db
      .select({ model: devices.model, productType: devices.productType, devices: n })
      .from(devices)
      .where(where)
      .groupBy(devices.model, devices.productType)
      .orderBy(desc(n), devices.model)
      .limit(FACET_LIMIT),
    db
      .select({ version: devices.firmwareVersion, devices: n })
      .from(devices)
      .where(where)
      .groupBy(devices.firmwareVersion)
      .orderBy(desc(n), devices.firmwareVersion)
      .limit(FACET_LIMIT),
    db
      .select({ code: devices.country, devices: n })
      .from(devices)
      .where(and(where, sql`${devices.country} <> ''`))
      .groupBy(devices.country)
      .orderBy(desc(n), devices.country)
      .limit(FACET_LIMIT),
  ]);
  return { models, versions, countries };
}

/** Firmware versions of the caller's devices of a product type (and models), most devices first. */
export async function compatibleVersionsInScope(db: AnyDb, actor: Actor, d: { productType: string; models: string[] }) {
  const n = count();
  return db
    .select({ version: devices.firmwareVersion, devices: n })
    .from(devices)
    .where(
      and(
        deviceScope(actor),
        eq(devices.productType, d.productType),
        d.models.length ? inArray(devices.model, d.models) : undefined,
        ne(devices.firmwareVersion, ''),
      ),
    )
    .groupBy(devices.firmwareVersion)
    .orderBy(desc(n), asc(devices.firmwareVersion));
}

/** The caller's devices counted by model, product type and version. */
export async function mainVersionsInScope(db: AnyDb, actor: Actor, d: { productType?: string }) {
  return db
    .select({ model: devices.model, productType: devices.productType, version: devices.firmwareVersion, devices: count() })
    .from(devices)
    .where(and(deviceScope(actor), d.productType ? eq(devices.productType, d.productType) : undefined))
    .groupBy(devices.model, devices.productType, devices.firmwareVersion)
    .orderBy(asc(devices.model), asc(devices.productType), asc(devices.firmwareVersion));
}

/** Countries of the caller's devices (in the given areas), most devices first. */
export async function countryCodesInScope(db: AnyDb, actor: Actor, d: { areaIds: number[] }) {
  const n = count();
  return db
    .select({ code: devices.country, devices: n })
    .from(devices)
    .where(and(deviceScope(actor), d.areaIds.length ? inArray(devices.areaId, d.areaIds) : undefined, ne(devices.country, '')))
    .groupBy(devices.country)
    .orderBy(desc(n), asc(devices.country));
}

/** Forgets the key of one of the caller's devices; null when it is not the caller's. */
export async function clearDeviceKeyInScope(db: AnyDb, actor: Actor, deviceId: number, now: Date) {
  const [row] = await db
    .update(devices)
    .set({ keyHash: null, updatedAt: now })
    .where(and(eq(devices.id, deviceId), deviceScope(actor)))
    .returning({ id: devices.id, sn: devices.sn });
  return row ?? null;
}

// ---- the brand's provisioning key (the caller's own company) ----------------------------------

export async function findProvisioningKey(db: AnyDb, companyId: number) {
  const [found] = await db.select().from(deviceProvisioningKeys).where(eq(deviceProvisioningKeys.companyId, companyId));
  return found ?? null;
}

/** Stores a first key; a key stored meanwhile wins. */
export async function insertProvisioningKey(db: AnyDb, k: { companyId: number; key: string; keyHash: string; createdAt: Date }) {
  await db.insert(deviceProvisioningKeys).values(k).onConflictDoNothing({ target: deviceProvisioningKeys.companyId });
}

export async function replaceProvisioningKey(db: AnyDb, k: { companyId: number; key: string; keyHash: string; createdAt: Date }) {
  await db
    .insert(deviceProvisioningKeys)
    .values(k)
    .onConflictDoUpdate({ target: deviceProvisioningKeys.companyId, set: { key: k.key, keyHash: k.keyHash, createdAt: k.createdAt } });
}

// ---- import ------------------------------------------------------------------------------------

/** Every area (a platform-wide list, not tenant data). */
export async function allAreas(db: AnyDb) {
  return db
    .select({ id: areas.id, name: areas.name, displayName: areas.displayName, displayNameZhCn: areas.displayNameZhCn, kind: areas.kind })
    .from(areas);
}

/** The caller's own company's area. */
export async function ownCompanyAreaId(db: AnyDb, actor: Actor): Promise<number | null> {
  const [c] = await db.select({ areaId: companies.areaId }).from(companies).where(eq(companies.id, actor.companyId));
  return c?.areaId ?? null;
}

/** A file of the caller's own company, or null. */
export async function findOwnCompanyFileRow(db: AnyDb, actor: Actor, fileId: number) {
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.companyId, actor.companyId)));
  return file ?? null;
}

export interface ExistingDevice {
  company_id: number;
  sn: string;
  mac: string;
  model: string;
  product_type: string;
  firmware_version: string;
  hardware_version: string;
  country: string;
  area_id: number | null;
}

/**
 * Unscoped: devices of any brand holding these SNs or MACs. SN and MAC are unique platform-wide, so
 * the import must see another brand's device to refuse the row (it answers only "another brand").
 */
export async function unsafeDevicesBySnOrMac(db: AnyDb, sns: string[], macs: string[]): Promise<ExistingDevice[]> {
  return (
    (await db.execute(sql`
        select company_id, sn, mac, model, product_type, firmware_version, hardware_version, country, area_id
          from devices
         where sn = any(${sql.param(sns)}::text[]) or mac = any(${sql.param(macs)}::text[])`)) as unknown as { rows: ExistingDevice[] }
  ).rows;
}

export interface ImportedDevice {
  sn: string;
  mac: string;
  model: string;
  productType: string;
  firmwareVersion: string;
  hardwareVersion: string;
  country: string;
  areaId: number | null;
}

/** An import row: a device and the customer its row names (found below the caller's company; null: keep, new: none). */
export interface ImportedRow extends ImportedDevice {
  customerId: number | null;
  customerPath: string | null;
}

/**
 * Registers or updates devices of the caller's company in one statement; a device another brand
 * holds is left alone (the update's condition) and missing from the answer.
 */
export async function upsertOwnDevices(
  db: AnyDb,
  actor: Actor,
  values: ImportedRow[],
  now: Date,
): Promise<Array<{ sn: string; inserted: boolean }>> {
  const col = <K extends keyof ImportedRow>(k: K) => sql.param(values.map((v) => v[k]));
  return (
    (await db.execute(sql`
        insert into devices (company_id, company_path, sn, mac, model, product_type, firmware_version, hardware_version, country, area_id,
                             customer_id, customer_path, created_at, updated_at)
        select ${actor.companyId}::int, ${actor.companyPath}::text, u.sn, u.mac, u.model, u.pt, u.fw, u.hw, u.country, u.area,
               u.cid, coalesce(u.cpath, ''), ${now}::timestamptz, ${now}::timestamptz
          from unnest(${col('sn')}::text[], ${col('mac')}::text[], ${col('model')}::text[], ${col('productType')}::text[],
                      ${col('firmwareVersion')}::text[], ${col('hardwareVersion')}::text[], ${col('country')}::text[], ${col('areaId')}::int[],
                      ${col('customerId')}::int[], ${col('customerPath')}::text[])
               as u(sn, mac, model, pt, fw, hw, country, area, cid, cpath)
        on conflict (sn) do update set
          mac = excluded.mac, model = excluded.model, product_type = excluded.product_type, firmware_version = excluded.firmware_version,
          hardware_version = excluded.hardware_version, country = excluded.country, area_id = excluded.area_id, updated_at = excluded.updated_at,
          -- An empty Customer cell keeps the device's customer.
          customer_id = coalesce(excluded.customer_id, devices.customer_id),
          customer_path = case when excluded.customer_id is null then devices.customer_path else excluded.customer_path end
        where devices.company_id = excluded.company_id
        returning sn, (xmax = 0) as inserted`)) as unknown as { rows: Array<{ sn: string; inserted: boolean }> }
  ).rows;
}

// ---- downstream customers (issue 15 §1) ------------------------------------------------------------

export interface CustomerCompany {
  id: number;
  path: string;
  name: string;
}

/** Companies strictly below the caller's (not deleted) by id: customers devices may be attributed to. */
export async function customersBelowById(db: AnyDb, actor: Actor, ids: number[]): Promise<CustomerCompany[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: companies.id, path: companies.path, name: companies.name })
    .from(companies)
    .where(and(inArray(companies.id, ids), scopedBelowCompany(companies.path, actor), ne(companies.status, 'deleted')));
}

/** The same by exact name (case-insensitive); a name two companies share answers both. */
export async function customersBelowByName(db: AnyDb, actor: Actor, names: string[]): Promise<CustomerCompany[]> {
  if (names.length === 0) return [];
  return db
    .select({ id: companies.id, path: companies.path, name: companies.name })
    .from(companies)
    .where(
      and(
        sql`lower(${companies.name}) = any(${sql.param(names.map((n) => n.toLowerCase()))}::text[])`,
        scopedBelowCompany(companies.path, actor),
        ne(companies.status, 'deleted'),
      ),
    );
}

/** Customers below the caller's company by name prefix, with their parent's name (the picker). */
export async function customerOptionsBelow(db: AnyDb, actor: Actor, searchText: string | undefined, limit: number) {
  const parent = sql`(select p.name from companies p where p.id = ${companies.parentId})`;
  return db
    .select({ companyId: companies.id, name: companies.name, parentName: sql<string>`coalesce(${parent}, '')` })
    .from(companies)
    .where(
      and(
        scopedBelowCompany(companies.path, actor),
        ne(companies.status, 'deleted'),
        searchText ? sql`lower(${companies.name}) like ${escapeLike(searchText.toLowerCase()) + '%'}` : undefined,
      ),
    )
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(limit);
}

/**
 * The devices of `ids` the caller may attribute, locked (in id order): of its brand's subtree, or
 * (to a customer, not taking it back) attributed to its subtree; in its area. With each device's
 * brand path, which the customer must lie under.
 */
export async function lockAssignableDevices(db: AnyDb, actor: Actor, ids: number[], takingBack: boolean) {
  const own = scopedToSubtree(sql`d.company_path`, actor);
  const scope = takingBack ? own : sql`(${own} or ${scopedToSubtree(sql`d.customer_path`, actor)})`;
  return (
    (await db.execute(sql`
        select d.id::float8 as id, d.company_path from devices d
         where d.id = any(${sql.param(ids)}::bigint[]) and ${scope} and ${scopedToArea(sql`d.area_id`, actor)}
         order by d.id for update`)) as unknown as { rows: Array<{ id: number; company_path: string }> }
  ).rows;
}

/** Attributes the devices to the customer (null: to none), in one statement; answers how many. */
export async function setDevicesCustomer(db: AnyDb, ids: number[], customer: CustomerCompany | null, now: Date): Promise<number> {
  const r = (await db.execute(sql`
      update devices set customer_id = ${customer?.id ?? null}::int, customer_path = ${customer?.path ?? ''}, updated_at = ${now}::timestamptz
       where id = any(${sql.param(ids)}::bigint[])
      returning id`)) as unknown as { rows: unknown[] };
  return r.rows.length;
}
