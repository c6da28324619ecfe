/**
 * Fresh migrated databases for lib tests: PGlite (from the run's template when the global setup
 * provided one, else openPglite + migrate) and, with TEST_DATABASE_URL, a PostgreSQL database
 * created for the test and dropped by `close`.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../../../src/db/client';

export type Engine = 'pglite' | 'postgres';
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDb {
  database: Database;
  /** PostgreSQL only */
  url?: string;
  close(): Promise<void>;
}

let n = 0;

function templateFile(): string | undefined {
  try {
    return (inject as (k: string) => string | undefined)('pgliteTemplate') || undefined;
  } catch {
    return undefined;
  }
}

export async function openDb(engine: Engine): Promise<TestDb> {
  if (engine === 'pglite') {
    const tpl = templateFile();
    let database: Database;
    if (tpl) {
      database = await openPglite({ loadDataDir: new Blob([readFileSync(tpl)]) });
    } else {
      database = await openPglite();
      await database.migrate();
    }
    return { database, close: () => database.close() };
  }
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `portal_lib_${process.pid}_${++n}_${Date.now() % 1_000_000}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = await openPostgres(url, { max: 4 });
  await database.migrate();
  return {
    database,
    url,
    async close() {
      await database.close();
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await d.end();
    },
  };
}
