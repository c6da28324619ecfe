/**
 * The statistics' statement timeout (SPEC §9: 15 s drawing threshold): every statistics and
 * diagnostics read runs in a transaction with `set local statement_timeout`, and a cancelled
 * statement answers statsTimeout (26000) in the caller's language, never a 500. PostgreSQL cancels
 * a statement that waits for a table another connection holds locked; PGlite has no timer to
 * cancel with, so there the mapping of SQLSTATE 57014 is proven with a raised one.
 */
import { ERROR_CATALOGUE, ErrorCodes, insightCalls, STATS_STATEMENT_TIMEOUT_MS } from '@portal/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/lib/app-error';
import { withStatementTimeout } from '../../../src/modules/insight/read-timeout.repository';
import { createTestApp, type Session, type TestApp } from '../../support/app';
import { ENGINES } from '../../support/db';

const DAY = 86_400_000;
const TIMEOUT = ERROR_CATALOGUE[ErrorCodes.statsTimeout];

describe.each(ENGINES)('statistics statement timeout (%s)', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
  }, 60_000);
  afterAll(() => t?.close());

  it('is the contract constant by default', () => {
    expect(STATS_STATEMENT_TIMEOUT_MS).toBe(15_000);
    expect(t.services.config.statsStatementTimeoutMs).toBe(STATS_STATEMENT_TIMEOUT_MS);
  });

  it("sets the timeout in the read's own transaction only", async () => {
    const inside = await withStatementTimeout(t.database.db, 1234, async (tx) => {
      const r = (await tx.execute(sql`select current_setting('statement_timeout') as v`)) as unknown as { rows: { v: string }[] };
      return r.rows[0]!.v;
    });
    expect(inside).toBe('1234ms');
    const after = (await t.database.db.execute(sql`select current_setting('statement_timeout') as v`)) as unknown as {
      rows: { v: string }[];
    };
    expect(after.rows[0]!.v).toBe('0');
  });

  it('answers statsTimeout for a cancelled statement (SQLSTATE 57014) and passes other errors on', async () => {
    const cancelled = withStatementTimeout(t.database.db, 1000, (tx) =>
      tx.execute(sql.raw(`do $$ begin raise exception 'canceling statement due to statement timeout' using errcode = '57014'; end $$`)),
    );
    await expect(cancelled).rejects.toBeInstanceOf(AppError);
    await expect(cancelled).rejects.toMatchObject({ code: ErrorCodes.statsTimeout });
    const other = withStatementTimeout(t.database.db, 1000, (tx) => tx.execute(sql`select 1 / 0`));
    await expect(other).rejects.not.toBeInstanceOf(AppError);
  });
});

// PostgreSQL only: PGlite runs a single connection (no lock to wait for) and no statement timer.
describe.skipIf(!process.env.TEST_DATABASE_URL)('statistics calls under a statement timeout (postgres)', () => {
  let t: TestApp;
  let owner: Session;
  let locker: pg.Client;
  let range: { from: number; to: number };

  beforeAll(async () => {
    t = await createTestApp('postgres');
    owner = await t.login('owner-a@test.local');
    const dayStart = Math.floor(t.clock.now() / DAY) * DAY;
    range = { from: dayStart - 6 * DAY, to: dayStart + DAY };
    locker = new pg.Client({ connectionString: t.database.connectionString });
    await locker.connect();
  }, 60_000);
  afterAll(async () => {
    await locker?.end();
    await t?.close();
  });

  /** Runs `fn` while another connection holds `table` locked and reads time out after 300 ms. */
  async function whileLocked<T>(table: string, fn: () => Promise<T>): Promise<T> {
    await locker.query('begin');
    await locker.query(`lock table ${table} in access exclusive mode`);
    t.services.config.statsStatementTimeoutMs = 300;
    try {
      return await fn();
    } finally {
      t.services.config.statsStatementTimeoutMs = STATS_STATEMENT_TIMEOUT_MS;
      await locker.query('rollback');
    }
  }

  it('a statistics read that cannot finish in time answers 26000 in en-US and zh-CN, not a 500', async () => {
    await whileLocked('stats_daily', async () => {
      for (const call of [insightCalls.statsOverview, insightCalls.statsByCustomer, insightCalls.statsByVersion]) {
        const started = Date.now();
        const en = await t.call(call, { range }, owner, { locale: 'en-US' });
        expect(en.status).toBe(200);
        expect(en.basic).toMatchObject({ code: 26000, msg: TIMEOUT.en });
        expect(Date.now() - started).toBeLessThan(10_000);
      }
      const zh = await t.call(insightCalls.statsOverview, { range }, owner, { locale: 'zh-CN' });
      expect(zh.basic).toMatchObject({ code: 26000, msg: TIMEOUT.zh });
      expect(TIMEOUT.en).toBe('The statistics took too long to compute. Narrow the range or the filters and try again.');
      expect(TIMEOUT.zh).toBe('统计计算超时，请缩小时间范围或筛选条件后重试。');
      const home = await t.call(insightCalls.homeSummary, {}, owner, { locale: 'zh-CN' });
      expect(home.basic).toMatchObject({ code: 26000, msg: TIMEOUT.zh });
    });
  });

  it('the device-health list times out the same way', async () => {
    await whileLocked('devices', async () => {
      const r = await t.call(insightCalls.healthList, { pageNum: 1, pageSize: 20 }, owner, { locale: 'en-US' });
      expect(r.basic).toMatchObject({ code: 26000, msg: TIMEOUT.en });
    });
  });

  it('with the lock gone and the default timeout the same calls answer', async () => {
    expect((await t.call(insightCalls.statsOverview, { range }, owner)).basic.code).toBe(200);
    expect((await t.call(insightCalls.healthList, { pageNum: 1, pageSize: 20 }, owner)).basic.code).toBe(200);
    expect((await t.call(insightCalls.homeSummary, {}, owner)).basic.code).toBe(200);
  });
});
