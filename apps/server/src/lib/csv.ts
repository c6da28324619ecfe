/**
 * A streaming CSV writer with the xlsx stream writer's shape (lib/xlsx.ts), so an export writes
 * either format row by row: UTF-8 with a byte-order mark (spreadsheet programs then read localized
 * headers right), CRLF lines, fields quoted when they hold a quote, comma or line break, and a
 * leading =, +, - or @ defused (no formula runs when the file is opened).
 */
import type { Writable } from 'node:stream';
import { drained, type XlsxCell, type XlsxStreamWriter } from './xlsx';

export const CSV_MIME = 'text/csv; charset=utf-8';

function field(v: XlsxCell): string {
  if (v === null || v === undefined) return '';
  let s = v instanceof Date ? v.toISOString().replace('T', ' ').slice(0, 19) : String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function createCsvStreamWriter(stream: Writable, headers: readonly string[]): XlsxStreamWriter {
  let buffered: string[] = [];
  const flush = () => {
    if (buffered.length) stream.write(buffered.join(''));
    buffered = [];
  };
  buffered.push('\uFEFF' + headers.map(field).join(',') + '\r\n');
  return {
    addRow(values) {
      buffered.push(values.map(field).join(',') + '\r\n');
      if (buffered.length >= 500) flush();
    },
    async drain() {
      flush();
      await drained(stream);
    },
    async commit() {
      flush();
      await new Promise<void>((resolve) => stream.end(resolve));
    },
  };
}
