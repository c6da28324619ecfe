import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { ManualClock, systemClock } from '../../src/lib/clock';
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
    const nonces = new NonceRecorder(database, systemClock, 'database');
    expect(await nonces.record('s1:100', later())).toBe(true);
    expect(await nonces.record('s1:100', later())).toBe(false);
    // Another instance (its own recorder) sees it too: the database is the authority.
    expect(await new NonceRecorder(database, systemClock, 'database').record('s1:100', later())).toBe(false);
    const { rows } = await database.query<{ n: number }>(`select count(*)::int as n from nonces where key = 's1:100'`);
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('writes nonces arriving together in one statement, each caller told about its own', async () => {
    const nonces = new NonceRecorder(database, systemClock, 'database');
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

describe.each(ENGINES)('NonceRecorder in memory mode, written before the answer (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(() => database?.close());

  it('refuses a replay from memory, writes the nonces, and a restarted process reads them back', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 21, 9, 0, 0));
    const until = new Date(clock.now() + 300_000);
    const first = new NonceRecorder(database, clock, 'memory');
    await first.start();
    expect(await first.record('s5:1', until)).toBe(true);
    expect(await first.record('s5:1', until)).toBe(false);
    expect(await first.record('s5:2', new Date(clock.now() + 1_000))).toBe(true);
    const { rows } = await database.query<{ key: string }>(`select key from nonces where key like 's5:%' order by key`);
    expect(rows.map((r) => r.key)).toEqual(['s5:1', 's5:2']);

    // The next process (after a restart) knows them while they are in their window.
    clock.advance(2_000);
    const next = new NonceRecorder(database, clock, 'memory');
    await next.start();
    expect(await next.record('s5:1', until)).toBe(false);
    // s5:2's window has passed (a call that old is refused for its time anyway).
    expect(await next.record('s5:2', until)).toBe(true);
    await next.stop();
  });

  it('has written a new nonce when it answers: a crash right after the answer cannot allow a replay', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 21, 9, 0, 0));
    const nonces = new NonceRecorder(database, clock, 'memory');
    await nonces.start();
    // Nonces arriving together are one statement, each in the database when its caller is answered.
    const answers = await Promise.all([
      nonces.record('s6:1', new Date(clock.now() + 300_000)),
      nonces.record('s6:2', new Date(clock.now() + 300_000)),
      nonces.record('s6:1', new Date(clock.now() + 300_000)),
    ]);
    expect(answers).toEqual([true, true, false]);
    const { rows } = await database.query<{ key: string }>(`select key from nonces where key like 's6:%' order by key`);
    expect(rows.map((r) => r.key)).toEqual(['s6:1', 's6:2']);
    // The process "crashes" (never stopped): the next one refuses the replay.
    const next = new NonceRecorder(database, clock, 'memory');
    await next.start();
    expect(await next.record('s6:1', new Date(clock.now() + 300_000))).toBe(false);
  });

  it('does not accept a nonce it could not write', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 21, 9, 0, 0));
    const failing = {
      ...database,
      kind: database.kind,
      query: async () => {
        throw new Error('disk full');
      },
    } as unknown as Database;
    const nonces = new NonceRecorder(failing, clock, 'memory');
    await expect(nonces.record('s7:1', new Date(clock.now() + 300_000))).rejects.toThrow('disk full');
  });
});
