/**
 * The products workbook (issue 14 §3): export and import of a site's products as xlsx.
 *
 * Export: content/product/export checks the caller's own site (and category), counts the rows and
 * signs a link (300 s, dies with the session); the link's GET streams the workbook with exceljs,
 * products read in keyset pages, so neither rows nor workbook are held whole.
 *
 * Import: an uploaded xlsx (purpose import) in the export's layout, at most 5,000 rows, is read
 * with the shared streaming reader; every row is checked (model required and once per file,
 * category, successor, names, each parameter value against its type) before anything is written.
 * With a bad row nothing is written and every bad cell comes back (row, column, reason in the
 * caller's locale); otherwise every row is applied through the module's own save path
 * (createItem / saveItem: drafts and new revisions) in the call's one transaction.
 */
import {
  ErrorCodes,
  fileExtension,
  LOCALES,
  MULTI_VALUE_SEPARATOR,
  normalizeLocale,
  paramColumnHeader,
  parseSheetBoolean,
  PRODUCT_EXPORT_DOWNLOAD_PATH,
  PRODUCT_IMPORT_MAX_ROWS,
  PRODUCT_SHEET_BOOLEANS,
  PRODUCT_SHEET_COLUMNS,
  PRODUCT_SHEET_HEADERS,
  productImportReason,
  SIGNED_URL_TTL_SECONDS,
  splitMultiValue,
  titleSchema,
  validationMessage,
  type ContentShared,
  type Locale,
  type ProductImportError,
  type ProductImportReason,
  type ProductImportResult,
  type ProductSheetColumn,
} from '@portal/contract';
import type { Writable } from 'node:stream';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { requireActor, type CallContext } from '../../lib/context';
import { signUrl } from '../../lib/files';
import { authorize } from '../../lib/policy';
import { createXlsxStreamWriter, readSheet, withImportSlot, type XlsxCell } from '../../lib/xlsx';
import { contentPolicy } from './content.policy';
import * as repo from './content.repository';
import { createItem, latestData, requireOwnSite, saveItem } from './content.service';
import { toRichTextDoc } from './rich-text';

type AnyDb = Db | Tx;
const PAGE_ROWS = 1000;
const TEXT_MAX = 500;
const MODEL_MAX = 64;

interface OptionDef {
  value: string;
  labels: { 'en-US': string; 'zh-CN': string };
}

const pick = (t: { en: string; zh: string }, locale: Locale) => (locale === 'zh-CN' ? t.zh : t.en);
const titleIn = (titles: Array<{ locale: string; title: string }>, locale: Locale) =>
  titles.find((t) => t.locale === locale && t.title)?.title ?? titles.find((t) => t.title)?.title ?? '';

// ---------------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------------

export interface ProductExportFilter {
  siteId: number;
  categoryId: number | null;
  locale: Locale;
}

/** content/product/export: the caller's own site (28009 without one), a category of it (1004 otherwise). */
export async function createProductExport(ctx: CallContext, d: { categoryId?: number }): Promise<{ url: string; rows: number }> {
  const actor = requireActor(ctx);
  // An id that is not a category of the caller's own site is 1004, with or without a site.
  if (d.categoryId !== undefined) {
    const own = await repo.findOwnSite(ctx.db, actor);
    const [cat] = own ? await repo.itemsOfSite(ctx.db, own.id, [d.categoryId]) : [];
    if (!cat || cat.type !== 'product_category') throw new AppError(ErrorCodes.notFound);
  }
  const site = await requireOwnSite(ctx.db, actor);
  const categoryId = d.categoryId ?? null;
  const rows = await repo.countProducts(ctx.db, site.id, categoryId);
  const q = new URLSearchParams({
    uid: String(actor.userId),
    tid: String(actor.sessionId),
    site: String(site.id),
    cat: categoryId === null ? '' : String(categoryId),
    locale: ctx.locale,
  });
  const url = signUrl(`${PRODUCT_EXPORT_DOWNLOAD_PATH}?${q}`, ctx.services.config.linkSecret, {
    now: ctx.clock.now(),
    ttlSeconds: SIGNED_URL_TTL_SECONDS,
  });
  return { url, rows };
}

/** The filter a verified link carries; anything malformed is a bad link (1013). */
export function productExportFromLink(p: URLSearchParams): ProductExportFilter & { userId: number; sessionId: number } {
  const int = (name: string, optional: boolean): number | null => {
    const v = p.get(name) ?? '';
    if (v === '' && optional) return null;
    if (!/^\d{1,15}$/.test(v)) throw new AppError(ErrorCodes.fileLinkInvalid, undefined, `product export link: bad ${name}`);
    return Number(v);
  };
  return {
    userId: int('uid', false)!,
    sessionId: int('tid', false)!,
    siteId: int('site', false)!,
    categoryId: int('cat', true),
    locale: normalizeLocale(p.get('locale') ?? undefined),
  };
}

