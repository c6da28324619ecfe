/** The caller's own inbox (any signed-in user): list, detail, unread count, read, read all, hide. */
import { ErrorCodes, MESSAGE_TYPES, type InboxDetail, type InboxItem, type UnreadCount, type inboxListQuerySchema } from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { mapPage, type Page } from '../../lib/tenancy';
import { findInboxMessage, hide, listInbox, markDelivered, markRead, unreadByType, type Recipient } from './inbox.repository';
import { presentInboxDetail, presentInboxItem } from './messages.presenter';
import { filesOfMessage } from './messages.repository';

/** Whose inbox a call reads: the signed-in portal user's, or (app API) the end user's. */
export type InboxOwner = (ctx: CallContext) => { me: Recipient; actor: Actor | null };
export const portalInbox: InboxOwner = (ctx) => {
  const actor = requireActor(ctx);
  return { me: { kind: 'user', id: actor.userId }, actor };
};

export async function inboxList(ctx: CallContext, q: z.output<typeof inboxListQuerySchema>, owner = portalInbox): Promise<Page<InboxItem>> {
  const { me } = owner(ctx);
  // Fetched by the recipient's client: delivered (by the same statement).
  const page = await listInbox(ctx.db, me, q, new Date(ctx.clock.now()));
  return mapPage(page, (rs) => rs.map(presentInboxItem));
}

export async function inboxGet(ctx: CallContext, messageId: number, owner = portalInbox): Promise<InboxDetail> {
  const { me, actor } = owner(ctx);
  const r = await findInboxMessage(ctx.db, me, messageId);
  if (!r) throw new AppError(ErrorCodes.notFound);
  await markDelivered(ctx.db, me, [messageId], new Date(ctx.clock.now()));
  const files = await filesOfMessage(ctx.db, (r.image_file_ids ?? []).map(Number));
  return presentInboxDetail(r, files, { actor, linkSecret: ctx.services.config.linkSecret, now: ctx.clock.now() });
}

export async function inboxUnread(ctx: CallContext, owner = portalInbox): Promise<UnreadCount> {
  const { me } = owner(ctx);
  const rows = await unreadByType(ctx.db, me);
  const byType = Object.fromEntries(MESSAGE_TYPES.map((t) => [t, rows.find((r) => r.type === t)?.n ?? 0])) as UnreadCount['byType'];
  return { total: rows.reduce((s, r) => s + r.n, 0), byType };
}

export async function inboxRead(ctx: CallContext, messageIds: number[], owner = portalInbox): Promise<{ updated: number }> {
  const { me } = owner(ctx);
  return { updated: await markRead(ctx.db, me, { messageIds }, new Date(ctx.clock.now())) };
}

export async function inboxReadAll(ctx: CallContext, type?: string, owner = portalInbox): Promise<{ updated: number }> {
  const { me } = owner(ctx);
  return { updated: await markRead(ctx.db, me, { type }, new Date(ctx.clock.now())) };
}

export async function inboxHide(ctx: CallContext, messageIds: number[], owner = portalInbox): Promise<{ updated: number }> {
  const { me } = owner(ctx);
  return { updated: await hide(ctx.db, me, messageIds, new Date(ctx.clock.now())) };
}
