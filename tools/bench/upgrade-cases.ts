/**
 * Cloud-upgrade benchmarks on the large seed (1,000,000 devices of the Bench Partner):
 * - device-poll: devices polling the device API while 10 release tasks are running;
 * - release-create: a full release of one package to the whole fleet through batch-submit;
 * - import-5000: a 5,000-row device xlsx through file/upload and device/import.
 *
 * What the API cannot make quickly (synced packages, device keys) is written into the database
 * before the server starts (prepareDatabase); leftovers of earlier runs (the Bench Partner's
 * packages and tasks, imported bench devices) are removed first, so every run starts alike.
 */
import {
  API_PREFIX,
  DEVICE_API_PREFIX,
  DEVICE_AUTH_SCHEME,
  DEVICE_IMPORT_COLUMNS,
  FILE_UPLOAD_PATH,
  buildBasic,
  type CallData,
  type upgradeCalls,
} from '@portal/contract';
import type { Database } from '@portal/server/db/client';
import { sql } from 'drizzle-orm';
import { writeXlsxBuffer } from '@portal/server/lib/xlsx';
import { createHash } from 'node:crypto';
import { BENCH_DEVICE_MODELS, BENCH_DEVICE_VERSIONS, benchModelOf, benchPartner, benchSn, benchVersionOf } from '../seed/large-devices';
import { benchKey, one, rows } from '../seed/shared';
import { call, nextNonce, type Session } from './api';
import type { BenchCase, BenchContext, BenchDatabase } from './types';

const DAY_MS = 86_400_000;
/** Devices given keys and polled by device-poll; the first POLL_TASK_DEVICES of them are in the 10 tasks. */
export const POLL_DEVICES = 4_000;
const POLL_TASK_COUNT = 10;
const POLL_TASK_DEVICES = 2_000;
/** The key bench device `sn` authenticates with (its sha256 is stored as the device's key hash). */
export const benchDeviceKey = (sn: string) => `${benchDeviceKeyPrefix()}${sn}`;
const benchDeviceKeyPrefix = () => `bdk-${benchKey('device-key')}-`;
const IMPORT_ROWS = 5_000;
const IMPORT_SN_PREFIX = 'BIMP';

type TaskSubmit = CallData<typeof upgradeCalls.taskBatchSubmit>;

// ---- preparing the database -------------------------------------------------------------------

let cleaned: Promise<void> | null = null;

/** Removes the Bench Partner's packages and tasks and the imported bench devices (once per run). */
function cleanOnce(db: BenchDatabase, log: (l: string) => void): Promise<void> {
  return (cleaned ??= (async () => {
    const partner = await requirePartner(db.database);
    const started = performance.now();
    const prefix = `${partner.path}%`;
    const tasks = sql`(select id from release_tasks where company_path like ${prefix})`;
    const pkgs = sql`(select id from firmware_packages where company_path like ${prefix})`;
    await db.database.db.execute(sql`delete from task_devices where task_id in ${tasks}`);
    await db.database.db.execute(sql`delete from release_task_waves where task_id in ${tasks}`);
    await db.database.db.execute(sql`delete from release_task_events where task_id in ${tasks}`);
    await db.database.db.execute(sql`delete from release_tasks where company_path like ${prefix}`);
    await db.database.db.execute(sql`delete from firmware_package_syncs where pkg_id in ${pkgs}`);
    await db.database.db.execute(sql`delete from firmware_package_chunks where pkg_id in ${pkgs}`);
    await db.database.db.execute(sql`delete from firmware_packages where company_path like ${prefix}`);
    await db.database.db.execute(sql`delete from devices where sn like ${`${IMPORT_SN_PREFIX}%`}`);
    // Devices left on a version by an earlier run's simulated reports go back to their seeded one.
    await db.database.db.execute(sql`
      update devices set firmware_version = (${sql.param([...BENCH_DEVICE_VERSIONS])}::text[])[1 + substr(sn, 3)::int % 3]
       where company_id = ${partner.id}::int and sn like 'BN%' and not (firmware_version = any(${sql.param([...BENCH_DEVICE_VERSIONS])}::text[]))`);
    log(`  bench: removed earlier bench packages, tasks and imports in ${((performance.now() - started) / 1000).toFixed(2)} s`);
  })());
}

async function requirePartner(database: Database) {
  const partner = await benchPartner(database);
  if (!partner) throw new Error('the Bench Partner is missing: seed with --scale large');
  return partner;
}

