/**
 * The products workbook (issue 14 §3): the layout content/product/export writes and
 * content/product/import reads. Fixed columns first (headers in either locale are read back), then
 * one column per parameter definition: its name in the caller's locale, the unit in brackets for
 * numbers. Multi-enum values are joined with "; ", enum values are written as the option label.
 */
import { z } from 'zod';
import { API_PREFIX, IMPORT_MAX_ROWS } from '../../shared/constants';
import { defineRawRoute } from '../../shared/raw-routes';
import { ErrorCodes } from '../../errors';
import { cloudContentFileRawRoutes } from './files';

/** Most data rows an import takes (the shared import limit). */
export const PRODUCT_IMPORT_MAX_ROWS = IMPORT_MAX_ROWS;

export const PRODUCT_SHEET_COLUMNS = ['model', 'name_en', 'name_zh', 'category', 'discontinued', 'successor'] as const;
export type ProductSheetColumn = (typeof PRODUCT_SHEET_COLUMNS)[number];

/** The fixed columns' headers per locale; an import accepts either spelling (case-insensitive). */
export const PRODUCT_SHEET_HEADERS: Record<ProductSheetColumn, { en: string; zh: string }> = {
  model: { en: 'Model', zh: '型号' },
  name_en: { en: 'Name (en-US)', zh: '名称 (en-US)' },
  name_zh: { en: 'Name (zh-CN)', zh: '名称 (zh-CN)' },
  category: { en: 'Category', zh: '分类' },
  discontinued: { en: 'Discontinued', zh: '已停产' },
  successor: { en: 'Successor model', zh: '替代型号' },
};

/** Yes/no as an export writes it per locale; an import also takes true/false (any case) and 是/否. */
export const PRODUCT_SHEET_BOOLEANS = { en: { yes: 'Yes', no: 'No' }, zh: { yes: '是', no: '否' } } as const;
const TRUE_WORDS = new Set(['yes', 'true', '是', 'y', '1']);
const FALSE_WORDS = new Set(['no', 'false', '否', 'n', '0']);

/** A cell's yes/no, or null when it is neither. */
export function parseSheetBoolean(text: string): boolean | null {
  const s = text.trim().toLowerCase();
  if (TRUE_WORDS.has(s)) return true;
  if (FALSE_WORDS.has(s)) return false;
  return null;
}

/** Multi-enum values in one cell: "; " between them (a full-width ； or a line break also splits). */
export const MULTI_VALUE_SEPARATOR = '; ';
export function splitMultiValue(text: string): string[] {
  return text
    .split(/[;；\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A parameter column's header: the name, and the unit in brackets when it has one. */
export function paramColumnHeader(name: string, unit: string): string {
  return unit ? `${name} (${unit})` : name;
}

export const productImportErrorSchema = z.object({
  /** The sheet's row number (1 is the header). */
  row: z.number().int(),
  /** The column's header as in the file ('' for the whole row). */
  column: z.string(),
  /** Why, in the caller's locale. */
  reason: z.string(),
});
export type ProductImportError = z.infer<typeof productImportErrorSchema>;

export const productImportResultSchema = z.object({
  total: z.number().int(),
  /** True when every row was written; false: nothing was, `errors` says why. */
  applied: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(productImportErrorSchema),
});
export type ProductImportResult = z.infer<typeof productImportResultSchema>;

export const PRODUCT_EXPORT_DOWNLOAD_PATH = `${API_PREFIX}/content/product/export/download`;

export const cloudContentRawRoutes = {
  productExportDownload: defineRawRoute({
    method: 'GET',
    path: PRODUCT_EXPORT_DOWNLOAD_PATH,
    auth: 'signedLink',
    summary: "The site's products as an xlsx (streamed), by the link of content/product/export (300 s, dies with the session).",
    refused: { code: ErrorCodes.fileLinkInvalid, status: 403 },
    shape: 'envelope',
    file: true,
  }),
  // content/upload, the public image variants and the public document download (files.ts)
  ...cloudContentFileRawRoutes,
} as const;

/** Why an import row (or header cell) is refused, per locale; `{value}` and `{row}` are filled in. */
export const PRODUCT_IMPORT_REASONS = {
  modelRequired: { en: 'The model is required.', zh: '型号为必填项。' },
  modelTooLong: { en: 'The model is longer than 64 characters.', zh: '型号超过64个字符。' },
  modelRepeated: {
    en: 'The model appears more than once in the file (first in row {row}).',
    zh: '文件中型号重复（首次出现在第{row}行）。',
  },
  nameRequired: { en: 'A new product needs a name in at least one language.', zh: '新产品至少需要一种语言的名称。' },
  categoryUnknown: { en: 'There is no product category "{value}" on this site.', zh: '本站没有产品分类“{value}”。' },
  successorUnknown: { en: 'There is no product with the model "{value}" on this site.', zh: '本站没有型号为“{value}”的产品。' },
  successorSelf: { en: 'A product cannot be its own successor.', zh: '产品不能以自身作为替代型号。' },
  booleanInvalid: {
    en: '"{value}" is not yes or no (yes/no, true/false, 是/否).',
    zh: '“{value}”不是是/否（是/否、yes/no、true/false）。',
  },
  numberInvalid: { en: '"{value}" is not a number.', zh: '“{value}”不是数字。' },
  optionUnknown: { en: '"{value}" is not an option of this parameter.', zh: '“{value}”不是该参数的选项。' },
  textTooLong: { en: 'The text is longer than {max} characters.', zh: '文字超过{max}个字符。' },
  columnUnknown: {
    en: 'The column "{value}" is neither a product field nor a parameter of this site.',
    zh: '列“{value}”既不是产品字段，也不是本站的参数。',
  },
} as const satisfies Record<string, { en: string; zh: string }>;
export type ProductImportReason = keyof typeof PRODUCT_IMPORT_REASONS;

/** A reason's text in a locale with its values filled in. */
export function productImportReason(key: ProductImportReason, locale: string, params: Record<string, string | number> = {}): string {
  const entry = PRODUCT_IMPORT_REASONS[key];
  return (locale === 'zh-CN' ? entry.zh : entry.en).replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}
