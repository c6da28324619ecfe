/** The operation log's tamper check (insight/operation-log/verify), the same walk as `npm run audit:verify`. */
import { insightCalls } from '@portal/contract';
import type { CallImpl } from '../../lib/implement';
import { implement } from '../../lib/implement';
import { verifyOperationLog } from './audit-chain';

export const auditImpls: CallImpl[] = [
  implement(
    insightCalls.auditVerify,
    { none: "supplier only: the chain covers every tenant's rows and answers only counts and a seq" },
    async (ctx) => {
      const r = await verifyOperationLog(ctx.database, ctx.services.fileStore);
      return { ok: r.ok, rows: r.rows, brokenSeq: r.ok ? null : r.brokenSeq };
    },
  ),
];
