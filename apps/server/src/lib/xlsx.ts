/**
 * Reading and writing xlsx workbooks (exceljs): imports stream one sheet of an uploaded file into
 * strings, row by row up to a cap, a bounded number at a time; exports stream rows straight to a Writable (an HTTP reply) so that a large result
 * never sits in memory as a whole workbook.
 */
import { ErrorCodes } from '@portal/contract';
import ExcelJS from 'exceljs';
import { PassThrough, Readable, type Writable } from 'node:stream';
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

// ---------------------------------------------------------------------------------------------
// Reading (streamed, bounded)
// ---------------------------------------------------------------------------------------------

/** Most imports that read a workbook at the same time in one server (issue 11 §1.10). */
export const IMPORT_CONCURRENCY_MAX = 2;
/** The wait an import refused as busy (24026) is told to retry after. */
export const IMPORT_BUSY_RETRY_SECONDS = 5;

/**
 * Slots of concurrent imports in this process: a workbook read beyond them is refused at once
 * with 24026 ("busy, retry") instead of queueing behind the others and stalling the server.
 */
export class ImportSlots {
  private used = 0;
  constructor(readonly max: number) {}
  get inUse() {
    return this.used;
  }
  /** A release function, or null when every slot is taken. */
  tryAcquire(): (() => void) | null {
    if (this.used >= this.max) return null;
    this.used++;
    let released = false;
    return () => {
      if (!released) this.used--;
      released = true;
    };
  }
}

export const importSlots = new ImportSlots(IMPORT_CONCURRENCY_MAX);

/** Runs `fn` in an import slot, or throws 24026 when none is free. */
export async function withImportSlot<T>(fn: () => Promise<T>, slots: ImportSlots = importSlots): Promise<T> {
  const release = slots.tryAcquire();
  if (!release) throw new AppError(ErrorCodes.importBusy, { seconds: IMPORT_BUSY_RETRY_SECONDS }, `${slots.max} imports already running`);
  try {
    return await fn();
  } finally {
    release();
  }
}

/**
 * The first sheet of an xlsx (the first tab: the first in the workbook part's list of sheets): the
 * first non-blank row is the header, blank rows are skipped.
 * AppError 24010 unreadable, 24011 {columns} missing, 24012 {max} too many rows, 24013 no data rows.
 * An import runs it inside `withImportSlot`.
 *
 * Read with exceljs' streaming reader, never as a whole workbook in memory: rows are parsed as the
 * bytes arrive and reading stops at the first row over `maxRows`. (A sheet stored before the
 * workbook's shared strings, as Excel writes it, is spooled by exceljs to a temporary file and
 * parsed from there, still row by row.) `source` is a Buffer or a stream of the file (a file store's).
 *
 * exceljs emits sheets in the order it can parse them, not in the workbook's: a spooled sheet comes
 * after every sheet stored behind the shared strings, and a sheet can come before the workbook part
 * that says which tab is first (a zip's order is free, and exceljs's own writer varies it). A sheet
 * is therefore taken by its place in the workbook; a sheet emitted while that is not known yet is
 * read as a candidate (at most `READ_CANDIDATES_MAX` of them, each bounded by `maxRows`) and the
 * first tab among them chosen once the whole file is read.
 */
