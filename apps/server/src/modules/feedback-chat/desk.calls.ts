/** The support desk's calls: conversations addressed to the caller's company only. */
import { deskCalls } from '@portal/contract';
import { implement, type CallImpl } from '../../lib/implement';
import { deskAssign, deskGet, deskHistory, deskList, deskRead, deskReply, deskState, deskTyping } from './conversations.service';
import { cannedDelete, cannedList, cannedSave, deskAbilities, deskExport, deskStats, staffList, staffSave } from './desk.service';

type Fx = { otherConversationId: number; otherUserId: number; otherCannedReplyId: number };
const company = { none: "the caller's own company's desk only (desk_company_id = the caller's company)" };
const conv = { otherTenant: (fx: Fx) => ({ conversationId: fx.otherConversationId }) };

export const deskImpls: CallImpl[] = [
  implement(deskCalls.list, company, (ctx, d) => deskList(ctx, d)),
  implement(deskCalls.get, conv, (ctx, d) => deskGet(ctx, d.conversationId)),
  implement(deskCalls.history, conv, (ctx, d) => deskHistory(ctx, d)),
  implement(deskCalls.read, { otherTenant: (fx: Fx) => ({ conversationId: fx.otherConversationId, seq: 1 }) }, (ctx, d) =>
    deskRead(ctx, d),
  ),
  implement(
    deskCalls.reply,
    { otherTenant: (fx: Fx) => ({ conversationId: fx.otherConversationId, text: 'hello', clientId: 'probe-1' }) },
    (ctx, d) => deskReply(ctx, d),
  ),
  implement(deskCalls.typing, conv, (ctx, d) => deskTyping(ctx, d.conversationId)),
  implement(deskCalls.state, { otherTenant: (fx: Fx) => ({ conversationId: fx.otherConversationId, action: 'resolve' }) }, (ctx, d) =>
    deskState(ctx, d),
  ),
  implement(deskCalls.assign, { otherTenant: (fx: Fx) => ({ conversationId: fx.otherConversationId, assigneeId: null }) }, (ctx, d) =>
    deskAssign(ctx, d),
  ),
  implement(deskCalls.staffList, company, (ctx) => staffList(ctx)),
  implement(deskCalls.staffSave, { otherTenant: (fx: Fx) => ({ userId: fx.otherUserId, available: true, cap: 5 }) }, (ctx, d) =>
    staffSave(ctx, d),
  ),
  implement(deskCalls.abilities, { none: "answers the caller's own abilities; names no tenant object" }, async (ctx) => deskAbilities(ctx)),
  implement(deskCalls.cannedList, company, (ctx, d) => cannedList(ctx, d.language)),
  implement(
    deskCalls.cannedSave,
    { otherTenant: (fx: Fx) => ({ cannedReplyId: fx.otherCannedReplyId, language: 'en-US', title: 'x', text: 'x' }) },
    (ctx, d) => cannedSave(ctx, d),
  ),
  implement(deskCalls.cannedDelete, { otherTenant: (fx: Fx) => ({ cannedReplyId: fx.otherCannedReplyId }) }, (ctx, d) =>
    cannedDelete(ctx, d.cannedReplyId),
  ),
  implement(deskCalls.stats, company, (ctx, d) => deskStats(ctx, d)),
  implement(deskCalls.export, company, (ctx, d) => deskExport(ctx, d)),
];
