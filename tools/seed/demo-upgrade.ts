/**
 * Demo cloud upgrade (issue 11 §4): Acme Vision's firmware packages, stored in the file store and
 * synced to every DC by the server's own processing, and two release tasks in progress whose devices
 * have polled and reported through the device API's own code: succeeded, failed, downloading,
 * installing, notified and still pending. Home and Cloud Upgrade are then not empty on a first start.
 *
 * The devices that took part get a device key (as if they had registered through the device API);
 * the engine of a running server carries the tasks on (report timeouts, waves) like any other.
 */
import { DEFAULT_GATES, POLL_INTERVAL_SECONDS, type Locale, type ResourceCode } from '@portal/contract';
import type { Config } from '@portal/server/config';
import type { Database } from '@portal/server/db/client';
import { writeOperationLog } from '@portal/server/lib/audit';
import type { Actor, CallContext } from '@portal/server/lib/context';
import type { FileStore } from '@portal/server/lib/files/store';
import type { AppServices } from '@portal/server/lib/services';
import { pollDevice, reportDevice } from '@portal/server/modules/cloud-upgrade/device-api.service';
import { processPendingPackages } from '@portal/server/modules/cloud-upgrade/packages.processing';
import { assembledKey, chunkKey } from '@portal/server/modules/cloud-upgrade/packages.storage';
import { submitTasks } from '@portal/server/modules/cloud-upgrade/tasks.service';
import { callRun } from '@portal/server/plugins/call-transaction';
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { one, rows } from './shared';

export interface DemoPackage {
  productType: 'IPC' | 'NVR';
  model: string;
  versionName: string;
  compatibleVersions: string[];
  /** Bytes of the demo file (below one upload chunk). */
  size: number;
  descriptions: Record<Locale, string>;
}

export const DEMO_PACKAGES: readonly DemoPackage[] = [
  {
    productType: 'IPC',
    model: 'IPC-200',
    versionName: 'V1.3.0',
    compatibleVersions: ['V1.0.0', 'V1.1.0', 'V1.2.0'],
    size: 384 * 1024,
    descriptions: { 'en-US': 'Night vision tuning and H.265+ bitrate savings.', 'zh-CN': '夜视效果优化，H.265+ 码率更低。' },
  },
  {
    productType: 'NVR',
    model: 'NVR-800',
    versionName: 'V3.2.0',
    compatibleVersions: ['V3.0.0', 'V3.1.0'],
    size: 512 * 1024,
    descriptions: { 'en-US': 'Faster playback search and new disk health alerts.', 'zh-CN': '回放检索更快，新增硬盘健康告警。' },
  },
];

/** What each device of a task's first wave does, in order; the rest of the wave is not handed the package yet. */
export type DemoOutcome = 'success' | 'failed' | 'downloading' | 'installing' | 'notified';

export interface DemoTask {
  versionName: string;
  releaseType: 'gray' | 'full';
  area: string;
  grayCount?: number;
  outcomes: DemoOutcome[];
}

export const DEMO_TASKS: readonly DemoTask[] = [
  {
    versionName: 'V1.3.0',
    releaseType: 'gray',
    area: 'DC-EU',
    grayCount: 50,
    outcomes: ['success', 'success', 'success', 'success', 'success', 'failed', 'downloading', 'downloading', 'installing', 'notified'],
  },
  {
    versionName: 'V3.2.0',
    releaseType: 'full',
    area: 'DC-US',
    outcomes: [
      'success',
      'success',
      'success',
      'success',
      'success',
      'success',
      'failed',
      'failed',
      'downloading',
      'installing',
      'notified',
      'notified',
    ],
  },
];

/** The demo file of a package: deterministic bytes (a sha256 chain), so every seed stores the same md5. */
export function demoPackageBytes(p: DemoPackage): Buffer {
  const out = Buffer.alloc(p.size);
  let block = createHash('sha256').update(`${p.model} ${p.versionName}`).digest();
  for (let at = 0; at < p.size; at += block.length) {
    block.copy(out, at);
    block = createHash('sha256').update(block).digest();
  }
  return out;
}

