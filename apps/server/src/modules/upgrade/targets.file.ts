/** The SNs of a specified release's xlsx (column SN, at most IMPORT_MAX_ROWS rows). */
import { TARGET_IMPORT_COLUMNS } from '@portal/contract';
import type { Readable } from 'node:stream';
import type { FileStore } from '../../lib/files';
import { readSheet } from '../../lib/xlsx';

async function bufferOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(parts);
}

/** The SN cells of the file, as written (blank cells left out). AppError 24010-24013 for a bad sheet. */
export async function readTargetSns(store: FileStore, key: string, maxRows: number): Promise<string[]> {
  const { stream } = await store.get(key);
  const sheet = await readSheet(await bufferOf(stream), { required: TARGET_IMPORT_COLUMNS, maxRows });
  return sheet.rows.map((r) => (r.SN ?? '').trim()).filter((sn) => sn !== '');
}
