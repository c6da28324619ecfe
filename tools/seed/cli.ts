/**
 * npm run seed [-- --if-empty] [--scale large] [--reset] [--companies N --users N ...] (see USAGE)
 *
 * DATABASE_URL selects PostgreSQL; otherwise PGlite in '$DATA_DIR/pglite' (DATA_DIR default
 * '<repo>/.data', the folder the server uses too). Prints the demo accounts at the end.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { printDemoAccounts } from './demo';
import { BENCH_ACCOUNT } from './large';
import { SeedError, runSeed } from './run';
import { dataDir } from './shared';

const USAGE = `usage: npm run seed [-- options]
  --if-empty        do nothing (but print the accounts) when the database is already seeded
  --scale large     also add the benchmark volumes (Bench Partner: 10,000 companies, 100,000 users, 1,000,000 devices), once
  --companies N     companies of the large volumes (default 10000)
  --users N         users of the large volumes (default 100000)
  --devices N       devices of the Bench Partner (default 1000000; added once, also to an earlier large seed)
  --oplog N         operation-log rows of the Bench Partner (default 1000000; added once, sealed)
  --end-users N     end users of the Bench Partner's app, each bound to one of its devices (default 200000; added once)
  --orders N        cloud storage orders of those devices over 18 months (default 1000000; added once with the end users)
  --app-end-users N end users of the Bench Partner's app in all, a third with a push token (default 1000000; added once with the messages)
  --receipts N      receipts of the Bench Partner's released messages to its end users, at least (default 2000000; added once)
  --reset           drop everything first (PostgreSQL: schemas public, drizzle, pgboss; PGlite: the data folder)
env: DATABASE_URL (PostgreSQL; unset: PGlite in $DATA_DIR/pglite), DATA_DIR (default <repo>/.data)`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'if-empty': { type: 'boolean', default: false },
      scale: { type: 'string', default: 'demo' },
      reset: { type: 'boolean', default: false },
      companies: { type: 'string' },
      users: { type: 'string' },
      devices: { type: 'string' },
      oplog: { type: 'string' },
      'end-users': { type: 'string' },
      orders: { type: 'string' },
      'app-end-users': { type: 'string' },
      receipts: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.scale !== 'demo' && values.scale !== 'large') {
    console.error(`unknown --scale ${values.scale} (demo or large)\n${USAGE}`);
    return 2;
  }
  const count = (v: string | undefined) => (v === undefined ? undefined : Number(v));

  const log = (line: string) => console.log(line);
  const startedAt = performance.now();
  const result = await runSeed({
    url: process.env.DATABASE_URL || undefined,
    pgliteDir: path.join(dataDir(), 'pglite'),
    reset: values.reset,
    ifEmpty: values['if-empty'],
    scale: values.scale,
    companies: count(values.companies),
    users: count(values.users),
    devices: count(values.devices),
    operationLogs: count(values.oplog),
    endUsers: count(values['end-users']),
    orders: count(values.orders),
    appEndUsers: count(values['app-end-users']),
    receipts: count(values.receipts),
    log,
  });
  log(`seed: done in ${((performance.now() - startedAt) / 1000).toFixed(2)} s`);
  log('');
  printDemoAccounts(log, result.hasLarge ? [BENCH_ACCOUNT] : []);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof SeedError || (err instanceof TypeError && (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))) {
      console.error(`seed: ${(err as Error).message}`);
    } else {
      console.error(err);
    }
    process.exit(1);
  },
);