export const demoDeviceKey = (sn: string) => `demo-device-key-${sn}`;

export interface DemoUpgradeResult {
  packages: number;
  tasks: number;
}

/**
 * Seeds Acme Vision's packages and running tasks. Runs after the demo companies, users and devices
 * are committed (the package processing and the device API use their own transactions).
 */
export async function seedDemoUpgrade(database: Database, opts: { fileStore: FileStore; now?: number }): Promise<DemoUpgradeResult> {
  const now = opts.now ?? Date.now();
  // What the device API's code reads of the configuration; the download URLs it signs are not kept.
  const config = {
    devicePollSeconds: POLL_INTERVAL_SECONDS,
    publicUrl: 'http://localhost',
    linkSecret: randomBytes(32).toString('hex'),
  } as Config;
  const clock = { now: () => now };
  const owner = await one<{
    id: number;
    nickname: string;
    email: string;
    company_id: number;
    path: string;
    name: string;
    level: number;
    codes: string[];
  }>(
    database.db,
    sql`select u.id, u.nickname, u.email, c.id as company_id, c.path, c.name, c.level, u.auth_res_list as codes
          from users u join companies c on c.id = u.company_id where u.email = 'owner@acme.demo.local'`,
  );
  if (!owner) throw new Error('seedDemoUpgrade: the Acme Vision owner is missing');
  const areaIdOf = new Map(
    (await rows<{ id: number; name: string }>(database.db, sql`select id, name from areas`)).map((a) => [a.name, a.id]),
  );
  const services = { config, fileStore: opts.fileStore } as AppServices;

  // Packages: the file as one uploaded chunk, then the server's own verification (md5) and sync to every DC.
  const pkgIds = new Map<string, number>();
  for (const p of DEMO_PACKAGES) {
    const bytes = demoPackageBytes(p);
    const md5 = createHash('md5').update(bytes).digest('hex');
    const [row] = await rows<{ id: number }>(
      database.db,
      sql`
      insert into firmware_packages (company_id, company_path, version_name, product_type, models, compatible_versions, validity_days,
                                     descriptions, file_name, size, md5, object_key, status, created_by, created_at, updated_at)
      values (${owner.company_id}, ${owner.path}, ${p.versionName}, ${p.productType}, ${sql.param([p.model])}::text[],
              ${sql.param(p.compatibleVersions)}::text[], 180, ${JSON.stringify(p.descriptions)}::jsonb,
              ${`${p.model}_${p.versionName}.bin`}, ${p.size}, ${md5}, '', 'verifying', ${owner.id},
              ${new Date(now).toISOString()}::timestamptz, ${new Date(now).toISOString()}::timestamptz)
      returning id`,
    );
    const id = row!.id;
    await database.db.execute(sql`update firmware_packages set object_key = ${assembledKey(owner.company_id, id)} where id = ${id}`);
    await opts.fileStore.put(chunkKey(id, 0), Readable.from([bytes]), { contentType: 'application/octet-stream' });
    await database.db.execute(sql`insert into firmware_package_chunks (pkg_id, idx, size, md5) values (${id}, 0, ${p.size}, ${md5})`);
    pkgIds.set(p.versionName, id);
  }
  await processPendingPackages(database, services, now);
  const notSynced = await rows<{ version_name: string; status: string; status_reason: string | null }>(
    database.db,
    sql`select version_name, status, status_reason from firmware_packages where company_id = ${owner.company_id} and status <> 'synced'`,
  );
  if (notSynced.length) throw new Error(`seedDemoUpgrade: packages not synced: ${JSON.stringify(notSynced)}`);

  // Tasks: submitted as the owner would (the release call's own code, in one transaction, audited).
  const actor: Actor = {
    sessionId: 0,
    userId: owner.id,
    nickname: owner.nickname,
    email: owner.email,
    companyId: owner.company_id,
    companyPath: owner.path,
    companyType: 'partner',
    companyName: owner.name,
    level: owner.level,
    userType: 'partner',
    userAuthType: 1,
    authResList: new Set(owner.codes as ResourceCode[]),
    areaIds: [...areaIdOf.values()],
    currentAreaId: areaIdOf.get('RDC') ?? null,
    actingUserId: null,
    actingNickname: null,
  };
  const taskIds: number[] = [];
  // Run as the call router runs a call (one transaction, then its after-commit work); not as a
  // write call, which would settle the read cache: the seed runs before any server, with none.
  const run = callRun(database, services, silentLog, { write: false });
  await run.execute(true, async (tx) => {
    const ctx: CallContext = {
      actor,
      app: null,
      db: tx,
      database,
      locale: 'en-US',
      requestId: 'seed',
      ip: '127.0.0.1',
      clock,
      log: silentLog,
      sessionToken: '',
      services,
      audit: (entry) =>
        writeOperationLog(
          tx,
          actor,
          { action: 'upgrade/task/batch-submit', ...entry },
          { requestId: 'seed', ip: '127.0.0.1', at: new Date(now) },
        ),
      ...run.bind(tx),
    };
    const { taskIds: ids } = await submitTasks(
      ctx,
      DEMO_TASKS.map((t) => ({
        target: {
          pkgId: pkgIds.get(t.versionName)!,
          releaseType: t.releaseType,
          areaIds: [areaIdOf.get(t.area)!],
          countries: [],
          grayCount: t.grayCount,
          speed: t.releaseType === 'gray' ? 'fast' : undefined,
          sns: [],
          macRanges: [],
          targetFileId: null,
        },
        startAt: now,
        endAt: now + 30 * 86_400_000,
        gates: DEFAULT_GATES,
      })),
    );
    taskIds.push(...ids);
  });

  // Devices of each task's first wave poll (handed the package) and report, through the device API's code.
  for (const [i, t] of DEMO_TASKS.entries()) {
    const taskId = taskIds[i]!;
    const devices = await rows<{ id: number; sn: string; model: string; firmware_version: string }>(
      database.db,
      sql`
      select d.id::int as id, d.sn, d.model, d.firmware_version
        from task_devices td join devices d on d.id = td.device_id
       where td.task_id = ${taskId} and td.wave = 1
       order by d.id limit ${t.outcomes.length}`,
    );
    if (devices.length < t.outcomes.length)
      throw new Error(`seedDemoUpgrade: task ${taskId} has ${devices.length} devices in its first wave, ${t.outcomes.length} needed`);
    for (const [j, d] of devices.entries()) {
      const key = demoDeviceKey(d.sn);
      await database.db.execute(sql`update devices set key_hash = ${createHash('sha256').update(key).digest('hex')} where id = ${d.id}`);
      const auth = `Device ${d.sn}:${key}`;
      const polled = await pollDevice({ database, clock, services, touch: () => {} }, auth, {
        model: d.model,
        firmwareVersion: d.firmware_version,
      });
      if (polled.action !== 'upgrade') throw new Error(`seedDemoUpgrade: ${d.sn} was not handed task ${taskId}`);
      const outcome = t.outcomes[j]!;
      const deps = { database, clock, services };
      if (outcome === 'notified') continue;
      if (outcome === 'downloading') await reportDevice(deps, auth, { taskId, status: 'downloading', progress: 35 + j * 5 });
      else if (outcome === 'installing') await reportDevice(deps, auth, { taskId, status: 'installing', progress: 100 });
      else if (outcome === 'success') await reportDevice(deps, auth, { taskId, status: 'success', firmwareVersion: t.versionName });
      else
        await reportDevice(deps, auth, { taskId, status: 'failed', errorCode: 'FLASH_WRITE_ERROR', firmwareVersion: d.firmware_version });
    }
  }
  return { packages: DEMO_PACKAGES.length, tasks: taskIds.length };
}

const noop = () => {};
const silentLog = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => silentLog,
} as unknown as CallContext['log'];