/** The fixed columns' header in a locale. */
export function productSheetHeader(column: ProductSheetColumn, locale: Locale): string {
  return pick(PRODUCT_SHEET_HEADERS[column], locale);
}

function optionLabel(options: readonly OptionDef[], value: string, locale: Locale): string {
  const o = options.find((x) => x.value === value);
  if (!o) return value;
  return o.labels[locale] || o.labels['en-US'] || o.value;
}

/** Writes the workbook onto `out`, page by page (keyset on the item id); answers the rows written. */
export async function writeProductExport(db: AnyDb, f: ProductExportFilter, out: Writable): Promise<number> {
  const defs = await repo.paramsOfSite(db, f.siteId);
  const cats = await repo.itemsOfTypeWithTitles(db, f.siteId, 'product_category');
  const catTitle = new Map(cats.map((c) => [c.item.id, titleIn(c.titles, f.locale)]));
  const models = new Map((await repo.productModels(db, f.siteId)).map((p) => [p.id, p.model ?? '']));
  const yesNo = PRODUCT_SHEET_BOOLEANS[f.locale === 'zh-CN' ? 'zh' : 'en'];
  const writer = createXlsxStreamWriter(out, {
    name: f.locale === 'zh-CN' ? '产品' : 'Products',
    columns: [
      ...PRODUCT_SHEET_COLUMNS.map((c) => ({ header: productSheetHeader(c, f.locale), width: c === 'model' ? 20 : 24 })),
      ...defs.map((d) => {
        const names = d.names as { 'en-US': string; 'zh-CN': string };
        return { header: paramColumnHeader(names[f.locale] || names['en-US'], d.type === 'number' ? d.unit : '') };
      }),
    ],
  });
  let after = 0;
  let written = 0;
  for (;;) {
    const page = await repo.productsAfter(db, f.siteId, f.categoryId, after, PAGE_ROWS);
    const trs = await repo.translationsOf(
      db,
      page.map((p) => p.id),
    );
    for (const item of page) {
      const shared = item.shared as ContentShared;
      const params = (item.params ?? {}) as Record<string, unknown>;
      const title = (locale: Locale) => trs.find((t) => t.itemId === item.id && t.locale === locale)?.title ?? '';
      const cells: XlsxCell[] = [
        item.model ?? shared.model ?? '',
        title('en-US'),
        title('zh-CN'),
        shared.categoryId ? (catTitle.get(shared.categoryId) ?? '') : '',
        shared.discontinued ? yesNo.yes : yesNo.no,
        shared.successorId ? (models.get(shared.successorId) ?? '') : '',
      ];
      for (const d of defs) {
        const v = params[d.key];
        const options = (d.options ?? []) as OptionDef[];
        if (v === undefined || v === null) cells.push(null);
        else if (d.type === 'boolean') cells.push(v ? yesNo.yes : yesNo.no);
        else if (d.type === 'enum') cells.push(optionLabel(options, String(v), f.locale));
        else if (d.type === 'multi_enum')
          cells.push((Array.isArray(v) ? v : [v]).map((x) => optionLabel(options, String(x), f.locale)).join(MULTI_VALUE_SEPARATOR));
        else if (d.type === 'number') cells.push(typeof v === 'number' ? v : Number(v));
        else cells.push(String(v));
      }
      writer.addRow(cells);
    }
    written += page.length;
    if (page.length < PAGE_ROWS) break;
    after = page[page.length - 1]!.id;
    await writer.drain();
  }
  await writer.commit();
  return written;
}

// ---------------------------------------------------------------------------------------------
// Import
// ---------------------------------------------------------------------------------------------

type ParamValue = string | number | boolean | string[];
type ParamDef = Awaited<ReturnType<typeof repo.paramsOfSite>>[number];

type Column = { header: string } & ({ kind: 'field'; field: ProductSheetColumn } | { kind: 'param'; def: ParamDef });

interface ParsedRow {
  rowNumber: number;
  model: string;
  names: Partial<Record<Locale, string>>;
  categoryId?: number;
  discontinued?: boolean;
  successorModel?: string;
  /** Parameter keys of the file's columns: the value, or null when the cell is empty (no value). */
  params: Record<string, ParamValue | null>;
}

const norm = (s: string) => s.trim().toLowerCase();