export async function readSheet(source: Buffer | Readable, opts: ReadSheetOptions): Promise<Sheet> {
  const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
  letOnlyTheTrueEndThrough(input);
  const known = new Map<string, string>();
  for (const c of [...opts.required, ...(opts.optional ?? [])]) known.set(c.trim().toLowerCase(), c);

  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // dates are numbers with a date format
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  // exceljs names a sheet from the workbook part (xl/workbook.xml) when it reaches the sheet; a file
  // whose shared strings and relations come before its sheets and its workbook part after them made
  // it read `sheets` of nothing: an empty model until the workbook part comes.
  const parts = reader as unknown as WorkbookReaderParts;
  parts.model ??= { sheets: [] };

  let chosen: SheetRead | null = null;
  const candidates: SheetRead[] = [];
  let unreadCandidate = false;
  try {
    for await (const worksheet of reader) {
      // A sheet spooled to a temporary file (see above) is read from this stream; unread, it is closed.
      // exceljs unlinks the temporary file as soon as the loop moves on, possibly before the stream
      // has opened it: the stream is closed with its late "not found" error ignored, never left to
      // surface as an uncaught error.
      const spool = (worksheet as unknown as { iterator?: unknown }).iterator;
      const spooled = spool instanceof Readable;
      const discard = () => {
        if (!spooled) return;
        spool.on('error', () => undefined);
        spool.destroy();
      };
      const first = firstSheetOf(parts);
      if (first && !chosen) chosen = candidates.find((c) => c.file === first.file) ?? null;
      const file = partNumberOf(worksheet, parts);
      let target: SheetRead;
      if (chosen) {
        discard();
        continue;
      } else if (first) {
        if (file !== first.file) {
          discard();
          continue;
        }
        target = chosen = new SheetRead(known, opts.maxRows, file);
      } else if (candidates.length < READ_CANDIDATES_MAX) {
        target = new SheetRead(known, opts.maxRows, file);
        candidates.push(target);
      } else {
        unreadCandidate = true;
        discard();
        continue;
      }
      for await (const row of worksheet) {
        target.onRow(row);
        if (target.tooMany) break;
      }
      if (spooled) discard();
      // Parsed straight from the upload: stop reading the rest of the file.
      else if (target === chosen && target.tooMany) break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(ErrorCodes.importUnreadable, undefined, `xlsx read failed: ${(err as Error).message}`);
  } finally {
    input.destroy();
  }

  if (!chosen && candidates.length) {
    // The whole file is read: the workbook part, when there is one, says which candidate is the first tab.
    const first = firstSheetOf(parts);
    const lowest = [...candidates].sort((a, b) => a.file - b.file)[0]!;
    chosen = first ? (candidates.find((c) => c.file === first.file) ?? null) : lowest;
    if (!chosen && unreadCandidate)
      throw new AppError(ErrorCodes.importUnreadable, undefined, `first sheet beyond the ${READ_CANDIDATES_MAX} read`);
  }
  if (!chosen) throw new AppError(ErrorCodes.importUnreadable, undefined, 'no worksheet in the file');
  return chosen.result(opts.required);
}

/**
 * exceljs pipes the file into unzipper's Parse and takes the zip's entries until Parse says 'end'.
 * Parse says it as soon as it has parsed the zip's last record, while entries it parsed may still
 * wait in its buffer: exceljs then stops and silently misses them. Seen when writing a spooled
 * sheet's temporary file took longer than parsing the rest of a small file (under load): the sheet
 * was read without its shared strings, the workbook part or the other sheets. So the stream
 * `input` is piped into hears only the end Node's Readable itself emits, once everything buffered
 * has been read; Parse still reports a cut or broken file as an error.
 */
function letOnlyTheTrueEndThrough(input: Readable): void {
  const pipe = input.pipe;
  input.pipe = function pipeToZip<T extends NodeJS.WritableStream>(this: Readable, dest: T, options?: { end?: boolean }): T {
    if (dest instanceof Readable) {
      const emit = dest.emit;
      dest.emit = function emitTrueEnd(this: Readable, event: string | symbol, ...args: unknown[]): boolean {
        if (event === 'end' && !this.readableEnded) return false;
        return emit.call(this, event, ...args);
      };
    }
    return pipe.call(this, dest, options) as T;
  };
}

/** Most sheets read as candidates while the workbook part has not said which one is the first tab. */
export const READ_CANDIDATES_MAX = 8;

/** What readSheet looks at in exceljs's WorkbookReader once it has parsed the workbook part and its relations. */
interface WorkbookReaderParts {
  model?: { sheets?: Array<{ name?: string; rId?: string }> };
  workbookRels?: Array<{ Id?: string; Target?: string }>;
}

/** The part number of the workbook's first tab, once both the workbook part and its relations are read. */
function firstSheetOf(parts: WorkbookReaderParts): { file: number } | null {
  const file = partNumberOfRel(parts, parts.model?.sheets?.[0]?.rId);
  return file === null ? null : { file };
}

/** One sheet read row by row: the header, then up to `maxRows` data rows. */
class SheetRead {
  private columns: Array<{ index: number; key: string }> | null = null;
  private readonly rows: Array<Record<string, string>> = [];
  private readonly rowNumbers: number[] = [];
  tooMany = false;

  constructor(
    private readonly known: Map<string, string>,
    private readonly maxRows: number,
    /** N of the part xl/worksheets/sheetN.xml it was read from. */
    readonly file: number,
  ) {}

  onRow(row: ExcelJS.Row) {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, col) => {
      cells[col] = cellText(cell.value);
    });
    if (!cells.some((v) => v)) return;
    if (!this.columns) {
      const cols: Array<{ index: number; key: string }> = [];
      const seen = new Set<string>();
      cells.forEach((text, index) => {
        if (!text) return;
        const key = this.known.get(text.toLowerCase()) ?? text;
        if (seen.has(key.toLowerCase())) return; // a repeated column: the first one counts
        seen.add(key.toLowerCase());
        cols.push({ index, key });
      });
      this.columns = cols;
      return;
    }
    if (this.rows.length >= this.maxRows) {
      this.tooMany = true;
      return;
    }
    const values: Record<string, string> = {};
    for (const c of this.columns) values[c.key] = cells[c.index] ?? '';
    this.rows.push(values);
    this.rowNumbers.push(row.number);
  }

  result(required: readonly string[]): Sheet {
    if (!this.columns) throw new AppError(ErrorCodes.importEmpty);
    const header = this.columns.map((c) => c.key);
    const have = new Set(header.map((h) => h.toLowerCase()));
    const missing = required.filter((c) => !have.has(c.trim().toLowerCase()));
    if (missing.length) throw new AppError(ErrorCodes.importMissingColumns, { columns: missing.join(', ') });
    if (this.tooMany) throw new AppError(ErrorCodes.importTooManyRows, { max: this.maxRows });
    if (this.rows.length === 0) throw new AppError(ErrorCodes.importEmpty);
    return { header, rows: this.rows, rowNumbers: this.rowNumbers };
  }
}

