/**
 * The seeding procedure behind `npm run seed`, also used by the benchmark to prepare its database:
 * open (optionally reset), migrate, seed the demo data when empty, add the large volumes once.
 */
import { openDatabase, openPostgres } from '@portal/server/db/client';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { seedDemo } from './demo';
import { demoKeysFile, writeDemoKeys } from './demo-keys';
import { hasLargeData, seedLarge } from './large';
import { hasLargeContent, seedLargeContent } from './large-content';
import { hasLargeDevices, seedLargeDevices } from './large-devices';
import { hasLargeInsight, seedLargeInsight } from './large-insight';
import { hasLargeOperationLogs, seedLargeOperationLogs } from './large-oplog';
import { hasLargeMessages, seedLargeMessages } from './large-messages';
import { hasLargeOrders, seedLargeOrders } from './large-orders';
import { hashDemoPassword, isEmpty, type Log } from './shared';

export interface RunSeedOptions {
  /** PostgreSQL URL; unset: PGlite in `pgliteDir`. */
  url?: string;
  pgliteDir: string;
  /** Drop everything first. */
  reset?: boolean;
  /** Not an error when the database already holds demo data. */
  ifEmpty?: boolean;
  /** 'large' also adds the benchmark volumes (once). */
  scale?: 'demo' | 'large';
  companies?: number;
  users?: number;
  /** Devices of the Bench Partner (default 1,000,000), added once, also to large volumes seeded before they existed. */
  devices?: number;
  /** Events per Bench Partner device over 30 days (default 5: 5,000,000 rows), with fleet samples and the rollups, added once. */
  deviceEventsPerDevice?: number;
  /** Operation-log rows of the Bench Partner (default 1,000,000), added once, also to large volumes seeded before. */
  operationLogs?: number;
  /** Products of the Bench Partner's content site (default 10,000), added once, also to large volumes seeded before. */
  siteProducts?: number;
  /** End users (default 200,000) and orders (default 1,000,000) of the Bench Partner, added once. */
  endUsers?: number;
  orders?: number;
  /** End users of the Bench Partner's app in all (default 1,000,000) and receipts of its released messages (default 2,000,000), added once. */
  appEndUsers?: number;
  receipts?: number;
  /** Where a demo seed keeps its random keys (default DATA_DIR/secrets/demo-keys.json). */
  keysFile?: string;
  log?: Log;
}

export interface RunSeedResult {
  seededDemo: boolean;
  seededLarge: boolean;
  /** Whether the large volumes are present at the end. */
  hasLarge: boolean;
}

export class SeedError extends Error {}

/** Drop every table, sequence and migration record, on PostgreSQL or PGlite. */
export async function resetDatabase(opts: { url?: string; pgliteDir: string; log?: Log }): Promise<void> {
  const log = opts.log ?? (() => {});
  if (opts.url) {
    const database = await openPostgres(opts.url, { max: 1 });
    try {
      // public holds the tables, drizzle the migration journal, pgboss the job queue.
      await database.query('drop schema if exists drizzle cascade');
      await database.query('drop schema if exists pgboss cascade');
      await database.query('drop schema if exists public cascade');
      await database.query('create schema public');
    } finally {
      await database.close();
    }
    log(`reset: dropped schemas public, drizzle and pgboss of ${redact(opts.url)}`);
  } else {
    rmSync(opts.pgliteDir, { recursive: true, force: true });
    log(`reset: deleted ${opts.pgliteDir}`);
  }
}

export async function runSeed(opts: RunSeedOptions): Promise<RunSeedResult> {
  const log = opts.log ?? (() => {});
  if (opts.reset) await resetDatabase(opts);
  if (!opts.url) mkdirSync(path.dirname(opts.pgliteDir), { recursive: true });

  const database = await openDatabase({ url: opts.url, dataDir: opts.url ? undefined : opts.pgliteDir });
  try {
    log(`database: ${opts.url ? `PostgreSQL ${redact(opts.url)}` : `PGlite ${opts.pgliteDir}`}`);
    await database.migrate();
    let seededDemo = false;
    if (await isEmpty(database)) {
      const demo = await seedDemo(database, { log });
      const keysFile = opts.keysFile ?? demoKeysFile();
      writeDemoKeys(demo.keys, keysFile);
      log(`demo: provisioning key and application secrets kept in ${keysFile} (0600)`);
      seededDemo = true;
    } else if (opts.ifEmpty || opts.scale === 'large') {
      log('database already seeded');
    } else {
      throw new SeedError('database already seeded: use --if-empty to accept that, or --reset to start over');
    }

    let seededLarge = false;
    let hasLarge = await hasLargeData(database);
    if (opts.scale === 'large') {
      if (hasLarge) {
        log('large volumes already present (Bench Partner)');
      } else {
        await seedLarge(database, { companies: opts.companies, users: opts.users, log });
        seededLarge = hasLarge = true;
      }
      if (await hasLargeDevices(database)) {
        log('large: devices already present');
      } else {
        await seedLargeDevices(database, { devices: opts.devices, log });
        seededLarge = true;
      }
      if (await hasLargeInsight(database)) {
        log('large: device history already present');
      } else {
        await seedLargeInsight(database, { eventsPerDevice: opts.deviceEventsPerDevice, log });
        seededLarge = true;
      }
      if (await hasLargeOperationLogs(database)) {
        log('large: operation log already present');
      } else {
        await seedLargeOperationLogs(database, { rows: opts.operationLogs, log });
        seededLarge = true;
      }
      if (await hasLargeContent(database)) {
        log('large: content site already present');
      } else {
        await seedLargeContent(database, { products: opts.siteProducts, log });
        seededLarge = true;
      }
      if (await hasLargeOrders(database)) {
        log('large: orders already present');
      } else {
        await seedLargeOrders(database, { endUsers: opts.endUsers, orders: opts.orders, passwordHash: await hashDemoPassword(), log });
        seededLarge = true;
      }
      if (await hasLargeMessages(database)) {
        log('large: messages already present');
      } else {
        await seedLargeMessages(database, {
          endUsers: opts.appEndUsers,
          receipts: opts.receipts,
          passwordHash: await hashDemoPassword(),
          log,
        });
        seededLarge = true;
      }
    }
    return { seededDemo, seededLarge, hasLarge };
  } finally {
    await database.close();
  }
}

/** A URL without its password, for logs. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '<DATABASE_URL>';
  }
}