/** Matches the header row to fields and parameters: fixed headers in either locale, a parameter by key, name or "name (unit)". */
function matchColumns(header: readonly string[], defs: readonly ParamDef[]) {
  const fields = new Map<string, ProductSheetColumn>();
  for (const c of PRODUCT_SHEET_COLUMNS) for (const text of Object.values(PRODUCT_SHEET_HEADERS[c])) fields.set(norm(text), c);
  const params = new Map<string, ParamDef>();
  for (const d of defs) {
    const names = d.names as { 'en-US': string; 'zh-CN': string };
    for (const n of [d.key, names['en-US'], names['zh-CN']]) {
      if (!n) continue;
      if (!params.has(norm(n))) params.set(norm(n), d);
      if (d.unit && !params.has(norm(paramColumnHeader(n, d.unit)))) params.set(norm(paramColumnHeader(n, d.unit)), d);
    }
  }
  const columns: Column[] = [];
  const unknown: string[] = [];
  const seen = new Set<string>();
  for (const h of header) {
    const field = fields.get(norm(h));
    const def = field ? undefined : params.get(norm(h));
    const id = field ? `f:${field}` : def ? `p:${def.key}` : '';
    if (id && seen.has(id)) continue; // a repeated column: the first one counts
    if (id) seen.add(id);
    if (field) columns.push({ header: h, kind: 'field', field });
    else if (def) columns.push({ header: h, kind: 'param', def });
    else unknown.push(h);
  }
  return { columns, unknown };
}

/** One parameter cell as its typed value, or the reason it is refused. */
function parseParam(
  def: ParamDef,
  text: string,
): { value: ParsedRow['params'][string] } | { reason: ProductImportReason; params?: Record<string, string | number> } {
  if (text === '') return { value: null };
  const options = (def.options ?? []) as OptionDef[];
  const option = (s: string) => {
    const n = norm(s);
    return options.find(
      (o) => norm(o.value) === n || norm(o.labels['en-US']) === n || (o.labels['zh-CN'] && norm(o.labels['zh-CN']) === n),
    );
  };
  switch (def.type) {
    case 'text':
      return text.length > TEXT_MAX ? { reason: 'textTooLong', params: { max: TEXT_MAX } } : { value: text };
    case 'number': {
      let s = text.replace(/\s+/g, '');
      if (def.unit && s.toLowerCase().endsWith(def.unit.replace(/\s+/g, '').toLowerCase()))
        s = s.slice(0, s.length - def.unit.replace(/\s+/g, '').length);
      const n = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s) ? Number(s) : NaN;
      return Number.isFinite(n) ? { value: n } : { reason: 'numberInvalid', params: { value: text } };
    }
    case 'boolean': {
      const b = parseSheetBoolean(text);
      return b === null ? { reason: 'booleanInvalid', params: { value: text } } : { value: b };
    }
    case 'enum': {
      const o = option(text);
      return o ? { value: o.value } : { reason: 'optionUnknown', params: { value: text } };
    }
    case 'multi_enum': {
      const values: string[] = [];
      for (const part of splitMultiValue(text)) {
        const o = option(part);
        if (!o) return { reason: 'optionUnknown', params: { value: part } };
        if (!values.includes(o.value)) values.push(o.value);
      }
      return values.length ? { value: values } : { value: null };
    }
    default:
      return { reason: 'optionUnknown', params: { value: text } };
  }
}

/** Keys sorted, so that two parameter sets compare by content. */
const stable = (o: Record<string, unknown>) =>
  JSON.stringify(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );

/** content/product/import: at most IMPORT_CONCURRENCY_MAX at a time in this server, else 24026 (busy, retry). */
export async function importProducts(ctx: CallContext, fileId: number): Promise<ProductImportResult> {
  const actor = requireActor(ctx);
  const file = await repo.findOwnCompanyFile(ctx.db, actor, fileId);
  if (!file) throw new AppError(ErrorCodes.notFound);
  const site = await requireOwnSite(ctx.db, actor);
  authorize(contentPolicy, actor, { hasSite: true }, 'createItem');
  if (fileExtension(file.name) !== 'xlsx') throw new AppError(ErrorCodes.importUnreadable, undefined, `not an xlsx: ${file.name}`);
  return withImportSlot(async () => {
    const { stream } = await ctx.services.fileStore.get(file.path);
    const sheet = await readSheet(stream, { required: [], maxRows: PRODUCT_IMPORT_MAX_ROWS });
    return applySheet(ctx, site, sheet);
  });
}

