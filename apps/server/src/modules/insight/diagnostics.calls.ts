/**
 * Usage and diagnostics (issue 15 §4, 使用与诊断分析): the failure-code Pareto, from the failure
 * rollup (failures.repository.ts), and the end-user activity, from the end-user log by its time
 * index. Both need rmr_qry (the remote maintenance data of SPEC §6), run under the statistics'
 * statement timeout, and cut days in the caller's reporting time zone.
 */
import { ErrorCodes, insightCalls, type EndUserActivity, type FailurePareto } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { requireActor } from '../../lib/context';
import type { CallImpl } from '../../lib/implement';
import { implement } from '../../lib/implement';
import { endUserActivity } from './end-user-log.repository';
import { failureBreakdown, unsafeFailuresUpdatedAt } from './failures.repository';
import { companyInSubtree, daysOf, reportingTimeZone } from './stats.repository';
import { timedRead } from './stats.service';

const range = { from: Date.UTC(2026, 10, 1), to: Date.UTC(2026, 10, 8) };
const DAY_MS = 86_400_000;
/** From-to version pairs and app versions answered at most. */
const TOP = 20;

function dayList(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

export const diagnosticsImpls: CallImpl[] = [
  implement(insightCalls.failurePareto, { otherTenant: (fx) => ({ range, customerId: fx.otherCompanyId }) }, async (ctx, d) => {
    // Read beside the timed transaction, before it opens (PGlite has one connection).
    const updatedAt = await unsafeFailuresUpdatedAt(ctx.database);
    return timedRead(ctx, async (db): Promise<FailurePareto> => {
      const actor = requireActor(ctx);
      const customer = d.customerId === undefined ? null : await companyInSubtree(db, actor, d.customerId);
      if (d.customerId !== undefined && !customer) throw new AppError(ErrorCodes.notFound);
      const timeZone = await reportingTimeZone(db, actor);
      const { codes, models, versions } = await failureBreakdown(
        db,
        actor,
        {
          from: d.range.from,
          to: d.range.to,
          productType: d.productType,
          model: d.model,
          fromVersion: d.fromVersion,
          toVersion: d.toVersion,
          customerPath: customer?.path,
        },
        TOP,
      );
      const total = codes.reduce((n, c) => n + Number(c.failures), 0);
      let running = 0;
      return {
        timeZone,
        updatedAt,
        total,
        codes: codes.map((c) => {
          running += Number(c.failures);
          return { code: c.code, failures: Number(c.failures), cumulative: total > 0 ? running / total : 0 };
        }),
        models: models.map((m) => ({ model: m.model, failures: Number(m.failures) })),
        versions: versions.map((v) => ({ fromVersion: v.from_version, toVersion: v.to_version, failures: Number(v.failures) })),
      };
    });
  }),
  implement(
    insightCalls.endUserActivity,
    { none: "the end users of the caller's subtree only (as the end-user log); names no other tenant" },
    (ctx, d) =>
      timedRead(ctx, async (db): Promise<EndUserActivity> => {
        const actor = requireActor(ctx);
        const timeZone = await reportingTimeZone(db, actor);
        const { d0, d1 } = await daysOf(db, timeZone, d.range.from, d.range.to);
        const a = await endUserActivity(
          db,
          actor,
          { from: d.range.from, to: d.range.to, timeZone, platform: d.platform, appVersion: d.appVersion },
          TOP,
        );
        const byDay = new Map(a.daily.map((r) => [r.day, Number(r.active)]));
        const days = dayList(d0, d1);
        return {
          timeZone,
          days,
          daily: days.map((day) => ({ day, active: byDay.get(day) ?? 0 })),
          rangeActive: Number(a.totals.range_active),
          monthlyActive: Number(a.totals.monthly_active),
          platforms: a.platforms.map((p) => ({ platform: p.platform, active: Number(p.active) })),
          appVersions: a.versions.map((v) => ({ platform: v.platform, appVersion: v.app_version, active: Number(v.active) })),
        };
      }),
  ),
];
