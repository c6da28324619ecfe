import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { runRollupOnce } from '../../src/modules/insight';

type Row = { xmax: string };
type Wm = { name: string; txid: string };

/**
 * The statistics rollup (insight jobs' runRollupOnce) until it has taken every row written before
 * the call. Its watermarks are transaction ids and stop before the oldest transaction still open
 * anywhere on the PostgreSQL server (transaction ids are the whole server's): a test file running at
 * the same time in another worker, on its own database, may hold one run back until its transaction
 * ends. The job does the same in the running product: what one run leaves, the next one takes.
 * `rebuild`: the first run rebuilds, the next ones catch up.
 */
export async function rollUpAll(database: Database, now: number, opts: { rebuild?: boolean } = {}): Promise<void> {
  const read = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const [{ xmax }] = (await read<Row>(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`)) as [Row];
  const deadline = Date.now() + 30_000;
  for (let run = 0; ; run++) {
    await runRollupOnce(database, now, run === 0 ? opts : {});
    const marks = await read<Wm>(sql`select name, txid::text as txid from stats_watermarks where name in ('rollup', 'failures')`);
    if (marks.length === 2 && marks.every((m) => BigInt(m.txid) >= BigInt(xmax))) return;
    if (Date.now() > deadline) throw new Error(`the rollup did not pass transaction ${xmax}: ${JSON.stringify(marks)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
