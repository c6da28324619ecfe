/**
 * Helpers of the release-task, engine and device-API tests: task inputs, a device speaking the
 * device API through app.inject, and reading a task's devices.
 */
import { DEVICE_API_PREFIX, type DevicePollResult, type ReleaseTaskInput } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { TestApp } from './app';
import { giveDeviceKey, seedDevices, type DeviceBatch } from './upgrade-fixtures';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export function fullTask(pkgId: number, areaIds: number[], now: number, over: Partial<ReleaseTaskInput> = {}): ReleaseTaskInput {
  return { target: { pkgId, releaseType: 'full', areaIds }, startAt: now, endAt: now + 30 * DAY, ...over };
}

export function grayTask(
  pkgId: number,
  areaIds: number[],
  now: number,
  grayCount: number,
  speed: 'fast' | 'normal' | 'slow',
  over: Partial<ReleaseTaskInput> = {},
): ReleaseTaskInput {
  return { target: { pkgId, releaseType: 'gray', areaIds, grayCount, speed }, startAt: now, endAt: now + 30 * DAY, ...over };
}

export interface DeviceAnswer<T> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

export async function deviceCall<T = unknown>(t: TestApp, path: string, body: unknown, auth?: string): Promise<DeviceAnswer<T>> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${DEVICE_API_PREFIX}/${path}`,
    payload: body as object,
    headers: auth ? { authorization: auth } : {},
  });
  const json = res.json();
  return { status: res.statusCode, code: json.code, msg: json.msg, data: json.data };
}

export interface SimDevice {
  id: number;
  sn: string;
  key: string;
  model: string;
  version: string;
}

export const authOf = (d: { sn: string; key: string }) => `Device ${d.sn}:${d.key}`;

/** Seeds devices (registered now on the test's clock unless `at` says otherwise) and gives each a key (as registration would). */
export async function keyedDevices(t: TestApp, batch: Omit<DeviceBatch, 'at'> & { at?: number }): Promise<SimDevice[]> {
  const ids = await seedDevices(t.database, { ...batch, at: batch.at ?? t.clock.now() });
  const out: SimDevice[] = [];
  for (const id of ids) {
    const { sn, key } = await giveDeviceKey(t.database, id);
    out.push({ id, sn, key, model: batch.model ?? 'IPC-200', version: batch.firmwareVersion ?? 'V1.0.0' });
  }
  return out;
}

export function poll(t: TestApp, d: SimDevice) {
  return deviceCall<DevicePollResult>(t, 'poll', { model: d.model, firmwareVersion: d.version }, authOf(d));
}

export function report(t: TestApp, d: SimDevice, body: Record<string, unknown>) {
  return deviceCall<{ state: string }>(t, 'report', body, authOf(d));
}

/**
 * Every device polls once; those handed a package report downloading, installing and then the
 * outcome: success with the package's version, or failure for the devices in `fail`; devices in
 * `silent` take the package and never report.
 */
export async function fleetRound(t: TestApp, devices: SimDevice[], opts: { fail?: Set<number>; silent?: Set<number> } = {}) {
  const upgraded: number[] = [];
  for (const d of devices) {
    const p = await poll(t, d);
    if (p.code !== 200) throw new Error(`poll ${d.sn}: ${p.code} ${p.msg}`);
    if (p.data.action !== 'upgrade') continue;
    if (opts.silent?.has(d.id)) continue;
    const taskId = p.data.taskId;
    await report(t, d, { taskId, status: 'downloading', progress: 50 });
    await report(t, d, { taskId, status: 'installing' });
    if (opts.fail?.has(d.id)) {
      await report(t, d, { taskId, status: 'failed', errorCode: 'FLASH_ERROR' });
    } else {
      const r = await report(t, d, { taskId, status: 'success', firmwareVersion: p.data.package.version });
      if (r.data?.state === 'success') d.version = p.data.package.version;
    }
    upgraded.push(d.id);
  }
  return upgraded;
}

/** States of a task's devices, counted. */
export async function deviceStates(t: TestApp, taskId: number): Promise<Record<string, number>> {
  const r = await t.database.db.execute(sql`select state, count(*)::int as n from task_devices where task_id = ${taskId} group by state`);
  return Object.fromEntries((r as unknown as { rows: { state: string; n: number }[] }).rows.map((x) => [x.state, Number(x.n)]));
}