/** A package for every bench device (all its models and versions), verified and synced to every DC, its file stored. */
async function createBenchPackage(db: BenchDatabase, versionName: string): Promise<number> {
  const partner = await requirePartner(db.database);
  const content = Buffer.alloc(256 * 1024, versionName);
  const md5 = createHash('md5').update(content).digest('hex');
  const sha256 = createHash('sha256').update(content).digest('hex');
  const objectKey = `firmware/bench/${versionName.toLowerCase().replace(/[^a-z0-9-]/g, '-')}.bin`;
  await db.fileStore.put(objectKey, content, { contentType: 'application/octet-stream' });
  const pkg = (await one<{ id: number }>(
    db.database.db,
    sql`insert into firmware_packages (company_id, company_path, version_name, product_type, models, compatible_versions, validity_days, valid_until,
                                       descriptions, file_name, size, md5, computed_md5, sha256, object_key, status, status_reason)
        values (${partner.id}::int, ${partner.path}, ${versionName}, 'IPC', ${sql.param([...BENCH_DEVICE_MODELS])}::text[],
                ${sql.param([...BENCH_DEVICE_VERSIONS])}::text[], 90, now() + interval '90 days',
                ${JSON.stringify({ 'en-US': `Bench firmware ${versionName}`, 'zh-CN': `基准固件 ${versionName}` })}::jsonb,
                ${`${versionName}.bin`}, ${content.length}::bigint, ${md5}, ${md5}, ${sha256}, ${objectKey}, 'synced', null)
        returning id`,
  ))!;
  await db.database.db.execute(sql`
    insert into firmware_package_syncs (pkg_id, area_id, state, object_key, at)
    select ${pkg.id}::int, id, 'synced', ${objectKey}, now() from areas where kind = 'DDC'`);
  return Number(pkg.id);
}

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[-:T.Z]/g, '')
    .slice(0, 14);

// ---- device-poll --------------------------------------------------------------------------------

/** A fleet polls from many clients at once: the poll case (and its baseline) runs at this concurrency. */
const POLL_CONNECTIONS = 32;

export function devicePollCase(): BenchCase {
  let pkgIds: number[] = [];
  let taskIds: number[] = [];
  return {
    kind: 'load',
    ratio: true,
    connections: POLL_CONNECTIONS,
    summary: `POST ${DEVICE_API_PREFIX}/poll from ${POLL_CONNECTIONS} concurrent clients as ${POLL_DEVICES} keyed devices of the 1,000,000-device fleet, ${POLL_TASK_DEVICES} of them in ${POLL_TASK_COUNT} running tasks`,
    async prepareDatabase(db, log) {
      await cleanOnce(db, log);
      const s = stamp();
      pkgIds = [];
      for (let i = 0; i < POLL_TASK_COUNT; i++) pkgIds.push(await createBenchPackage(db, `BENCH-POLL-${s}-${i + 1}`));
      const sns = Array.from({ length: POLL_DEVICES }, (_, i) => benchSn(i + 1));
      await db.database.db.execute(sql`
        update devices set key_hash = encode(sha256(convert_to(${benchDeviceKeyPrefix()}::text || sn, 'UTF8')), 'hex'), registered_at = now()
         where sn = any(${sql.param(sns)}::text[])`);
    },
    async prepare(ctx) {
      const session = await ctx.login();
      const now = Date.now();
      // Task i holds the keyed devices n <= POLL_TASK_DEVICES with n % 10 = i.
      const tasks: TaskSubmit['tasks'] = pkgIds.map((pkgId, i) => ({
        target: {
          pkgId,
          releaseType: 'specified',
          sns: Array.from({ length: POLL_TASK_DEVICES / POLL_TASK_COUNT }, (_, k) => benchSn(k * POLL_TASK_COUNT + i + 1)),
        },
        startAt: now,
        endAt: now + 7 * DAY_MS,
      }));
      ({ taskIds } = await call<{ taskIds: number[] }>(ctx.origin, 'upgrade/task/batch-submit', session, { tasks }));
      await waitReleased(ctx, session, taskIds);
      let n = 0;
      return {
        method: 'POST',
        path: `${DEVICE_API_PREFIX}/poll`,
        next() {
          n = (n % POLL_DEVICES) + 1;
          const sn = benchSn(n);
          return {
            headers: { authorization: `${DEVICE_AUTH_SCHEME} ${sn}:${benchDeviceKey(sn)}` },
            body: JSON.stringify({ model: benchModelOf(n), firmwareVersion: benchVersionOf(n) }),
          };
        },
        isSuccess: isDeviceApiSuccess,
      };
    },
    async finish(ctx) {
      const session = await ctx.login();
      for (const taskId of taskIds) await call(ctx.origin, 'upgrade/task/operate', session, { taskId, action: 'revoke' }).catch(() => {});
    },
  };
}

