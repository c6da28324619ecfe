/**
 * The order flow's background work on pg-boss (the one job queue):
 * - a sweep every minute: unpaid orders past their 30 minutes are cancelled (units back), and
 *   payments whose webhook never came are asked of their provider (reconciliation);
 * - the sandbox's webhooks: after a sandbox payment, a job posts the signed event to the portal's
 *   own webhook route (PUBLIC_URL), as a real provider would, once or several times, after a delay.
 * Tests call runStorageOrderJobsOnce and sendSandboxWebhook with their own clock.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { CallContext } from '../../lib/context';
import type { JobQueue } from '../../lib/jobs';
import type { SealKeyring } from '../../lib/secrets';
import { sandboxSignature, sandboxWebhookPlan } from '../payments';
import { expireUnpaidOrders, handleWebhook, openPayee, reconcilePayments } from './orders.service';

export const ORDER_JOBS = {
  sweep: { name: 'storage.orders-sweep', cron: '* * * * *' },
  sandboxWebhook: { name: 'payments.sandbox-webhook' },
} as const;

export interface SandboxWebhookJob {
  companyId: number;
  eventId: string;
  type: 'payment.succeeded' | 'payment.failed';
  transactionId: string;
}

export async function runStorageOrderJobsOnce(database: Database, sealKeys: SealKeyring, now: number) {
  return { cancelled: await expireUnpaidOrders(database, now), reconciled: await reconcilePayments(database, sealKeys, now) };
}

/** Posts one signed sandbox event to the portal's webhook route; answers the HTTP status. */
export async function sendSandboxWebhook(
  database: Database,
  sealKeys: SealKeyring,
  publicUrl: string,
  job: SandboxWebhookJob,
  post: (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{ status: number }> = fetch,
): Promise<number> {
  const payee = await openPayee(database.db, sealKeys, job.companyId, '', 'sandbox');
  const body = JSON.stringify({ id: job.eventId, type: job.type, transactionId: job.transactionId });
  const res = await post(`${publicUrl}/v1.0/payments/webhook/sandbox/${job.companyId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': sandboxSignature(payee.account.secret, body) },
    body,
  });
  return res.status;
}

/**
 * The sandbox's webhook of a payment, as a provider would send it after the commit: by the job
 * queue to the portal's own route, after the plan's delay (an action required is confirmed by its
 * holder 10 s later), once, twice (duplicated) or never (dropped: reconciliation settles it), as
 * the test card or the SANDBOX_WEBHOOKS setting says. In a process without a queue, a succeeded
 * payment's event is handed to the webhook handler at once.
 */
export function sandboxWebhookAfterCommit(
  ctx: CallContext,
  o: { companyId: number },
  outcome: string,
  tx: string | null,
  card: string | undefined,
): void {
  if (!tx || outcome === 'declined') return;
  const plan = sandboxWebhookPlan(card, ctx.services.config.payments.sandboxWebhooks, outcome === 'action_required');
  if (plan.sends === 0) return;
  ctx.afterCommit(async () => {
    const job: SandboxWebhookJob = { companyId: o.companyId, eventId: `evt_${tx}_succeeded`, type: 'payment.succeeded', transactionId: tx };
    const queue = ctx.services.jobs();
    for (let i = 0; i < plan.sends; i++) {
      if (queue) {
        await queue.send(ORDER_JOBS.sandboxWebhook.name, job, {
          startAfter: plan.delaySeconds || undefined,
          retryLimit: 5,
          retryDelay: 5,
        });
      } else if (outcome === 'succeeded') {
        const payee = await openPayee(ctx.database.db, ctx.services.config.sealKeys, o.companyId, '', 'sandbox').catch(() => null);
        if (!payee) return;
        const body = JSON.stringify({ id: job.eventId, type: job.type, transactionId: tx });
        await handleWebhook(ctx.database, ctx.services.config.sealKeys, {
          provider: 'sandbox',
          companyId: o.companyId,
          headers: { 'x-sandbox-signature': sandboxSignature(payee.account.secret, body) },
          rawBody: body,
          now: ctx.clock.now(),
        });
      }
    }
  });
}

export async function registerStorageOrderJobs(
  queue: JobQueue,
  opts: { database: Database; clock: Clock; log: FastifyBaseLogger; sealKeys: SealKeyring; publicUrl: string },
): Promise<void> {
  const { database, clock, log, sealKeys, publicUrl } = opts;
  await queue.register(
    ORDER_JOBS.sweep.name,
    async () => {
      try {
        return await runStorageOrderJobsOnce(database, sealKeys, clock.now());
      } catch (err) {
        log.error({ err }, 'storage order sweep failed');
        throw err;
      }
    },
    { policy: 'singleton', retryLimit: 0 },
  );
  await queue.register<SandboxWebhookJob>(
    ORDER_JOBS.sandboxWebhook.name,
    async (job) => {
      const status = await sendSandboxWebhook(database, sealKeys, publicUrl, job.data);
      if (status >= 500) throw new Error(`sandbox webhook answered ${status}`);
      return { status };
    },
    { retryLimit: 5, retryDelay: 5, retryBackoff: true },
  );
  await queue.schedule(ORDER_JOBS.sweep.name, ORDER_JOBS.sweep.cron);
}
