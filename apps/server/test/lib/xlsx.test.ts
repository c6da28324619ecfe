import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { createRequire } from 'node:module';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/app-error';
import {
  createXlsxStreamWriter,
  IMPORT_BUSY_RETRY_SECONDS,
  IMPORT_CONCURRENCY_MAX,
  ImportSlots,
  readSheet,
  withImportSlot,
  writeXlsxBuffer,
} from '../../src/lib/xlsx';

async function book(rows: unknown[][], opts: { sheetName?: string; extraSheetFirst?: boolean } = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(opts.sheetName ?? 'Devices');
  for (const r of rows) ws.addRow(r);
  wb.addWorksheet('Other').addRow(['ignored']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function codeOf(p: Promise<unknown>): Promise<{ code: number; params?: Record<string, unknown>; detail?: string }> {
  try {
    await p;
  } catch (err) {
    // The detail (the reader's own error behind a 24010) is not compared, only shown when a check fails.
    if (err instanceof AppError) return Object.defineProperty({ code: err.code, params: err.params }, 'detail', { value: err.message });
    throw err;
  }
  throw new Error('expected an AppError');
}

const opts = { required: ['SN', 'MAC'], optional: ['Model'], maxRows: 3 };

describe('readSheet', () => {
  it('matches the header trimmed and case-insensitively and gives trimmed strings, skipping blank rows', async () => {
    const buf = await book([
      [],
      ['  sn ', 'Mac', 'MODEL', 'Notes'],
      ['  ab12 ', 'AA:BB:CC:DD:EE:01', 'IPC-200', { richText: [{ text: 'rich ' }, { text: 'text' }] }],
      [null, '', '   '],
      [123456789012, 'aabbccddee02', { formula: '"NVR"&"-800"', result: 'NVR-800' }, new Date(Date.UTC(2026, 0, 2))],
    ]);
    const sheet = await readSheet(buf, opts);
    expect(sheet.header).toEqual(['SN', 'MAC', 'Model', 'Notes']);
    expect(sheet.rows).toEqual([
      { SN: 'ab12', MAC: 'AA:BB:CC:DD:EE:01', Model: 'IPC-200', Notes: 'rich text' },
      { SN: '123456789012', MAC: 'aabbccddee02', Model: 'NVR-800', Notes: '2026-01-02' },
    ]);
    expect(sheet.rowNumbers).toEqual([3, 5]);
  });

  it('gives empty strings for cells missing in a row', async () => {
    const sheet = await readSheet(await book([['SN', 'MAC', 'Model'], ['X1']]), opts);
    expect(sheet.rows).toEqual([{ SN: 'X1', MAC: '', Model: '' }]);
  });

  it('refuses bytes that are not an xlsx (24010)', async () => {
    expect((await codeOf(readSheet(Buffer.from('SN,MAC\nA,B\n'), opts))).code).toBe(24010);
    expect((await codeOf(readSheet(Buffer.from('PK\u0003\u0004garbage'), opts))).code).toBe(24010);
  });

  it('refuses a file cut short, with or without its last record, rather than waiting for the rest (24010)', async () => {
    const whole = await book([
      ['SN', 'MAC'],
      ['1', 'a'],
    ]);
    for (const cut of [whole.subarray(0, whole.length - 22), whole.subarray(0, Math.floor(whole.length * 0.6))]) {
      expect((await codeOf(readSheet(cut, opts))).code).toBe(24010);
      expect((await codeOf(readSheet(Readable.from([cut]), opts))).code).toBe(24010);
    }
  });

  it('reads every part of a small file even when writing a temporary file takes longer than unzipping the rest', async () => {
    // unzipper said "end" once it had parsed the zip's last record, while parts it had parsed still
    // waited; exceljs stopped there and read the first sheet without its shared strings (24011, the
    // header as "[object Object]"). Seen under load; here the temporary file is made late on purpose.
    const tmp = createRequire(createRequire(import.meta.url).resolve('exceljs'))('tmp') as { file: (...a: unknown[]) => void };
    const file = tmp.file;
    tmp.file = (...a: unknown[]) => void setTimeout(() => file(...a), 50);
    try {
      const sheet = await readSheet(
        await book([
          ['SN', 'MAC'],
          ['1', 'a'],
        ]),
        opts,
      );
      expect(sheet).toEqual({ header: ['SN', 'MAC'], rows: [{ SN: '1', MAC: 'a' }], rowNumbers: [2] });
    } finally {
      tmp.file = file;
    }
  });

  it('names the missing columns (24011)', async () => {
    const r = await codeOf(
      readSheet(
        await book([
          ['Serial', 'Model'],
          ['A', 'B'],
        ]),
        opts,
      ),
    );
    expect(r, r.detail).toEqual({ code: 24011, params: { columns: 'SN, MAC' } });
  });

  it('refuses more rows than allowed (24012), not counting blank ones', async () => {
    const ok = await readSheet(await book([['SN', 'MAC'], ['1', 'a'], [], ['2', 'b'], ['3', 'c']]), opts);
    expect(ok.rows).toHaveLength(3);
    const r = await codeOf(
      readSheet(
        await book([
          ['SN', 'MAC'],
          ['1', 'a'],
          ['2', 'b'],
          ['3', 'c'],
          ['4', 'd'],
        ]),
        opts,
      ),
    );
    expect(r).toEqual({ code: 24012, params: { max: 3 } });
  });

  it('closes the sheets it skips or stops reading without a stray error, however the temporary files race', async () => {
    // exceljs spools these sheets to temporary files and unlinks each as soon as the reader moves on;
    // a stream closed before it opened its file once surfaced "ENOENT" as an uncaught exception.
    const stray: unknown[] = [];
    const onStray = (err: unknown) => stray.push(err);
    process.on('uncaughtException', onStray);
    try {
      const many = await book([
        ['SN', 'MAC'],
        ['1', 'a'],
        ['2', 'b'],
        ['3', 'c'],
        ['4', 'd'],
      ]);
      const fits = await book([
        ['SN', 'MAC'],
        ['1', 'a'],
      ]);
      for (let i = 0; i < 40; i++) {
        expect((await codeOf(readSheet(many, opts))).code).toBe(24012);
        expect((await readSheet(fits, opts)).rows).toHaveLength(1);
      }
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      process.off('uncaughtException', onStray);
    }
    expect(stray).toEqual([]);
  });

  /** `buf` rezipped with its parts in `order` (the rest after them), the workbook's tabs swapped when asked. */
  async function rezip(buf: Buffer, order: string[], opts: { swapTabs?: boolean } = {}): Promise<Buffer> {
    const zip = await JSZip.loadAsync(buf);
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
    expect(names).toEqual(expect.arrayContaining(order));
    const out = new JSZip();
    for (const n of [...order, ...names.filter((n) => !order.includes(n))]) {
      let bytes: Uint8Array | string = await zip.files[n]!.async('uint8array');
      if (n === 'xl/workbook.xml' && opts.swapTabs) {
        const xml = Buffer.from(bytes).toString('utf8');
        const tabs = xml.match(/<sheet [^>]*\/>/g)!;
        expect(tabs).toHaveLength(2);
        bytes = xml.replace(tabs.join(''), `${tabs[1]}${tabs[0]}`);
        expect(bytes).not.toBe(xml);
      }
      out.file(n, bytes);
    }
    // Deflated, as spreadsheet programs write them: a stored entry behind a data descriptor cannot be streamed.
    return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
  }

  it('reads the first tab when exceljs would emit a later sheet first (the first spooled, the second parsed at once)', async () => {
    // A sheet before the shared strings is spooled and emitted after the whole zip; one after them at once.
    const devices = await book([
      ['SN', 'MAC'],
      ['SN-1', 'aa'],
    ]);
    const spooledFirst = await rezip(devices, [
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/worksheets/sheet1.xml',
      'xl/sharedStrings.xml',
      'xl/styles.xml',
      'xl/worksheets/sheet2.xml',
    ]);
    for (let i = 0; i < 3; i++) expect((await readSheet(spooledFirst, opts)).rows).toEqual([{ SN: 'SN-1', MAC: 'aa' }]);
  });

  it('chooses the first tab by the workbook part even when that part comes after every sheet (any zip order)', async () => {
    // exceljs's own writer varies its parts' order; the workbook part last once answered 24010 ("reading 'sheets'").
    const devices = await book([
      ['SN', 'MAC'],
      ['SN-1', 'aa'],
    ]);
    const workbookLast = [
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/sharedStrings.xml',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
      'xl/workbook.xml',
    ];
    expect((await readSheet(await rezip(devices, workbookLast), opts)).rows).toEqual([{ SN: 'SN-1', MAC: 'aa' }]);
    // The same parts with the tabs swapped: the first tab is now "Other" (sheet2.xml), which lacks the columns.
    const otherFirst = await rezip(devices, workbookLast, { swapTabs: true });
    expect(await codeOf(readSheet(otherFirst, opts))).toMatchObject({ code: 24011, params: { columns: 'SN, MAC' } });
    // And with the workbook part first, the swapped tabs are known before any sheet comes.
    const known = await rezip(
      devices,
      ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml'],
      {
        swapTabs: true,
      },
    );
    expect(await codeOf(readSheet(known, opts))).toMatchObject({ code: 24011, params: { columns: 'SN, MAC' } });
  });

  it('refuses a sheet without data rows (24013)', async () => {
    expect((await codeOf(readSheet(await book([['SN', 'MAC']]), opts))).code).toBe(24013);
    expect((await codeOf(readSheet(await book([]), opts))).code).toBe(24013);
  });
});

describe('xlsx writing', () => {
  it('streams rows onto a writable as a workbook exceljs reads back', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((r) => out.on('end', r));
    const w = createXlsxStreamWriter(out, { name: 'Results', columns: [{ header: 'SN' }, { header: 'Count' }, { header: 'At' }] });
    for (let i = 0; i < 2000; i++) {
      w.addRow([`SN${i}`, i, i === 0 ? new Date(Date.UTC(2026, 1, 3)) : null]);
      if (i % 500 === 0) await w.drain();
    }
    await w.commit();
    await ended;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Results');
    expect(ws.getRow(1).values).toEqual([undefined, 'SN', 'Count', 'At']);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.actualRowCount).toBe(2001);
    expect(ws.getRow(2001).getCell(1).value).toBe('SN1999');
    expect(ws.getRow(2001).getCell(2).value).toBe(1999);
    expect((ws.getRow(2).getCell(3).value as Date).toISOString()).toBe('2026-02-03T00:00:00.000Z');
  });

  it('writes several sheets into a buffer that readSheet reads (first sheet)', async () => {
    const buf = await writeXlsxBuffer([
      { name: 'Devices', columns: [{ header: 'SN' }, { header: 'MAC' }], rows: [['A1', 'AABBCCDDEEFF']] },
      { name: 'Help', columns: [{ header: 'Column' }], rows: [['SN: required']] },
    ]);
    const sheet = await readSheet(buf, { required: ['SN', 'MAC'], maxRows: 10 });
    expect(sheet.rows).toEqual([{ SN: 'A1', MAC: 'AABBCCDDEEFF' }]);
  });
});

