/** The caller's own inbox (any signed-in user): list, detail, unread count, read, read all, hide. */
import { ErrorCodes, MESSAGE_TYPES, type InboxDetail, type InboxItem, type UnreadCount, type inboxListQuerySchema } from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requireActor, type CallContext } from '../../lib/context';
import { mapPage, type Page } from '../../lib/tenancy';
import { findInboxMessage, hide, listInbox, markDelivered, markRead, unreadByType } from './inbox.repository';
import { presentInboxDetail, presentInboxItem } from './messages.presenter';
import { filesOfMessage } from './messages.repository';

export async function inboxList(ctx: CallContext, q: z.output<typeof inboxListQuerySchema>): Promise<Page<InboxItem>> {
  const actor = requireActor(ctx);
  const page = await listInbox(ctx.db, actor, q);
  // Fetched by the recipient's client: delivered.
  await markDelivered(
    ctx.db,
    actor,
    page.records.map((r) => r.message_id),
    new Date(ctx.clock.now()),
  );
  return mapPage(page, (rs) => rs.map(presentInboxItem));
}

export async function inboxGet(ctx: CallContext, messageId: number): Promise<InboxDetail> {
  const actor = requireActor(ctx);
  const r = await findInboxMessage(ctx.db, actor, messageId);
  if (!r) throw new AppError(ErrorCodes.notFound);
  await markDelivered(ctx.db, actor, [messageId], new Date(ctx.clock.now()));
  const files = await filesOfMessage(ctx.db, (r.image_file_ids ?? []).map(Number));
  return presentInboxDetail(r, files, { actor, linkSecret: ctx.services.config.linkSecret, now: ctx.clock.now() });
}

export async function inboxUnread(ctx: CallContext): Promise<UnreadCount> {
  const actor = requireActor(ctx);
  const rows = await unreadByType(ctx.db, actor);
  const byType = Object.fromEntries(MESSAGE_TYPES.map((t) => [t, rows.find((r) => r.type === t)?.n ?? 0])) as UnreadCount['byType'];
  return { total: rows.reduce((s, r) => s + r.n, 0), byType };
}

export async function inboxRead(ctx: CallContext, messageIds: number[]): Promise<{ updated: number }> {
  const actor = requireActor(ctx);
  return { updated: await markRead(ctx.db, actor, { messageIds }, new Date(ctx.clock.now())) };
}

export async function inboxReadAll(ctx: CallContext, type?: string): Promise<{ updated: number }> {
  const actor = requireActor(ctx);
  return { updated: await markRead(ctx.db, actor, { type }, new Date(ctx.clock.now())) };
}

export async function inboxHide(ctx: CallContext, messageIds: number[]): Promise<{ updated: number }> {
  const actor = requireActor(ctx);
  return { updated: await hide(ctx.db, actor, messageIds, new Date(ctx.clock.now())) };
}
