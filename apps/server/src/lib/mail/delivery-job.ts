/**
 * Mail leaves the portal through jobs only. A call writes its mail to the outbox (table mails,
 * status 'queued') inside its own transaction; once that has committed, `dispatch` sends one
 * 'mail.deliver' job per mail, and the job's worker (on whichever instance fetches it) transmits
 * it. A mail whose transaction rolled back does not exist, so it is never sent. The sweep runs every
 * minute for mails whose job was never sent (the process died between commit and dispatch).
 * Delivery claims the row (queued -> sending) first, so a mail goes once however often it is asked.
 */
import type { JobQueue } from '../jobs/queue';
import type { Mailer } from './mailer';

export const MAIL_JOBS = {
  deliver: { name: 'mail.deliver' },
  sweep: { name: 'mail.deliver-queued', cron: '* * * * *' },
} as const;

/** Registers the delivery and sweep jobs (SMTP only: in outbox mode nothing leaves). */
export async function registerMailDelivery(queue: JobQueue, mailer: Mailer): Promise<void> {
  if (mailer.mode !== 'smtp') return;
  await queue.register<{ mailId: number }>(
    MAIL_JOBS.deliver.name,
    async (job) => ({ status: (await mailer.deliver(job.data.mailId))?.status ?? 'not queued' }),
    { retryLimit: 0, batchSize: 5 },
  );
  await queue.register(MAIL_JOBS.sweep.name, async () => ({ sent: await mailer.deliverQueued() }), { policy: 'singleton', retryLimit: 0 });
  await queue.schedule(MAIL_JOBS.sweep.name, MAIL_JOBS.sweep.cron);
}

/** Sends the delivery job of each mail (after the transaction that wrote them has committed). */
export async function dispatchMail(queue: JobQueue, ids: readonly number[]): Promise<void> {
  for (const mailId of ids) await queue.send(MAIL_JOBS.deliver.name, { mailId }, { retryLimit: 0 });
}
