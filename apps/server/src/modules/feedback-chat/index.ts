/**
 * The feedback chat (issue 13 §8-§10): conversations between requesters (portal users, app end
 * users) and their brand's support desk; the desk's queues, assignment, canned replies, CSAT,
 * statistics; reminder mails by the outbox (jobs.ts).
 */
import type { CallImpl } from '../../lib/implement';
import { deskImpls } from './desk.calls';
import { feedbackImpls } from './feedback.calls';
import { liveImpls } from './live';

export const feedbackChatImpls: readonly CallImpl[] = [...feedbackImpls, ...deskImpls, ...liveImpls];

export { FEEDBACK_JOBS, registerFeedbackJobs, runFeedbackRemindersOnce } from './jobs';
export { registerLiveRoutes } from './live';
