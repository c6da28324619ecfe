/** Messaging release calls (issue 13): abilities, list, get, preview, save, delete, schedule, release, withdraw, revise, stats. */
import { messageCalls, MESSAGE_LANGUAGES } from '@portal/contract';
import { requireActor } from '../../lib/context';
import { implement, type CallImpl } from '../../lib/implement';
import { allowedActions } from '../../lib/policy';
import { messageCenterPolicy } from './messages.policy';
import {
  deleteMessage,
  exportStats,
  getMessage,
  listMessages,
  messageStats,
  previewAudience,
  releaseMessage,
  reviseMessage,
  saveMessage,
  scheduleMessage,
  withdrawMessage,
} from './messages.service';

const otherMessage = { otherTenant: (fx: { otherMessageId: number }) => ({ messageId: fx.otherMessageId }) };
const draftInput = (companyId: number) => ({
  type: 'notice' as const,
  contents: { 'en-US': { title: 'Hello', body: '<p>Hello</p>' } },
  preferredLanguage: 'en-US' as const,
  audience: { kind: 'company' as const, companyIds: [companyId] },
});

export const messageImpls: CallImpl[] = [
  implement(messageCalls.abilities, { none: "answers the caller's own abilities" }, async (ctx) => {
    const actor = requireActor(ctx);
    // The app languages a message may be written in (one of them, or several with multiLanguage).
    return { actions: allowedActions(messageCenterPolicy, actor, null), languages: [...MESSAGE_LANGUAGES] };
  }),
  implement(messageCalls.list, { none: "lists the messages of the caller's subtree only" }, (ctx, d) => listMessages(ctx, d)),
  implement(messageCalls.get, otherMessage, (ctx, d) => getMessage(ctx, d.messageId)),
  implement(
    messageCalls.preview,
    {
      otherTenant: (fx) => ({
        audience: { kind: 'company', companyIds: [fx.otherCompanyId] },
        languages: ['en-US'],
        preferredLanguage: 'en-US',
      }),
    },
    (ctx, d) => previewAudience(ctx, d),
  ),
  implement(messageCalls.save, { otherTenant: (fx) => ({ ...draftInput(fx.otherCompanyId), messageId: fx.otherMessageId }) }, (ctx, d) =>
    saveMessage(ctx, d),
  ),
  implement(messageCalls.delete, otherMessage, (ctx, d) => deleteMessage(ctx, d.messageId)),
  implement(messageCalls.schedule, { otherTenant: (fx) => ({ messageId: fx.otherMessageId, releaseAt: Date.UTC(2031, 0, 1) }) }, (ctx, d) =>
    scheduleMessage(ctx, d.messageId, d.releaseAt),
  ),
  implement(messageCalls.release, otherMessage, (ctx, d) => releaseMessage(ctx, d.messageId)),
  implement(messageCalls.withdraw, otherMessage, (ctx, d) => withdrawMessage(ctx, d.messageId)),
  implement(messageCalls.revise, otherMessage, (ctx, d) => reviseMessage(ctx, d.messageId)),
  implement(messageCalls.stats, otherMessage, (ctx, d) => messageStats(ctx, d.messageId)),
  implement(messageCalls.statsExport, otherMessage, (ctx, d) => exportStats(ctx, d.messageId)),
];