async function applySheet(
  ctx: CallContext,
  site: repo.SiteWithCompany,
  sheet: Awaited<ReturnType<typeof readSheet>>,
): Promise<ProductImportResult> {
  const locale: Locale = LOCALES.includes(ctx.locale) ? ctx.locale : 'en-US';
  const defs = await repo.paramsOfSite(ctx.db, site.id);
  const { columns, unknown } = matchColumns(sheet.header, defs);
  const modelColumn = columns.find((c) => c.kind === 'field' && c.field === 'model');
  if (!modelColumn) throw new AppError(ErrorCodes.importMissingColumns, { columns: productSheetHeader('model', locale) });

  const errors: ProductImportError[] = [];
  const fail = (row: number, column: string, reason: ProductImportReason, params?: Record<string, string | number>) =>
    errors.push({ row, column, reason: productImportReason(reason, locale, params) });
  const headerRow = (sheet.rowNumbers[0] ?? 2) - 1;
  for (const h of unknown) fail(headerRow, h, 'columnUnknown', { value: h });

  // What the rows may refer to: the site's categories (by title in either locale, or id) and products (by model).
  const cats = await repo.itemsOfTypeWithTitles(ctx.db, site.id, 'product_category');
  const catByText = new Map<string, number>();
  for (const c of cats) catByText.set(String(c.item.id), c.item.id);
  for (const c of cats) for (const t of c.titles) if (t.title && !catByText.has(norm(t.title))) catByText.set(norm(t.title), c.item.id);
  const products = await repo.itemsOfTypeWithTitles(ctx.db, site.id, 'product');
  const byModel = new Map(products.filter((p) => p.item.model).map((p) => [norm(p.item.model!), p]));

  const rows: ParsedRow[] = [];
  const successors: Array<{ row: number; column: string; model: string }> = [];
  const firstRow = new Map<string, number>();
  sheet.rows.forEach((values, i) => {
    const rowNumber = sheet.rowNumbers[i]!;
    const before = errors.length;
    let nameGiven = false;
    const row: ParsedRow = { rowNumber, model: (values[modelColumn.header] ?? '').trim(), names: {}, params: {} };
    if (!row.model) fail(rowNumber, modelColumn.header, 'modelRequired');
    else if (row.model.length > MODEL_MAX) fail(rowNumber, modelColumn.header, 'modelTooLong');
    else {
      const first = firstRow.get(norm(row.model));
      if (first !== undefined) fail(rowNumber, modelColumn.header, 'modelRepeated', { row: first });
      else firstRow.set(norm(row.model), rowNumber);
    }
    for (const c of columns) {
      const text = (values[c.header] ?? '').trim();
      if (c.kind === 'param') {
        const r = parseParam(c.def, text);
        if ('reason' in r) fail(rowNumber, c.header, r.reason, r.params);
        else row.params[c.def.key] = r.value;
        continue;
      }
      if (!text) continue;
      switch (c.field) {
        case 'name_en':
        case 'name_zh': {
          nameGiven = true;
          const parsed = titleSchema.safeParse(text);
          if (!parsed.success)
            errors.push({ row: rowNumber, column: c.header, reason: validationMessage(parsed.error.issues[0]!.message, locale) });
          else row.names[c.field === 'name_en' ? 'en-US' : 'zh-CN'] = parsed.data;
          break;
        }
        case 'category': {
          const id = catByText.get(norm(text)) ?? catByText.get(text.replace(/^#/, ''));
          if (id === undefined) fail(rowNumber, c.header, 'categoryUnknown', { value: text });
          else row.categoryId = id;
          break;
        }
        case 'discontinued': {
          const b = parseSheetBoolean(text);
          if (b === null) fail(rowNumber, c.header, 'booleanInvalid', { value: text });
          else row.discontinued = b;
          break;
        }
        case 'successor':
          if (norm(text) === norm(row.model)) fail(rowNumber, c.header, 'successorSelf');
          else {
            // A product of the site or one this file creates (checked once every row is read).
            row.successorModel = text;
            successors.push({ row: rowNumber, column: c.header, model: text });
          }
          break;
        default:
          break;
      }
    }
    const isNew = row.model && !byModel.has(norm(row.model));
    if (isNew && !nameGiven) {
      const nameColumn = columns.find((c) => c.kind === 'field' && (c.field === 'name_en' || c.field === 'name_zh'));
      fail(rowNumber, nameColumn?.header ?? '', 'nameRequired');
    }
    if (errors.length === before) rows.push(row);
  });

  for (const x of successors)
    if (!byModel.has(norm(x.model)) && !firstRow.has(norm(x.model))) fail(x.row, x.column, 'successorUnknown', { value: x.model });

  const total = sheet.rows.length;
  if (errors.length > 0) {
    errors.sort((a, b) => a.row - b.row);
    return { total, applied: false, created: 0, updated: 0, unchanged: 0, errors };
  }

  let created = 0;
  let updated = 0;
  let unchanged = 0;
  /** Each written product's version and a locale it has, for a later save of the same product. */
  const saved = new Map<number, { version: number; locale: Locale; counted: 'created' | 'updated' | 'unchanged' }>();
  /** Successors created further down the file: set once every row is written. */
  const deferred: Array<{ model: string; successor: string }> = [];
  for (const row of rows) {
    const existing = byModel.get(norm(row.model));
    const successor = row.successorModel !== undefined ? byModel.get(norm(row.successorModel)) : undefined;
    if (row.successorModel !== undefined && !successor) deferred.push({ model: row.model, successor: row.successorModel });
    const successorId = successor?.item.id;
    if (!existing) {
      const params: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(row.params)) if (v !== null) params[k] = v;
      const shared: ContentShared = {
        model: row.model,
        params: params as ContentShared['params'],
        ...(row.categoryId !== undefined ? { categoryId: row.categoryId } : {}),
        ...(row.discontinued !== undefined ? { discontinued: row.discontinued } : {}),
        ...(successorId !== undefined ? { successorId } : {}),
      };
      const [first, ...rest] = LOCALES.filter((l) => row.names[l]);
      let item = await createItem(ctx, { type: 'product', shared, locale: first!, translation: { title: row.names[first!]! } });
      for (const l of rest)
        item = await saveItem(ctx, { id: item.id, version: item.version, locale: l, translation: { title: row.names[l]! } });
      byModel.set(norm(row.model), { item, titles: [] });
      saved.set(item.id, { version: item.version, locale: first!, counted: 'created' });
      created++;
      continue;
    }

    const { item } = existing;
    const current = item.shared as ContentShared;
    const currentParams = (item.params ?? {}) as Record<string, unknown>;
    const nextParams: Record<string, unknown> = { ...currentParams };
    for (const [k, v] of Object.entries(row.params)) {
      if (v === null) delete nextParams[k];
      else nextParams[k] = v;
    }
    const shared: ContentShared = {};
    if (row.categoryId !== undefined && row.categoryId !== (current.categoryId ?? null)) shared.categoryId = row.categoryId;
    if (row.discontinued !== undefined && row.discontinued !== !!current.discontinued) shared.discontinued = row.discontinued;
    if (successorId !== undefined && successorId !== (current.successorId ?? null)) shared.successorId = successorId;
    if (stable(nextParams) !== stable(currentParams)) shared.params = nextParams as ContentShared['params'];
    const sharedChanged = Object.keys(shared).length > 0;

    const titleChanges = LOCALES.filter((l) => {
      const name = row.names[l];
      return name !== undefined && existing.titles.find((t) => t.locale === l)?.title !== name;
    });
    const someLocale = (existing.titles[0]?.locale ?? 'en-US') as Locale;
    if (!sharedChanged && titleChanges.length === 0) {
      saved.set(item.id, { version: item.version, locale: someLocale, counted: 'unchanged' });
      unchanged++;
      continue;
    }
    const translationFor = async (l: Locale) => {
      const data = await latestData(ctx.db, item.id, l);
      return data ? { ...data.translation, body: toRichTextDoc(data.translation.body), title: row.names[l]! } : { title: row.names[l]! };
    };
    let version = item.version;
    const pending = [...titleChanges];
    if (sharedChanged) {
      const l = pending.shift() ?? someLocale;
      const after = await saveItem(ctx, {
        id: item.id,
        version,
        locale: l,
        shared,
        translation: titleChanges.includes(l) ? await translationFor(l) : undefined,
      });
      version = after.version;
    }
    for (const l of pending) {
      const after = await saveItem(ctx, { id: item.id, version, locale: l, translation: await translationFor(l) });
      version = after.version;
    }
    saved.set(item.id, { version, locale: someLocale, counted: 'updated' });
    updated++;
  }
  for (const d of deferred) {
    const id = byModel.get(norm(d.model))!.item.id;
    const at = saved.get(id)!;
    await saveItem(ctx, { id, version: at.version, locale: at.locale, shared: { successorId: byModel.get(norm(d.successor))!.item.id } });
    if (at.counted === 'unchanged') {
      unchanged--;
      updated++;
    }
  }
  await ctx.audit({
    action: 'content.product.import',
    targetType: 'content_site',
    targetId: site.id,
    after: { total, created, updated, unchanged },
  });
  return { total, applied: true, created, updated, unchanged, errors: [] };
}