/** Waits (up to 30 s) for the engine to release the tasks; the load then meets running tasks. */
async function waitReleased(ctx: BenchContext, session: Session, taskIds: number[]) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const states = await Promise.all(
      taskIds.map((taskId) => call<{ status: string }>(ctx.origin, 'upgrade/task/get', session, { taskId }).then((t) => t.status)),
    );
    if (states.every((s) => s === 'in_release')) return;
    if (Date.now() > deadline) {
      ctx.log(`bench: tasks not all in release after 30 s: ${[...new Set(states)].join(', ')}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A device API answer `{ code: 200, ... }` over HTTP 2xx. */
export function isDeviceApiSuccess(status: number, body: string): boolean {
  if (status < 200 || status >= 300) return false;
  if (body.startsWith('{"code":200')) return true;
  try {
    return (JSON.parse(body) as { code?: number }).code === 200;
  } catch {
    return false;
  }
}

// ---- release-create -----------------------------------------------------------------------------

export function releaseCreateCase(): BenchCase {
  let pkgId = 0;
  let areaIds: number[] = [];
  let rdcId = 0;
  let fleet = 0;
  return {
    kind: 'oneshot',
    summary: 'upgrade/task/batch-submit of a full release of one package to the whole bench fleet (1,000,000 devices)',
    async prepareDatabase(db, log) {
      await cleanOnce(db, log);
      pkgId = await createBenchPackage(db, `BENCH-FULL-${stamp()}`);
      const partner = await requirePartner(db.database);
      const areas = await rows<{ area_id: number; n: number | string }>(
        db.database.db,
        sql`select area_id, count(*) as n from devices where company_id = ${partner.id}::int and area_id is not null group by area_id order by area_id`,
      );
      areaIds = areas.map((a) => Number(a.area_id));
      fleet = areas.reduce((s, a) => s + Number(a.n), 0);
      rdcId = Number(
        (await one<{ id: number }>(db.database.db, sql`select id from areas where kind = 'RDC' order by id limit 1`))?.id ?? 0,
      );
    },
    async run(ctx) {
      const session = await ctx.login();
      // Several regions at once: only from the RDC (in a DC a release stays in that DC).
      if (rdcId) await call(ctx.origin, 'auth/area/switch', session, { areaId: rdcId });
      const now = Date.now();
      const task: TaskSubmit['tasks'][number] = {
        target: { pkgId, releaseType: 'full', areaIds, countries: [] },
        startAt: now,
        endAt: now + 7 * DAY_MS,
      };
      const started = performance.now();
      const { taskIds } = await call<{ taskIds: number[] }>(ctx.origin, 'upgrade/task/batch-submit', session, { tasks: [task] });
      const seconds = (performance.now() - started) / 1000;
      const counts = await call<{ targetQuantity: number }>(ctx.origin, 'upgrade/task/counts', session, { taskId: taskIds[0] });
      ctx.log(`bench: release-create: task ${taskIds[0]} targets ${counts.targetQuantity} of ${fleet} devices`);
      // Leave the fleet free for the next run (not timed).
      await call(ctx.origin, 'upgrade/task/operate', session, { taskId: taskIds[0], action: 'revoke' }).catch((err: unknown) =>
        ctx.log(`bench: revoke: ${String(err)}`),
      );
      return { seconds };
    },
  };
}

// ---- import-5000 --------------------------------------------------------------------------------

export function importWorkbook(rowsCount: number, snPrefix = IMPORT_SN_PREFIX): Promise<Buffer> {
  return writeXlsxBuffer([
    {
      name: 'Devices',
      columns: DEVICE_IMPORT_COLUMNS.map((header) => ({ header })),
      rows: Array.from({ length: rowsCount }, (_, k) => {
        const i = k + 1;
        return [
          `${snPrefix}${String(i).padStart(6, '0')}`,
          `BE1F${i.toString(16).toUpperCase().padStart(8, '0')}`,
          i % 5 ? 'IPC-200' : 'NVR-800',
          '',
          'V1.0.0',
          'HW1.0',
          'DE',
          '',
        ];
      }),
    },
  ]);
}

/** POST file/upload (purpose import) with the X-Basic envelope signed over the bytes' description. */
export async function uploadImportFile(origin: string, session: Session, name: string, body: Buffer): Promise<number> {
  const data = { purpose: 'import', name, size: body.length, sha256: createHash('sha256').update(body).digest('hex') };
  const basic = buildBasic({ token: session.token, signKey: session.signKey, path: FILE_UPLOAD_PATH, data, nonce: nextNonce() });
  const res = await fetch(`${origin}${API_PREFIX}/${FILE_UPLOAD_PATH}?purpose=import&name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', 'x-basic': JSON.stringify(basic) },
    body: new Uint8Array(body),
  });
  const json = (await res.json()) as { basic: { code: number; msg: string }; data: { fileId: number } };
  if (json.basic.code !== 200) throw new Error(`file/upload: code ${json.basic.code} ${json.basic.msg}`);
  return json.data.fileId;
}

export function import5000Case(): BenchCase {
  return {
    kind: 'oneshot',
    summary: `a ${IMPORT_ROWS}-row device xlsx through file/upload and device/import`,
    async prepareDatabase(db, log) {
      await cleanOnce(db, log);
    },
    async run(ctx) {
      const session = await ctx.login();
      const book = await importWorkbook(IMPORT_ROWS);
      const started = performance.now();
      const fileId = await uploadImportFile(ctx.origin, session, 'bench-devices.xlsx', book);
      const r = await call<{ total: number; created: number; updated: number; failed: number }>(ctx.origin, 'device/import', session, {
        fileId,
      });
      const seconds = (performance.now() - started) / 1000;
      if (r.created + r.updated !== IMPORT_ROWS)
        throw new Error(`device/import wrote ${r.created + r.updated} of ${IMPORT_ROWS} rows (${r.failed} failed)`);
      ctx.log(`bench: import-5000: ${r.created} created, ${r.updated} updated (${(book.length / 1024).toFixed(0)} KiB)`);
      return { seconds };
    },
  };
}
