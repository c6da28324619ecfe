/**
 * npm run stats [-- --rebuild]
 *
 * Brings the statistics' rollups up to date once (what the insight.rollup job does every minute),
 * or with --rebuild recomputes every hourly and daily bucket from the raw device events and samples.
 * DATABASE_URL selects PostgreSQL; otherwise PGlite in '$DATA_DIR/pglite'.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '@portal/server/db/client';
import { runRollupOnce } from '@portal/server/modules/insight/index';
import { dataDir } from '../seed/shared';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { rebuild: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    strict: true,
  });
  if (values.help) {
    console.log('usage: npm run stats [-- --rebuild]\nenv: DATABASE_URL (PostgreSQL; unset: PGlite in $DATA_DIR/pglite), DATA_DIR');
    return 0;
  }
  const database = await openDatabase({ url: process.env.DATABASE_URL || undefined, dataDir: path.join(dataDir(), 'pglite') });
  try {
    await database.migrate();
    const startedAt = performance.now();
    const r = await runRollupOnce(database, Date.now(), { rebuild: values.rebuild });
    console.log(
      `stats ${values.rebuild ? 'rebuild' : 'update'}: ${r.hours} hours, ${r.days} zone-days in ${((performance.now() - startedAt) / 1000).toFixed(2)} s`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
