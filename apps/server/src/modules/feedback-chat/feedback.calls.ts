/** The requester's calls, the portal's (feedback/...) and the app's (app-api/feedback/...): one service each. */
import { appFeedbackCalls, feedbackCalls } from '@portal/contract';
import { implement, type CallImpl } from '../../lib/implement';
import {
  createConversation,
  getOwn,
  historyOwn as history,
  listOwn,
  rateOwn,
  readOwn,
  sendOwn,
  typingOwn,
  unread,
} from './conversations.service';

const own = { none: "the caller's own conversations only (requester = the caller); a new one goes to the caller's own desk" };
const other = { otherTenant: (fx: { otherConversationId: number }) => ({ conversationId: fx.otherConversationId }) };
const otherSend = {
  otherTenant: (fx: { otherConversationId: number }) => ({ conversationId: fx.otherConversationId, text: 'hello', clientId: 'probe-1' }),
};
const otherRead = { otherTenant: (fx: { otherConversationId: number }) => ({ conversationId: fx.otherConversationId, seq: 1 }) };
const otherRate = { otherTenant: (fx: { otherConversationId: number }) => ({ conversationId: fx.otherConversationId, score: 5 }) };

function requesterImpls(calls: typeof feedbackCalls | typeof appFeedbackCalls): CallImpl[] {
  return [
    implement(calls.create, own, (ctx, d) => createConversation(ctx, d)),
    implement(calls.list, own, (ctx, d) => listOwn(ctx, d)),
    implement(calls.get, other, (ctx, d) => getOwn(ctx, d.conversationId)),
    implement(calls.send, otherSend, (ctx, d) => sendOwn(ctx, d)),
    implement(calls.history, other, (ctx, d) => history(ctx, d)),
    implement(calls.read, otherRead, (ctx, d) => readOwn(ctx, d)),
    implement(calls.rate, otherRate, (ctx, d) => rateOwn(ctx, d)),
    implement(calls.typing, other, (ctx, d) => typingOwn(ctx, d.conversationId)),
    implement(calls.unread, own, (ctx) => unread(ctx)),
  ];
}

export const feedbackImpls: CallImpl[] = [...requesterImpls(feedbackCalls), ...requesterImpls(appFeedbackCalls)];
