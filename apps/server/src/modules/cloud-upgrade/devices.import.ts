/**
 * Device import (issue 4 §1, SPEC §5): an uploaded xlsx of at most 5,000 rows registers or updates
 * the caller's devices. Every row is checked (SN, MAC, product type, country, area, repeats in the
 * file, devices of another brand, MACs of other devices); the good rows are written in one
 * set-based statement, all or nothing, and the bad ones come back as an xlsx with a reason each.
 */
import {
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_REQUIRED,
  ErrorCodes,
  IMPORT_MAX_ROWS,
  VERSION_NAME_MAX,
  fileExtension,
  macError,
  normalizeMac,
  normalizeSn,
  snError,
  type Locale,
} from '@portal/contract';
import { areaName } from '../../lib/area-names';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { callerFileLinkUrl, storeUpload } from '../../lib/files';
import { readSheet, withImportSlot, writeXlsxBuffer } from '../../lib/xlsx';
import { reasonHeader, reasonText, sheetName, type ImportReason } from './devices.messages';
import { authorize } from '../../lib/policy';
import { cloudUpgradePolicy } from './packages.policy';
import {
  allAreas,
  customersBelowById,
  customersBelowByName,
  findOwnCompanyFileRow,
  ownCompanyAreaId,
  unsafeDevicesBySnOrMac,
  upsertOwnDevices,
  type CustomerCompany,
} from './devices.repository';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Where error files of imports are kept in the file store. */
const ERROR_FILE_PURPOSE = 'import-errors';

type Col = (typeof DEVICE_IMPORT_COLUMNS)[number];
type ProductType = 'IPC' | 'NVR';

interface Row {
  rowNumber: number;
  raw: Record<string, string>;
  sn: string;
  mac: string;
  model: string;
  productType: ProductType | null;
  firmwareVersion: string;
  hardwareVersion: string;
  country: string;
  /** undefined: the Area cell is empty (keep or default). */
  areaId: number | undefined;
  /** The Customer cell ('' : keep the device's customer), resolved to `customer`. */
  customerText: string;
  customer: CustomerCompany | null;
  reasons: ImportReason[];
}

export interface ImportResult {
  total: number;
  created: number;
  updated: number;
  failed: number;
  errorFileUrl: string | null;
}

/** A product type from the model's prefix ('NVR-800' is an NVR), IPC otherwise. */
export function productTypeOfModel(model: string): ProductType {
  return /^nvr/i.test(model.trim()) ? 'NVR' : 'IPC';
}

interface AreaRef {
  id: number;
  label: string;
}

/** Areas by id, name and display name in either language (case-insensitive), and the caller's default area. */
async function areaResolver(ctx: CallContext, actor: Actor) {
  const all = await allAreas(ctx.db);
  const byKey = new Map<string, AreaRef>();
  for (const a of all) {
    const ref = { id: a.id, label: areaName(a, ctx.locale) || a.name };
    byKey.set(String(a.id), ref);
    byKey.set(a.name.toLowerCase(), ref);
    for (const n of [a.displayName, a.displayNameZhCn]) if (n) byKey.set(n.toLowerCase(), ref);
  }
  // Empty Area: the DC the caller works in; in the RDC, the brand's own area.
  const current = all.find((a) => a.id === actor.currentAreaId);
  let defaultArea: number | null = current && current.kind === 'DDC' ? current.id : null;
  if (defaultArea === null) {
    defaultArea = (await ownCompanyAreaId(ctx.db, actor)) ?? current?.id ?? null;
  }
  // A user without areas may place devices in none (issue 11 §1.12).
  const allowed = new Set(actor.areaIds);
  return {
    defaultArea,
    resolve(text: string): { areaId: number } | { reason: ImportReason } {
      const ref = byKey.get(text.trim().toLowerCase());
      if (!ref) return { reason: { key: 'areaUnknown', params: { area: text } } };
      if (!allowed.has(ref.id)) return { reason: { key: 'areaNotAllowed', params: { area: ref.label } } };
      return { areaId: ref.id };
    },
  };
}