/**
 * N of the part xl/worksheets/sheetN.xml an emitted sheet is read from. exceljs replaces the sheet's
 * `id` (at first that number) with the workbook's sheet id and sets its `name` when it matched the
 * sheet in the workbook part; the name then leads back to the part.
 */
function partNumberOf(worksheet: unknown, parts: WorkbookReaderParts): number {
  const ws = worksheet as { id?: unknown; name?: unknown };
  if (typeof ws.name === 'string') {
    const sheet = parts.model?.sheets?.find((s) => s.name === ws.name);
    const file = partNumberOfRel(parts, sheet?.rId);
    if (file !== null) return file;
  }
  return Number(ws.id);
}

function partNumberOfRel(parts: WorkbookReaderParts, rId: string | undefined): number | null {
  const rel = rId === undefined ? undefined : parts.workbookRels?.find((r) => r.Id === rId);
  const file = rel?.Target?.match(/worksheets\/sheet(\d+)\.xml$/)?.[1];
  return file ? Number(file) : null;
}

/** A cell's value as the text a user typed or sees, trimmed. */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) < 1e21 ? BigInt(v).toString() : String(v);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().replace(/T00:00:00\.000Z$/, '');
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText))
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
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

/**
 * Waits until a stream written past its high-water mark drains. A destination closed while behind
 * (the client went away) never drains: stop waiting then. Shared by the xlsx and CSV writers.
 */
export async function drained(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

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
export function createXlsxStreamWriter(
  stream: Writable,
  first: XlsxSheetSpec,
  opts: {
    /**
     * false: no styles at all (no bold header, no number formats), for the largest exports: exceljs
     * then skips a style lookup per cell, about a sixth of the time of a 500,000-row sheet.
     */
    styles?: boolean;
  } = {},
): XlsxStreamWriter & { nextSheet(spec: XlsxSheetSpec): void } {
  const styles = opts.styles ?? true;
  // Deflate at zlib's fastest level: exceljs hands each sheet's XML to the zip without waiting for it
  // (no backpressure), so with the default level the rows of a 500,000-row export piled up in memory
  // ahead of the compressor; the file is a little larger.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: styles,
    useSharedStrings: false,
    zip: { zlib: { level: 1 } },
  });
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
    if (styles) head.font = { bold: true };
    head.commit();
  };
  open(first);
  return {
    nextSheet: open,
    addRow(values) {
      sheet.addRow(values.map((v) => (v === undefined ? null : v))).commit();
    },
    async drain() {
      await drained(stream);
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
export async function writeXlsxBuffer(
  sheets: ReadonlyArray<XlsxSheetSpec & { rows: ReadonlyArray<readonly XlsxCell[]> }>,
): Promise<Buffer> {
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
