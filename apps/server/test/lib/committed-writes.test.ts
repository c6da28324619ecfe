import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { ENGINES, openTestDatabase } from '../support/db';

/** The PostgreSQL client tells which tables this process wrote, once each write is committed. */
describe.skipIf(!ENGINES.includes('postgres'))('committed writes (postgres)', () => {
  let database: Database;
  const noted: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    database.onCommittedWrite!((table) => noted.push(table));
  });
  afterAll(() => database?.close());

  it('notes a write outside a transaction when it completes, and reads not at all', async () => {
    noted.length = 0;
    await database.query(`select count(*) from companies`);
    expect(noted).toEqual([]);
    await database.query(`update companies set name = name where id = -1`);
    expect(noted).toEqual(['companies']);
  });

  it('notes the writes of a transaction at its commit, and none of a rolled-back one', async () => {
    noted.length = 0;
    let seenInside: string[] = [];
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update users set nickname = nickname where id = -1`);
      await tx.execute(sql`delete from sessions where id = -1`);
      seenInside = [...noted];
    });
    expect(seenInside).toEqual([]);
    expect(noted.sort()).toEqual(['sessions', 'users']);

    noted.length = 0;
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update users set nickname = nickname where id = -1`);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(noted).toEqual([]);
  });
});