/** Checks one row on its own (no database): the reasons it is refused for, and its normalised values. */
function parseRow(
  raw: Record<string, string>,
  rowNumber: number,
  resolveArea: (t: string) => { areaId: number } | { reason: ImportReason },
): Row {
  const get = (c: Col) => raw[c] ?? '';
  const reasons: ImportReason[] = [];
  const snKey = snError(get('SN'));
  if (snKey) reasons.push({ validation: snKey });
  const macKey = macError(get('MAC'));
  if (macKey) reasons.push({ validation: macKey });

  const texts: Record<'Model' | 'Firmware version' | 'Hardware version', string> = {
    Model: get('Model'),
    'Firmware version': get('Firmware version'),
    'Hardware version': get('Hardware version'),
  };
  for (const [column, v] of Object.entries(texts))
    if (v.length > VERSION_NAME_MAX) reasons.push({ key: 'tooLong', params: { column, max: VERSION_NAME_MAX } });

  let productType: ProductType | null = null;
  const pt = get('Product type').toUpperCase();
  if (pt === 'IPC' || pt === 'NVR') productType = pt;
  else if (pt) reasons.push({ key: 'productTypeInvalid' });

  let country = get('Country');
  if (country) {
    if (/^[a-z]{2}$/i.test(country)) country = country.toUpperCase();
    else reasons.push({ validation: 'validation.countryInvalid' });
  }

  let areaId: number | undefined;
  if (get('Area')) {
    const r = resolveArea(get('Area'));
    if ('reason' in r) reasons.push(r.reason);
    else areaId = r.areaId;
  }

  return {
    rowNumber,
    raw,
    reasons,
    productType,
    country,
    areaId,
    sn: snKey ? '' : normalizeSn(get('SN')),
    mac: macKey ? '' : normalizeMac(get('MAC'))!,
    model: texts.Model,
    firmwareVersion: texts['Firmware version'],
    hardwareVersion: texts['Hardware version'],
    customerText: get('Customer').trim(),
    customer: null,
  };
}

/**
 * The Customer cells: each a company strictly below the caller's (its brand's), by id or by exact
 * name (case-insensitive); refused when unknown, outside the subtree, or a name two companies share.
 */
async function resolveCustomers(ctx: CallContext, actor: Actor, rows: Row[]): Promise<void> {
  const texts = [...new Set(rows.map((r) => r.customerText).filter(Boolean))];
  if (texts.length === 0) return;
  const ids = texts.filter((t) => /^\d{1,9}$/.test(t)).map(Number);
  const [byId, byName] = await Promise.all([customersBelowById(ctx.db, actor, ids), customersBelowByName(ctx.db, actor, texts)]);
  const names = new Map<string, CustomerCompany[]>();
  for (const c of byName) names.set(c.name.toLowerCase(), [...(names.get(c.name.toLowerCase()) ?? []), c]);
  for (const r of rows) {
    if (!r.customerText) continue;
    const found = byId.find((c) => String(c.id) === r.customerText) ?? null;
    const named = names.get(r.customerText.toLowerCase()) ?? [];
    if (found) r.customer = found;
    else if (named.length === 1) r.customer = named[0]!;
    else if (named.length > 1) r.reasons.push({ key: 'customerAmbiguous', params: { customer: r.customerText } });
    else r.reasons.push({ key: 'customerUnknown', params: { customer: r.customerText } });
  }
}

/** device/import: at most IMPORT_CONCURRENCY_MAX at a time in this server, else 24026 (busy, retry). */
export async function importDevices(ctx: CallContext, fileId: number): Promise<ImportResult> {
  const actor = requireActor(ctx);
  authorize(cloudUpgradePolicy, actor, null, 'importDevices');
  const file = await findOwnCompanyFileRow(ctx.db, actor, fileId);
  if (!file) throw new AppError(ErrorCodes.notFound);
  if (fileExtension(file.name) !== 'xlsx') throw new AppError(ErrorCodes.importUnreadable, undefined, `not an xlsx: ${file.name}`);
  return withImportSlot(() => importSheet(ctx, actor, file));
}

