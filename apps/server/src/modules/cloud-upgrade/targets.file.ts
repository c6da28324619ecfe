/** The SNs of a specified release's xlsx (column SN, at most IMPORT_MAX_ROWS rows). */
import { TARGET_IMPORT_COLUMNS } from '@portal/contract';
import type { FileStore } from '../../lib/files';
import { readSheet, withImportSlot } from '../../lib/xlsx';

/**
 * The SN cells of the file, as written (blank cells left out), streamed from the store in an import
 * slot. AppError 24010-24013 for a bad sheet, 24026 when the server's import slots are all taken.
 */
export async function readTargetSns(store: FileStore, key: string, maxRows: number): Promise<string[]> {
  return withImportSlot(async () => {
    const { stream } = await store.get(key);
    const sheet = await readSheet(stream, { required: TARGET_IMPORT_COLUMNS, maxRows });
    return sheet.rows.map((r) => (r.SN ?? '').trim()).filter((sn) => sn !== '');
  });
}
