/**
 * The feedback chat's reminders, from a pg-boss job every minute: a desk reply a portal requester
 * has not read for 10 minutes (a mail by the outbox to the requester; an app end user gets a push
 * to their tokens, queued on the message centre's push queue and sent by its provider after the
 * commit), and a conversation waiting 15 minutes for the desk (a mail to its assignee, else the
 * desk's admins). Each conversation is claimed by one conditional UPDATE ... RETURNING in the
 * transaction that writes its mails and queues its pushes, so two instances never remind twice and
 * a rolled-back claim sends nothing. The end user's "mute promotions" does not apply: a reply to
 * their own conversation is not a promotion. Tests call runFeedbackRemindersOnce with their own clock.
 */
import { CHAT_UNREAD_REPLY_MAIL_MINUTES, CHAT_WAITING_MAIL_MINUTES, normalizeLocale, type Locale } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs';
import type { MailTemplateName, MailTemplateVars } from '../../lib/mail/templates';
import type { AppServices } from '../../lib/services';
import { kickPushes, plainText, queueChatPushes, type ChatPush } from '../message-center';
import { unsafeClaimUnreadReplies, unsafeClaimWaitingConversations } from './conversations.repository';
import { deskAdmins } from './desk.repository';
import { replyPushTitle } from './desk.texts';

export const FEEDBACK_JOBS = { remind: { name: 'feedback.remind', cron: '* * * * *' } } as const;

const MINUTE = 60_000;
const BATCH = 100;

export async function runFeedbackRemindersOnce(
  database: Database,
  services: Pick<AppServices, 'mail' | 'jobs' | 'config'>,
  now: number,
): Promise<{ replies: number; pushes: number; waiting: number }> {
  const mails: number[] = [];
  const pushes: ChatPush[] = [];
  const enqueue = async <N extends MailTemplateName>(tx: Tx, to: string, template: N, locale: Locale, vars: MailTemplateVars[N]) => {
    const id = await services.mail.enqueue(tx, to, template, locale, vars);
    if (id !== null) mails.push(id);
  };
  const replyBefore = new Date(now - CHAT_UNREAD_REPLY_MAIL_MINUTES * MINUTE);
  const waitBefore = new Date(now - CHAT_WAITING_MAIL_MINUTES * MINUTE);
  const counts = await database.db.transaction(async (tx) => {
    const replies = await unsafeClaimUnreadReplies(tx, replyBefore, BATCH);
    for (const r of replies) {
      if (r.requester_kind === 'end_user') {
        const locale = normalizeLocale(r.requester_locale);
        pushes.push({
          conversationId: r.id,
          endUserId: r.requester_id,
          title: replyPushTitle(locale, r.desk_name ?? '', r.topic),
          body: plainText(r.preview),
        });
        continue;
      }
      await enqueue(tx, r.requester_email, 'chatReplyUnread', normalizeLocale(r.requester_locale), {
        topic: r.topic,
        deskName: r.desk_name ?? '',
        preview: r.preview.slice(0, 300),
        minutes: CHAT_UNREAD_REPLY_MAIL_MINUTES,
      });
    }
    const waiting = await unsafeClaimWaitingConversations(tx, waitBefore, new Date(now), BATCH);
    for (const w of waiting) {
      const to = w.email ? [{ email: w.email, locale: w.locale ?? 'en-US' }] : await deskAdmins(tx, w.desk_company_id);
      for (const u of to)
        await enqueue(tx, u.email, 'chatWaiting', normalizeLocale(u.locale), {
          topic: w.topic,
          requesterName: w.requester_name,
          minutes: CHAT_WAITING_MAIL_MINUTES,
          assigned: !!w.email,
        });
    }
    const queued = await queueChatPushes(tx, pushes, new Date(now));
    return { replies: replies.length, pushes: queued, waiting: waiting.length };
  });
  if (mails.length) await services.mail.dispatch(mails);
  // The pushes go after the commit: by the push job, or without a queue here.
  if (counts.pushes) await kickPushes(services, database, () => new Date(now));
  return counts;
}

export async function registerFeedbackJobs(
  queue: JobQueue,
  opts: { database: Database; services: AppServices; clock: Clock; log: FastifyBaseLogger },
): Promise<void> {
  const { database, services, clock, log } = opts;
  await queue.register(
    FEEDBACK_JOBS.remind.name,
    async () => {
      try {
        return await runFeedbackRemindersOnce(database, services, clock.now());
      } catch (err) {
        log.error({ err }, 'feedback reminders failed');
        throw err;
      }
    },
    { policy: 'singleton', retryLimit: 0 },
  );
  await queue.schedule(FEEDBACK_JOBS.remind.name, FEEDBACK_JOBS.remind.cron);
}