async function importSheet(ctx: CallContext, actor: Actor, file: { id: number; name: string; path: string }): Promise<ImportResult> {
  const fileId = file.id;
  // Streamed from the file store: the workbook is never whole in memory.
  const { stream } = await ctx.services.fileStore.get(file.path);
  const sheet = await readSheet(stream, { required: DEVICE_IMPORT_REQUIRED, optional: DEVICE_IMPORT_COLUMNS, maxRows: IMPORT_MAX_ROWS });

  const areaOf = await areaResolver(ctx, actor);
  const rows = sheet.rows.map((raw, i) => parseRow(raw, sheet.rowNumbers[i]!, areaOf.resolve));
  await resolveCustomers(ctx, actor, rows);

  // Repeats within the file: the first occurrence counts, later ones name it.
  const firstSn = new Map<string, number>();
  const firstMac = new Map<string, number>();
  for (const r of rows) {
    if (r.sn) {
      const first = firstSn.get(r.sn);
      if (first !== undefined) r.reasons.push({ key: 'duplicateSn', params: { row: first } });
      else firstSn.set(r.sn, r.rowNumber);
    }
    if (r.mac) {
      const first = firstMac.get(r.mac);
      if (first !== undefined) r.reasons.push({ key: 'duplicateMac', params: { row: first } });
      else firstMac.set(r.mac, r.rowNumber);
    }
  }

  // Devices already registered under these SNs or MACs (any brand: SN and MAC are unique platform-wide).
  let candidates = rows.filter((r) => r.reasons.length === 0);
  const existing = candidates.length
    ? await unsafeDevicesBySnOrMac(
        ctx.db,
        candidates.map((r) => r.sn),
        candidates.map((r) => r.mac),
      )
    : [];
  const bySn = new Map(existing.map((e) => [e.sn, e]));
  const byMac = new Map(existing.map((e) => [e.mac, e]));
  for (const r of candidates) {
    const own = bySn.get(r.sn);
    if (own && Number(own.company_id) !== actor.companyId) r.reasons.push({ key: 'otherBrand' });
    const macHolder = byMac.get(r.mac);
    if (macHolder && macHolder.sn !== r.sn) r.reasons.push({ key: 'macTaken' });
  }
  candidates = candidates.filter((r) => r.reasons.length === 0);

  // Updates keep what an empty cell does not say; new devices take the defaults.
  const values = candidates.map((r) => {
    const ex = bySn.get(r.sn);
    const model = r.model || ex?.model || '';
    return {
      sn: r.sn,
      mac: r.mac,
      model,
      productType: r.productType ?? (ex ? ex.product_type : productTypeOfModel(model)),
      firmwareVersion: r.firmwareVersion || ex?.firmware_version || '',
      hardwareVersion: r.hardwareVersion || ex?.hardware_version || '',
      country: r.country || ex?.country || '',
      areaId: r.areaId ?? (ex ? ex.area_id : areaOf.defaultArea),
      customerId: r.customer?.id ?? null,
      customerPath: r.customer?.path ?? null,
    };
  });

  let created = 0;
  let updated = 0;
  if (values.length) {
    const now = new Date(ctx.clock.now());
    let written: Array<{ sn: string; inserted: boolean }>;
    try {
      written = await upsertOwnDevices(ctx.db, actor, values, now);
    } catch (err) {
      // Another import took one of these MACs between the check and the write.
      if ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') {
        throw new AppError(ErrorCodes.conflict, undefined, (err as Error).message);
      }
      throw err;
    }
    const done = new Set(written.map((w) => w.sn));
    created = written.filter((w) => w.inserted).length;
    updated = written.length - created;
    // A device another brand registered meanwhile is left alone (the update's condition) and reported.
    for (const r of candidates) if (!done.has(r.sn)) r.reasons.push({ key: 'otherBrand' });
  }

  const bad = rows.filter((r) => r.reasons.length > 0);
  const errorFileUrl = bad.length ? await storeErrorFile(ctx, actor, file.name, sheet.header, bad) : null;
  await ctx.audit({
    targetType: 'file',
    targetId: fileId,
    companyId: actor.companyId,
    companyPath: actor.companyPath,
    after: { file: file.name, total: rows.length, created, updated, failed: bad.length },
  });
  return { total: rows.length, created, updated, failed: bad.length, errorFileUrl };
}

/** The bad rows as they were, plus a Reason column in the caller's locale; a signed link valid 300 s. */
async function storeErrorFile(ctx: CallContext, actor: Actor, sourceName: string, header: string[], bad: Row[]): Promise<string> {
  const locale: Locale = ctx.locale;
  const buffer = await writeXlsxBuffer([
    {
      name: sheetName('errors', locale),
      columns: [...header.map((h) => ({ header: h })), { header: reasonHeader(locale), width: 60 }],
      rows: bad.map((r) => [...header.map((h) => r.raw[h] ?? ''), r.reasons.map((x) => reasonText(x, locale)).join(' ')]),
    },
  ]);
  const now = ctx.clock.now();
  const base = sourceName.replace(/\.xlsx$/i, '') || 'devices';
  const row = await storeUpload({
    db: ctx.db,
    store: ctx.services.fileStore,
    companyId: actor.companyId,
    userId: actor.actingUserId ?? actor.userId,
    buffer,
    fileName: `${base}-errors.xlsx`,
    purpose: ERROR_FILE_PURPOSE,
    contentType: XLSX_MIME,
    now: new Date(now),
  });
  return callerFileLinkUrl(actor, row.path, ctx.services.config.linkSecret, now, { isDownload: true });
}
