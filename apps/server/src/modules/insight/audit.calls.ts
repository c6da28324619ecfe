/**
 * The operation log's calls: search (the rows visible to the caller's subtree) and the tamper check
 * (insight/operation-log/verify), the same walk as `npm run audit:verify`.
 */
import { auditCodeOf, insightCalls } from '@portal/contract';
import { requireActor } from '../../lib/context';
import type { CallImpl } from '../../lib/implement';
import { implement } from '../../lib/implement';
import { verifyOperationLog } from './audit-chain';
import { searchOperationLogs } from './oplog.repository';

export const auditImpls: CallImpl[] = [
  implement(
    insightCalls.operationLogSearch,
    { none: "lists only rows whose target company or actor's company is in the caller's subtree (tested)" },
    async (ctx, d) => {
      const page = await searchOperationLogs(ctx.db, requireActor(ctx), d, {
        now: ctx.clock.now(),
        retentionDays: ctx.services.config.auditRetentionDays,
      });
      return {
        ...page,
        records: page.records.map((r) => ({
          id: Number(r.id),
          at: new Date(r.at).toISOString(),
          actorUserId: r.actor_user_id,
          actorName: r.actor_name,
          onBehalfOfUserId: r.on_behalf_of_user_id,
          onBehalfOfName: r.on_behalf_of_name,
          companyId: r.company_id,
          companyName: r.company_name,
          module: r.module,
          action: r.action,
          result: r.result,
          targetType: r.target_type,
          targetId: r.target_id,
          before: r.before ?? null,
          after: r.after ?? null,
          requestId: r.request_id,
          ip: r.ip,
          code: auditCodeOf({ code: r.code, action: r.action }),
          targetName: r.target_name,
          params: r.params ?? null,
          diff: r.diff ?? null,
          request: r.request ?? null,
        })),
      };
    },
  ),
  implement(
    insightCalls.auditVerify,
    { none: "supplier only: the chain covers every tenant's rows and answers only counts and a seq" },
    async (ctx) => {
      const r = await verifyOperationLog(ctx.database, ctx.services.fileStore);
      return { ok: r.ok, rows: r.rows, brokenSeq: r.ok ? null : r.brokenSeq };
    },
  ),
];
