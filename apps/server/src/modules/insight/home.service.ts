/**
 * Home's summary (issue 15 item 6): one call, each card only when the caller holds its code. Device
 * figures come from the rollups of the last 7 local days (and the 7 before, for the comparisons).
 */
import { HOME_CARD_CODES, type HomeSummary, type ResourceCode } from '@portal/contract';
import type { Tx } from '../../db/client';
import { requireActor, type CallContext } from '../../lib/context';
import { awaitingRegistrations, devicesFailedTwice, failedSyncs, lockedUsers, logsUploaded, taskCounts } from './home.repository';
import { unsafeRollupUpdatedAt } from './rollup.repository';
import { appFigures, figures } from './stats.repository';
import { present, presentApp, seesSales, statsScope, timedRead } from './stats.service';

const DAY_MS = 86_400_000;

/** Under the statistics' statement timeout (statsTimeout when cancelled). */
export async function homeSummary(ctx: CallContext): Promise<HomeSummary> {
  // Read beside the timed transaction, before it opens (PGlite has one connection).
  const updatedAt = await unsafeRollupUpdatedAt(ctx.database);
  return timedRead(ctx, (db) => summary(ctx, db, updatedAt));
}

async function summary(ctx: CallContext, db: Tx, updatedAt: number | null): Promise<HomeSummary> {
  const actor = requireActor(ctx);
  const has = (...codes: ResourceCode[]) => codes.some((c) => actor.authResList.has(c));
  const now = ctx.clock.now();
  // The last 7 local days, today included.
  const s = await statsScope(ctx, { range: { from: now - 6 * DAY_MS, to: now + 1 } }, db);
  const out: HomeSummary = { timeZone: s.timeZone, updatedAt: null };
  const deviceCodes = has(...HOME_CARD_CODES.devices);
  const upgradeCodes = has(...HOME_CARD_CODES.upgrade);
  if (deviceCodes || upgradeCodes) {
    const [week, prev, days] = await Promise.all([
      figures(db, s, null),
      figures(db, { ...s, from: s.prevFrom, to: s.prevTo }, null),
      figures(db, s, 'day'),
    ]);
    const cur = present(week[0]);
    const last = present(prev[0]);
    out.updatedAt = updatedAt;
    if (deviceCodes) {
      const byDay = new Map(days.map((d) => [d.key, present(d)]));
      out.devices = {
        total: cur.devices,
        onlineRate: cur.onlineRate,
        sparkline: s.days.map((day) => ({ day, devices: byDay.get(day)?.devices ?? 0, onlineRate: byDay.get(day)?.onlineRate ?? null })),
      };
      out.activations = { thisWeek: cur.activations, lastWeek: last.activations };
    }
    if (upgradeCodes) out.upgrade = { success: cur.upgradeSuccess, failed: cur.upgradeFailed };
    const drop = cur.onlineRate !== null && last.onlineRate !== null ? Math.round((last.onlineRate - cur.onlineRate) * 1000) / 10 : null;
    if (deviceCodes || upgradeCodes) {
      // Uploaded device logs count for those who may read them (the device-log calls' codes).
      const readsLogs = has('rmr_qry', 'dealer_device_mgr');
      const [tasks, syncs, twice, logs] = await Promise.all([
        upgradeCodes ? taskCounts(db, actor) : Promise.resolve({} as Record<string, number>),
        upgradeCodes ? failedSyncs(db, actor) : Promise.resolve({ n: 0 } as Record<string, number>),
        devicesFailedTwice(db, actor, now - 7 * DAY_MS),
        readsLogs ? logsUploaded(db, actor, now - 7 * DAY_MS) : Promise.resolve({ n: 0 } as Record<string, number>),
      ]);
      if (upgradeCodes) out.tasks = { inRelease: tasks.in_release ?? 0, paused: tasks.paused ?? 0 };
      out.attention = {
        pausedByGate: tasks.paused_by_gate ?? 0,
        failedSync: syncs.n ?? 0,
        failedTwice: twice.n ?? 0,
        onlineRateDrop: deviceCodes ? drop : null,
        logsUploaded: logs.n ?? 0,
      };
    }
  }
  if (seesSales(ctx)) {
    const [week, prev] = await Promise.all([appFigures(db, s, null), appFigures(db, { ...s, from: s.prevFrom, to: s.prevTo }, null)]);
    const cur = presentApp(week, s.days.length, true, false).sales!;
    out.sales = { orders: cur.orders, amount: cur.amount, lastWeekAmount: presentApp(prev, s.days.length, true, false).sales!.amount };
    out.updatedAt = updatedAt;
  }
  if (has(...HOME_CARD_CODES.accounts)) {
    const [regs, locked] = await Promise.all([awaitingRegistrations(db, actor), lockedUsers(db, actor)]);
    out.registrations = { awaiting: regs.n ?? 0 };
    out.users = { locked: locked.n ?? 0 };
  }
  return out;
}
