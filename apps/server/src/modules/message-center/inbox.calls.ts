/** The inbox calls (any signed-in user, their own receipts only). */
import { messageCalls } from '@portal/contract';
import { implement, type CallImpl } from '../../lib/implement';
import { inboxGet, inboxHide, inboxList, inboxRead, inboxReadAll, inboxUnread } from './inbox.service';

const own = { none: "the caller's own receipts only (recipient = the caller)" };
const otherMessage = { otherTenant: (fx: { otherMessageId: number }) => ({ messageId: fx.otherMessageId }) };

export const inboxImpls: CallImpl[] = [
  implement(messageCalls.inboxList, own, (ctx, d) => inboxList(ctx, d)),
  implement(messageCalls.inboxGet, otherMessage, (ctx, d) => inboxGet(ctx, d.messageId)),
  implement(messageCalls.inboxUnread, own, (ctx) => inboxUnread(ctx)),
  implement(messageCalls.inboxRead, own, (ctx, d) => inboxRead(ctx, d.messageIds)),
  implement(messageCalls.inboxReadAll, own, (ctx, d) => inboxReadAll(ctx, d.type)),
  implement(messageCalls.inboxHide, own, (ctx, d) => inboxHide(ctx, d.messageIds)),
];
