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
import type { JobQueue } from '../../lib/jobs';
import type { SealKeyring } from '../../lib/secrets';
import { sandboxSignature } from '../payments';
import { expireUnpaidOrders, openPayee, reconcilePayments } from './orders.service';

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
