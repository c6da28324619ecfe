import type { JobQueue } from '../jobs/queue';
import type { Mailer } from './mailer';

export const MAIL_DELIVERY_JOB = { name: 'mail.deliver-queued', cron: '* * * * *' } as const;

/** Sweeps mails enqueued in transactions whose after-commit delivery never ran (crash, restart). */
export async function registerMailDelivery(queue: JobQueue, mailer: Mailer): Promise<void> {
  if (mailer.mode !== 'smtp') return;
  await queue.register(MAIL_DELIVERY_JOB.name, async () => ({ sent: await mailer.deliverQueued() }), { policy: 'singleton', retryLimit: 0 });
  await queue.schedule(MAIL_DELIVERY_JOB.name, MAIL_DELIVERY_JOB.cron);
}
