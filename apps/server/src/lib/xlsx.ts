/**
 * Reading and writing xlsx workbooks (exceljs): imports read one sheet of a small uploaded file
 * into strings; exports stream rows straight to a Writable (an HTTP reply) so that a large result
 * never sits in memory as a whole workbook.
 */
import ExcelJS from 'exceljs';
import { PassThrough, type Writable } from 'node:stream';
import { AppError } from './app-error';

export interface ReadSheetOptions {
  /** Columns that must be in the header row (matched trimmed and case-insensitively). */
  required: readonly string[];
  /** Further known columns: matched the same way, their key is spelled as given here. */
  optional?: readonly string[];
  /** Most data rows accepted (blank rows not counted). */
  maxRows: number;
}

export interface SheetRow {
  /** 1-based row number in the sheet, for messages ("row 7"). */
  rowNumber: number;
  values: Record<string, string>;
}

export interface Sheet {
  /**
   * The column keys in sheet order: a known column (required or optional) spelled as the caller
   * spelled it, any other column as its trimmed header text. Columns without a header are dropped.
   */
  header: string[];
  /** Data rows keyed by header, every value a trimmed string ('' when the cell is empty). */
  rows: Array<Record<string, string>>;
  /** The sheet row number of each entry of `rows`. */
  rowNumbers: number[];
}

/**
 * The first sheet of an xlsx: the first non-blank row is the header, blank rows are skipped.
 * AppError 24010 unreadable, 24011 {columns} missing, 24012 {max} too many rows, 24013 no data rows.
 */
export async function readSheet(buffer: Buffer, opts: ReadSheetOptions): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs' typings want its own Buffer type; a Node Buffer is what it reads.
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch (err) {
    throw new AppError(24010, undefined, `xlsx load failed: ${(err as Error).message}`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount === 0) throw new AppError(24013);

  const known = new Map<string, string>();
  for (const c of [...opts.required, ...(opts.optional ?? [])]) known.set(c.trim().toLowerCase(), c);

  let columns: Array<{ index: number; key: string }> | null = null;
  const rows: Array<Record<string, string>> = [];
  const rowNumbers: number[] = [];
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (tooMany) return;
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      cells[col] = cellText(cell.value);
    });
    if (!cells.some((v) => v)) return;
    if (!columns) {
      columns = [];
      const seen = new Set<string>();
      cells.forEach((text, index) => {
        if (!text) return;
        const key = known.get(text.toLowerCase()) ?? text;
        if (seen.has(key.toLowerCase())) return; // a repeated column: the first one counts
        seen.add(key.toLowerCase());
        columns!.push({ index, key });
      });
      return;
    }
    if (rows.length >= opts.maxRows) {
      tooMany = true;
      return;
    }
    const values: Record<string, string> = {};
    for (const c of columns) values[c.key] = cells[c.index] ?? '';
    rows.push(values);
    rowNumbers.push(rowNumber);
  });

  const header = (columns as Array<{ key: string }> | null)?.map((c) => c.key) ?? [];
  const have = new Set(header.map((h) => h.toLowerCase()));
  const missing = opts.required.filter((c) => !have.has(c.trim().toLowerCase()));
  if (missing.length) throw new AppError(24011, { columns: missing.join(', ') });
  if (tooMany) throw new AppError(24012, { max: opts.maxRows });
  if (rows.length === 0) throw new AppError(24013);
  return { header, rows, rowNumbers };
}

/** A cell's value as the text a user typed or sees, trimmed. */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < 1e21 ? BigInt(v).toString() : String(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().replace(/T00:00:00\.000Z$/, '');
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((r) => r.text).join('').trim();
    if ('formula' in v || 'sharedFormula' in v) return cellText((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('text' in v) return cellText((v as ExcelJS.CellHyperlinkValue).text);
    if ('error' in v) return '';
  }
  return String(v).trim();
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

export interface XlsxColumn {
  header: string;
  /** Column width in characters (default from the header, at least 12). */
  width?: number;
  /** Excel number format of the column's cells, e.g. 'yyyy-mm-dd hh:mm:ss' for dates. */
  numFmt?: string;
}

export type XlsxCell = string | number | boolean | Date | null | undefined;

export interface XlsxStreamWriter {
  /** Appends one row (values in column order) and flushes it to the stream. */
  addRow(values: readonly XlsxCell[]): void;
  /**
   * Waits while the destination is behind, so a large export does not pile up in memory;
   * call every few hundred rows.
   */
  drain(): Promise<void>;
  /** Finishes the workbook; resolves when everything is written to the destination. */
  commit(): Promise<void>;
}

export interface XlsxSheetSpec {
  name: string;
  columns: readonly XlsxColumn[];
}

/**
 * A streaming xlsx writer onto `stream` (exceljs WorkbookWriter): rows are committed as they come,
 * without shared strings or styles beyond a bold header, so memory stays flat. One or more sheets;
 * rows go to the last sheet added (`nextSheet`).
 */
export function createXlsxStreamWriter(stream: Writable, first: XlsxSheetSpec): XlsxStreamWriter & { nextSheet(spec: XlsxSheetSpec): void } {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  let sheet: ExcelJS.Worksheet;
  const open = (spec: XlsxSheetSpec) => {
    if (sheet) sheet.commit();
    sheet = workbook.addWorksheet(spec.name.slice(0, 31));
    sheet.columns = spec.columns.map((c) => ({
      header: c.header,
      width: c.width ?? Math.max(12, c.header.length + 2),
      ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
    }));
    const head = sheet.getRow(1);
    head.font = { bold: true };
    head.commit();
  };
  open(first);
  return {
    nextSheet: open,
    addRow(values) {
      sheet.addRow(values.map((v) => (v === undefined ? null : v))).commit();
    },
    async drain() {
      if (stream.writableNeedDrain) await new Promise<void>((resolve) => stream.once('drain', resolve));
      // Let the zip stream move the committed rows along before the next batch.
      await new Promise<void>((resolve) => setImmediate(resolve));
    },
    async commit() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** A small workbook (one sheet or several) as a Buffer: error files, templates, test fixtures. */
export async function writeXlsxBuffer(sheets: ReadonlyArray<XlsxSheetSpec & { rows: ReadonlyArray<readonly XlsxCell[]> }>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const [first, ...rest] = sheets;
  if (!first) throw new Error('writeXlsxBuffer: no sheet');
  const w = createXlsxStreamWriter(out, first);
  for (const r of first.rows) w.addRow(r);
  for (const s of rest) {
    w.nextSheet(s);
    for (const r of s.rows) w.addRow(r);
  }
  await w.commit();
  await done;
  return Buffer.concat(chunks);
}
