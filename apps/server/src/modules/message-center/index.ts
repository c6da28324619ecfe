/**
 * The message centre (issue 13): messaging release and every portal user's inbox. Other modules
 * post system messages through `postSystemMessage`.
 */
import type { CallImpl } from '../../lib/implement';
import { inboxImpls } from './inbox.calls';
import { messageImpls } from './messages.calls';
import { pushImpls } from './push.calls';

export { fanoutSettings, MESSAGE_JOBS, runFanoutPage, type FanoutJob } from './fanout';
export { registerMessageJobs, runMessageJobsOnce } from './jobs';
export { pushSettings as pushProviderSettings } from './push';
export { kickPushes, plainText, pushRunSettings, runPushesOnce, runPushBatch } from './push.service';
export { unsafeRecipientsAmong } from './messages.repository';
export { queueChatPushes, type ChatPush } from './push.repository';
export { postSystemMessage, postSystemMessageInTx, type SystemMessage } from './system-messages';

export const messageCenterImpls: readonly CallImpl[] = [...messageImpls, ...inboxImpls, ...pushImpls];