describe('readSheet streams (issue 11 §1.10)', () => {
  /**
   * A workbook with `rows` numeric data rows, re-packed so that its shared strings come before the
   * sheet (it can then be parsed as it streams). The rows are written into the sheet's XML directly:
   * building 200,000 rows through exceljs would take the test longer than reading them.
   */
  async function streamableBook(rows: number): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Devices').addRow(['SN', 'MAC']);
    const zip = await JSZip.loadAsync(Buffer.from(await wb.xlsx.writeBuffer()));
    const sheetXml = await zip.files['xl/worksheets/sheet1.xml']!.async('string');
    const data: string[] = [];
    for (let i = 2; i <= rows + 1; i++)
      data.push(`<row r="${i}"><c r="A${i}"><v>${i - 1}</v></c><c r="B${i}"><v>${(i - 1) * 7}</v></c></row>`);
    const sheet = sheetXml.replace('</row></sheetData>', `</row>${data.join('')}</sheetData>`).replace(/<dimension ref="[^"]*"\/>/, '');
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
    const first = [
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/sharedStrings.xml',
      'xl/styles.xml',
    ];
    const out = new JSZip();
    for (const n of [...first.filter((n) => names.includes(n)), ...names.filter((n) => !first.includes(n))]) {
      out.file(n, n === 'xl/worksheets/sheet1.xml' ? sheet : await zip.files[n]!.async('uint8array'));
    }
    return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
  }

  /** The buffer as a stream of 16 KiB chunks that counts what the reader pulled. */
  function counted(buf: Buffer) {
    const state = { pulled: 0 };
    let offset = 0;
    const stream = new Readable({
      read() {
        if (offset >= buf.length) return this.push(null);
        const chunk = buf.subarray(offset, offset + 16 * 1024);
        offset += chunk.length;
        state.pulled += chunk.length;
        this.push(chunk);
      },
    });
    return { stream, state };
  }

  it('refuses a file over the row cap without reading it all', async () => {
    const buf = await streamableBook(100_000);
    const { stream, state } = counted(buf);
    const r = await codeOf(readSheet(stream, { required: ['SN', 'MAC'], maxRows: 50 }));
    expect(r).toEqual({ code: 24012, params: { max: 50 } });
    expect(state.pulled).toBeLessThan(buf.length / 3);
    // A file of the same make within the cap is read to its end.
    const small = await streamableBook(3000);
    const all = counted(small);
    const sheet = await readSheet(all.stream, { required: ['SN', 'MAC'], maxRows: 3000 });
    expect(all.state.pulled).toBe(small.length);
    expect(sheet.rows).toHaveLength(3000);
    expect(sheet.rows[2999]).toEqual({ SN: '3000', MAC: '21000' });
  });

  it('reads a stream of a file as Excel orders it (sheet before shared strings)', async () => {
    const buf = await book([
      ['SN', 'MAC'],
      ['A1', 'B1'],
      ['A2', 'B2'],
    ]);
    const sheet = await readSheet(Readable.from([buf]), opts);
    expect(sheet.rows).toEqual([
      { SN: 'A1', MAC: 'B1' },
      { SN: 'A2', MAC: 'B2' },
    ]);
    expect((await codeOf(readSheet(Readable.from([Buffer.from('not a zip at all')]), opts))).code).toBe(24010);
  });
});

describe('import slots', () => {
  it('runs at most IMPORT_CONCURRENCY_MAX imports at once and refuses the next with 24026, then frees the slot', async () => {
    expect(IMPORT_CONCURRENCY_MAX).toBe(2);
    const slots = new ImportSlots(IMPORT_CONCURRENCY_MAX);
    const gates: Array<() => void> = [];
    const running = Array.from({ length: IMPORT_CONCURRENCY_MAX }, () =>
      withImportSlot(() => new Promise<string>((resolve) => gates.push(() => resolve('done'))), slots),
    );
    expect(slots.inUse).toBe(2);
    const busy = await codeOf(withImportSlot(async () => 'never', slots));
    expect(busy).toEqual({ code: 24026, params: { seconds: IMPORT_BUSY_RETRY_SECONDS } });
    gates.forEach((open) => open());
    expect(await Promise.all(running)).toEqual(['done', 'done']);
    expect(slots.inUse).toBe(0);
    // A failed import gives its slot back too.
    await expect(
      withImportSlot(async () => {
        throw new Error('boom');
      }, slots),
    ).rejects.toThrow('boom');
    expect(slots.inUse).toBe(0);
    expect(await withImportSlot(async () => 'ok', slots)).toBe('ok');
  });
});
