/**
 * npm run audit:verify
 *
 * Walks the operation log's hash chain (modules/insight/audit-chain.ts) against the anchors in the
 * file store and prints `audit verify rows=<n> ok`, or the first broken seq and exits 1.
 * DATABASE_URL selects PostgreSQL (else PGlite in $DATA_DIR/pglite); the file store is the server's
 * (FILE_STORE_DIR, default $DATA_DIR/files, or S3 by its variables).
 */
import path from 'node:path';
import { openDatabase } from '@portal/server/db/client';
import { createFileStore } from '@portal/server/lib/files/index';
import { formatAuditVerify, verifyOperationLog } from '@portal/server/modules/insight/index';
import { dataDir } from '../seed/shared';

async function main(): Promise<number> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log('usage: npm run audit:verify\nenv: DATABASE_URL (unset: PGlite in $DATA_DIR/pglite), DATA_DIR, FILE_STORE_DIR');
    return 0;
  }
  const database = await openDatabase({ url: process.env.DATABASE_URL || undefined, dataDir: path.join(dataDir(), 'pglite') });
  try {
    await database.migrate();
    const fileStore = createFileStore({ FILE_STORE_DIR: path.join(dataDir(), 'files'), ...process.env });
    const r = await verifyOperationLog(database, fileStore);
    console.log(formatAuditVerify(r));
    return r.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
