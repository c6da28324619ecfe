import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { openPglite, openPostgres, rows, type Database } from '../../src/db/client';
import { withDatabase } from '../global-setup';

export type EngineKind = 'pglite' | 'postgres';

/** The engines API tests run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const ENGINES: EngineKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let counter = 0;

/** A fresh, migrated database cloned from the run's template. */
export async function openTestDatabase(kind: EngineKind): Promise<Database> {
  if (kind === 'pglite') {
    const template = inject('pgliteTemplate');
    // A project without the server's global setup (the tools' tests): a fresh database, migrated.
    if (!template) {
      const database = await openPglite();
      await database.migrate();
      return database;
    }
    const buf = readFileSync(template);
    return openPglite({ loadDataDir: new Blob([buf]) });
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `portal_t_${process.ppid}_${process.pid}_${++counter}_${Date.now() % 100000}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplateDb')}`);
  // A test database is thrown away after its file: commits need not wait for the disk.
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const database = await openPostgres(withDatabase(url, name), { max: 4 });
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    const a = new pg.Client({ connectionString: url });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
  return database;
}

/**
 * The plan PostgreSQL picks for `q` as it would over a large table: a test database holds a few rows,
 * which the planner would read whole, so sequential scans (and, with `noSort`, sorts) are ruled out.
 */
export async function planAtScale(database: Database, q: SQL, opts: { noSort?: boolean } = {}): Promise<string> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    if (opts.noSort) await tx.execute(sql`set local enable_sort = off`);
    return (await rows<{ 'QUERY PLAN': string }>(tx, sql`explain ${q}`)).map((p) => p['QUERY PLAN']).join('\n');
  });
}
