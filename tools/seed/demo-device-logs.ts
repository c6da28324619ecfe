/**
 * Demo device logs (issue 15 item 8): a few of Acme's devices send their log unasked over the last
 * days, through the server's own upload path (acceptUnaskedLog: the file in the file store, the row
 * and the device's `log_uploaded` event) on a stepped clock, so the device logs and Home's "needs
 * attention" are not empty. The rollup then takes the new events in.
 */
import type { Database } from '@portal/server/db/client';
import type { FileStore } from '@portal/server/lib/files';
import { ManualClock } from '@portal/server/lib/clock';
import { acceptUnaskedLog, runRollupOnce } from '@portal/server/modules/insight/index';
import { sql } from 'drizzle-orm';
import { gzipSync } from 'node:zlib';

const HOUR = 3_600_000;

/** Uploads per device, hours before `now`: two within the week (Home counts them), one older. */
const UPLOADS_HOURS_AGO = [[5, 3 * 24 + 2], [26], [2 * 24 + 7, 12 * 24], [4 * 24], [9 * 24 + 3], [30]];

export async function seedDemoDeviceLogs(database: Database, opts: { fileStore: FileStore; now?: number }): Promise<number> {
  const now = opts.now ?? Date.now();
  const { rows } = (await database.db.execute(
    sql`select d.id::int as id, d.sn, d.firmware_version as version from devices d join companies c on c.id = d.company_id
         where c.name = 'Acme Vision' order by d.id limit ${UPLOADS_HOURS_AGO.length}`,
  )) as unknown as { rows: Array<{ id: number; sn: string; version: string }> };
  const uploads = rows
    .flatMap((d, i) => (UPLOADS_HOURS_AGO[i] ?? []).map((h) => ({ device: d, at: now - h * HOUR })))
    .sort((a, b) => a.at - b.at);
  const clock = new ManualClock(uploads[0]?.at ?? now);
  for (const u of uploads) {
    clock.set(u.at);
    const lines = Array.from(
      { length: 40 },
      (_, i) =>
        `${new Date(u.at - (40 - i) * 60_000).toISOString()} ${u.device.sn} ${u.device.version} ${i % 13 === 0 ? 'WARN rtsp reconnect' : 'INFO heartbeat ok'}`,
    );
    await acceptUnaskedLog(
      { database, clock, fileStore: opts.fileStore },
      Number(u.device.id),
      gzipSync(Buffer.from(`${lines.join('\n')}\n`)),
    );
  }
  await runRollupOnce(database, now);
  return uploads.length;
}
