/**
 * The monitoring link (SPEC §2, issue 15 §7): the supplier's external URL per area, and the
 * built-in page's figures for an area without one (error rates, job backlog, rollup lag).
 */
import { ErrorCodes, MONITORING_WINDOW_HOURS, type MonitoringLink, type MonitoringLinks, type MonitoringOverview } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { areaNames } from '../../lib/area-names';
import { requireActor, type CallContext } from '../../lib/context';
import {
  unsafeAppErrorCodes,
  unsafeErrorHours,
  unsafeJobBacklog,
  unsafeMonitoringLinks,
  unsafePendingRollupEvents,
  unsafeSetMonitoringLink,
  type LinkRow,
} from './monitoring.repository';
import { unsafeRollupUpdatedAt } from './rollup.repository';

const HOUR_MS = 3_600_000;
/** The pending events are counted up to this many ("100,000+"). */
export const PENDING_EVENTS_CAP = 100_000;

function present(ctx: CallContext, r: LinkRow): MonitoringLink {
  const names = areaNames({ displayName: r.display_name, displayNameZhCn: r.display_name_zh_cn });
  return {
    areaId: Number(r.area_id),
    displayName: names[ctx.locale] ?? r.name,
    displayNames: names,
    url: r.url ?? null,
    updatedAt: r.updated_at === null ? null : Number(r.updated_at),
  };
}

export async function monitoringLinks(ctx: CallContext): Promise<MonitoringLinks> {
  const actor = requireActor(ctx);
  const links = (await unsafeMonitoringLinks(ctx.db)).map((r) => present(ctx, r));
  return {
    links,
    current: links.find((l) => l.areaId === actor.currentAreaId)?.url ?? null,
    currentAreaId: actor.currentAreaId,
    canEdit: actor.authResList.has('supplier_system_mgr'),
  };
}

export async function setMonitoringLink(ctx: CallContext, d: { areaId: number; url: string | null }): Promise<MonitoringLink> {
  const actor = requireActor(ctx);
  const row = await unsafeSetMonitoringLink(ctx.db, d.areaId, d.url, actor.userId, ctx.clock.now());
  if (!row) throw new AppError(ErrorCodes.notFound);
  return present(ctx, row);
}

export async function monitoringOverview(ctx: CallContext): Promise<MonitoringOverview> {
  requireActor(ctx);
  const now = ctx.clock.now();
  const to = Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS;
  const from = to - MONITORING_WINDOW_HOURS * HOUR_MS;
  // One after another: PGlite has one connection.
  const updatedAt = await unsafeRollupUpdatedAt(ctx.database);
  const hours = await unsafeErrorHours(ctx.db, from, to);
  const codes = await unsafeAppErrorCodes(ctx.db, from, 5);
  const jobs = await unsafeJobBacklog(ctx.db, from, now);
  const pendingEvents = await unsafePendingRollupEvents(ctx.db, PENDING_EVENTS_CAP);
  return {
    at: now,
    hours: hours.map((h) => ({
      hour: Number(h.hour),
      operations: Number(h.operations),
      refused: Number(h.refused),
      appCalls: Number(h.app_calls),
      appFailed: Number(h.app_failed),
    })),
    appErrorCodes: codes.map((c) => ({ code: Number(c.code), calls: Number(c.calls) })),
    jobs: jobs.map((j) => ({
      name: j.name,
      waiting: Number(j.waiting),
      active: Number(j.active),
      failed: Number(j.failed),
      oldestWaitingAt: j.oldest === null ? null : Number(j.oldest),
    })),
    rollup: {
      updatedAt,
      lagSeconds: updatedAt === null ? null : Math.max(0, Math.round((now - updatedAt) / 1000)),
      pendingEvents,
    },
  };
}
