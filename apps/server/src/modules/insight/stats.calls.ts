/**
 * Calls of data statistics and the device-health list. Each is scoped to the caller's subtree and
 * current area in its repository; a customer filter outside the subtree answers 1004.
 */
import {
  DEVICE_HISTORY_LIMIT,
  DEVICE_HISTORY_TASKS,
  ErrorCodes,
  FLAPPING_OFFLINES_PER_DAY,
  insightCalls,
  maskEmail,
  type DeviceHealth,
} from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { requireActor } from '../../lib/context';
import type { CallImpl } from '../../lib/implement';
import { implement } from '../../lib/implement';
import { mapPage } from '../../lib/tenancy';
import { deviceEventsOf } from './events.repository';
import { deviceEndUserOf, deviceTasksOf, listDeviceHealth, type HealthRow } from './health.repository';
import { onlineWindowMs } from './jobs';
import { companyInSubtree } from './stats.repository';
import { statsByCustomer, statsByVersion, statsOptions, statsOverview, timedRead } from './stats.service';

const range = { from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 10, 8) };
const ownScope = "the caller's own company and subtree only; names no other tenant";

export const statsImpls: CallImpl[] = [
  implement(insightCalls.statsOverview, { otherTenant: (fx) => ({ range, customerId: fx.otherCompanyId }) }, (ctx, d) =>
    statsOverview(ctx, d),
  ),
  implement(insightCalls.statsByCustomer, { otherTenant: (fx) => ({ range, parentId: fx.otherCompanyId }) }, (ctx, d) =>
    statsByCustomer(ctx, d),
  ),
  implement(insightCalls.statsByVersion, { otherTenant: (fx) => ({ range, customerId: fx.otherCompanyId }) }, (ctx, d) =>
    statsByVersion(ctx, d),
  ),
  implement(insightCalls.statsOptions, { none: ownScope }, (ctx) => statsOptions(ctx)),
  implement(insightCalls.healthList, { otherTenant: (fx) => ({ customerId: fx.otherCompanyId }) }, (ctx, d) =>
    // Under the statistics' statement timeout (statsTimeout when cancelled).
    timedRead(ctx, async (db) => {
      const actor = requireActor(ctx);
      const customer = d.customerId === undefined ? null : await companyInSubtree(db, actor, d.customerId);
      if (d.customerId !== undefined && !customer) throw new AppError(ErrorCodes.notFound);
      const now = ctx.clock.now();
      const windowMs = onlineWindowMs(ctx.services.config.devicePollSeconds);
      const page = await listDeviceHealth(db, actor, { ...d, customerPath: customer?.path }, now, windowMs, d);
      return mapPage(page, (records) => records.map((r) => presentHealth(r, now, windowMs)));
    }),
  ),
  implement(insightCalls.deviceHistory, { otherTenant: (fx) => ({ deviceId: fx.otherDeviceId }) }, (ctx, d) =>
    timedRead(ctx, async (db) => {
      const actor = requireActor(ctx);
      const now = ctx.clock.now();
      const windowMs = onlineWindowMs(ctx.services.config.devicePollSeconds);
      // The device as the health list shows it, in the caller's subtree and area; else missing.
      const found = await listDeviceHealth(db, actor, { deviceId: d.deviceId }, now, windowMs, { pageNum: 1, pageSize: 1 });
      const row = found.records[0];
      if (!row) throw new AppError(ErrorCodes.notFound);
      const events = await deviceEventsOf(db, d.deviceId, DEVICE_HISTORY_LIMIT);
      const tasks = await deviceTasksOf(db, d.deviceId, DEVICE_HISTORY_TASKS);
      const endUser = await deviceEndUserOf(db, d.deviceId);
      return {
        device: presentHealth(row, now, windowMs),
        events: events.map((e) => ({
          id: Number(e.id),
          kind: e.kind,
          at: Number(e.at),
          code: e.code,
          fromVersion: e.from_version,
          version: e.version,
          taskId: e.task_id === null ? null : Number(e.task_id),
        })),
        tasks: tasks.map((x) => ({
          taskId: Number(x.task_id),
          versionName: x.version_name ?? '',
          releaseType: x.release_type,
          taskStatus: x.task_status,
          state: x.state,
          fromVersion: x.from_version,
          errorCode: x.error_code,
          updatedAt: x.updated_at === null ? null : Number(x.updated_at),
        })),
        // Only the masked e-mail leaves the server (issue 15 §4: end user, masked).
        endUser: endUser
          ? { account: endUser.email ? maskEmail(endUser.email) : '', boundAt: endUser.bound_at === null ? null : Number(endUser.bound_at) }
          : null,
      };
    }),
  ),
];

function presentHealth(r: HealthRow, now: number, windowMs: number): DeviceHealth {
  const lastSeenAt = r.last_seen === null ? null : Number(r.last_seen);
  return {
    id: Number(r.id),
    sn: r.sn,
    productType: r.product_type,
    model: r.model,
    version: r.version,
    country: r.country,
    customerName: r.customer_name ?? '',
    online: lastSeenAt !== null && lastSeenAt >= now - windowMs,
    lastSeenAt,
    failures: Number(r.failures),
    offlines24h: Number(r.offlines),
    flapping: Number(r.offlines) >= FLAPPING_OFFLINES_PER_DAY,
  };
}
