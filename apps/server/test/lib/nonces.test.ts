import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { NonceRecorder } from '../../src/lib/nonces';
import { ENGINES, openTestDatabase } from '../support/db';

describe.each(ENGINES)('NonceRecorder (%s)', (engine) => {
  let database: Database;
  let statements = 0;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    const query = database.query.bind(database);
    database.query = ((text: string, params?: unknown[], opts?: { name?: string }) => {
      if (text.includes('insert into nonces')) statements++;
      return query(text, params, opts);
    }) as Database['query'];
  });
  afterAll(() => database?.close());
  const later = () => new Date(Date.now() + 300_000);

  it('accepts a nonce once, in the database, and refuses it again', async () => {
    const nonces = new NonceRecorder(database);
    expect(await nonces.record('s1:100', later())).toBe(true);
    expect(await nonces.record('s1:100', later())).toBe(false);
    // Another instance (its own recorder) sees it too: the database is the authority.
    expect(await new NonceRecorder(database).record('s1:100', later())).toBe(false);
    const { rows } = await database.query<{ n: number }>(`select count(*)::int as n from nonces where key = 's1:100'`);
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('writes nonces arriving together in one statement, each caller told about its own', async () => {
    const nonces = new NonceRecorder(database);
    expect(await nonces.record('s2:1', later())).toBe(true);
    const before = statements;
    const answers = await Promise.all([
      nonces.record('s2:1', later()), // seen before
      nonces.record('s2:2', later()),
      nonces.record('s2:3', later()),
      nonces.record('s2:3', later()), // the same nonce twice in one batch: the second is a replay
      nonces.record('p:9', later()),
    ]);
    expect(answers).toEqual([false, true, true, false, true]);
    expect(statements - before).toBe(1);
  });
});
