/**
 * Conversations of the feedback chat: a requester (a portal user, or an app's end user) opens one
 * with its brand's desk and writes in it; the desk answers, writes internal notes, moves and
 * assigns it. A send is one transaction: the conversation row locked, the client id looked up (a
 * retry answers the original), the rules checked (state, text, the sender's own uploads by content
 * and size), the next seq taken, the message stored and the conversation moved.
 */
import {
  CHAT_DOCUMENT_EXTS,
  CHAT_FILE_MAX_BYTES,
  CHAT_IMAGE_EXTS,
  CHAT_IMAGE_MAX_BYTES,
  chatTextError,
  conversationMachine,
  ErrorCodes,
  validationMessage,
  type ChatHistory,
  type ChatMessageItem,
  type Conversation,
  type ConversationAbility,
  type DeskStateAction,
} from '@portal/contract';
import { announce } from '../../lib/live';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { extensionOf, formatBytes } from '../../lib/files';
import { mapPage, type Page } from '../../lib/tenancy';
import {
  afterMessage,
  appKeyName,
  deskUnreadTotal,
  filesByIds,
  findByClientId,
  findConversation,
  findCreatedByClientId,
  findRequesterDevice,
  history,
  insertConversation,
  insertMessage,
  listConversations,
  lockConversation,
  markRead,
  nearestDeskAbove,
  nextSeq,
  readSeqs,
  requesterUnreadTotal,
  setRating,
  setState,
  type ConversationRow,
  type DeviceReach,
  type LockedConversation,
  type Executor,
  type FileRow,
  type MessageRow,
  type Scope,
  type Side,
} from './conversations.repository';
import { conversationRefusal, type Viewer } from './conversations.policy';
import { presentConversation, presentMessage, type LinkSigner } from './conversations.presenter';
import { enrolMembers, lowerActive, memberNameAndCap, raiseActive, setAssignee, takeMember, takeNextMember } from './desk.repository';

// ---------------------------------------------------------------------------------------------
// Who is writing
// ---------------------------------------------------------------------------------------------

export interface Requester {
  kind: 'user' | 'end_user';
  id: number;
  name: string;
  email: string;
  locale: string;
  origin: string;
  companyId: number | null;
  /** A portal user's session (file links, the desk's company); null for an end user. */
  actor: Actor | null;
  /** An end user's brand (its desk). */
  brand: { id: number; path: string } | null;
}

/** The caller of a requester call: the portal's signed-in user, or the app's end user. */
export async function requesterOf(ctx: CallContext): Promise<Requester> {
  if (ctx.app?.endUser) {
    const u = ctx.app.endUser;
    const keyName = await appKeyName(ctx.db, ctx.app.appKeyId);
    return {
      kind: 'end_user',
      id: u.id,
      name: u.nickname,
      email: u.email,
      locale: u.locale,
      origin: keyName ?? ctx.app.appId,
      companyId: null,
      actor: null,
      brand: { id: ctx.app.companyId, path: ctx.app.companyPath },
    };
  }
  const actor = requireActor(ctx);
  return {
    kind: 'user',
    id: actor.userId,
    name: actor.nickname,
    email: actor.email,
    locale: ctx.locale,
    origin: actor.companyName,
    companyId: actor.companyId,
    actor,
    brand: null,
  };
}

const requesterScope = (r: Requester): Scope => ({ kind: 'requester', requesterKind: r.kind, requesterId: r.id });
const deskScope = (actor: Actor): Scope => ({ kind: 'desk', companyId: actor.companyId });

/**
 * The desk a requester writes to: an end user's brand; for a portal user the nearest partner above
 * their company, and for a partner's own users the supplier. The supplier has none (27050).
 */
async function deskOf(db: Executor, r: Requester): Promise<{ id: number; path: string }> {
  if (r.brand) return r.brand;
  const actor = r.actor!;
  const d = await nearestDeskAbove(db, actor);
  if (!d) throw new AppError(ErrorCodes.feedbackNoDesk);
  return d;
}

/** A device the requester may name: in a portal user's subtree, or bound to the end user in its brand. */
async function deviceOf(db: Executor, r: Requester, deviceId: number): Promise<{ id: number; sn: string; model: string }> {
  const reach: DeviceReach = r.actor ? { companyPath: r.actor.companyPath } : { endUserId: r.id, brandPath: r.brand!.path };
  const d = await findRequesterDevice(db, reach, deviceId);
  if (!d) throw new AppError(ErrorCodes.notFound, undefined, `device ${deviceId}`);
  return d;
}

function signer(ctx: CallContext, actor: Actor | null): LinkSigner {
  return { actor, linkSecret: ctx.services.config.linkSecret, now: ctx.clock.now() };
}

function refuseUnless(
  viewer: Viewer,
  c: { state: ConversationRow['state']; resolved_at: Date | string | null; csat_score: number | null },
  action: ConversationAbility,
  now: number,
) {
  const r = conversationRefusal(viewer, { state: c.state, resolvedAt: c.resolved_at, rated: c.csat_score !== null }, action, now);
  if (r) throw new AppError(r.code, r.params, `conversation: ${action} refused${r.detail ? ` (${r.detail})` : ''}`);
}

// ---------------------------------------------------------------------------------------------
// One send
// ---------------------------------------------------------------------------------------------

interface Sender {
  side: Side;
  kind: 'user' | 'end_user';
  id: number;
  name: string;
  /** The portal user's company (their uploads are theirs); null for an end user, who has no uploads. */
  actor: Actor | null;
}

/** The sender's own uploads, by content: images up to 5 MB, pdf/txt/log/zip up to 10 MB. */
async function checkFiles(db: Executor, sender: Sender, ids: number[]): Promise<Map<number, FileRow>> {
  const found = new Map((await filesByIds(db, ids)).map((f) => [Number(f.id), f]));
  for (const id of ids) {
    const f = found.get(id);
    if (
      !f ||
      !sender.actor ||
      f.created_by !== (sender.actor.actingUserId ?? sender.actor.userId) ||
      f.company_id !== sender.actor.companyId
    )
      throw new AppError(ErrorCodes.notFound, undefined, `file ${id} is not the sender's upload`);
    // Every upload's content was checked against its extension (lib/files upload-check).
    const ext = extensionOf(f.name);
    const image = (CHAT_IMAGE_EXTS as readonly string[]).includes(ext);
    const document = (CHAT_DOCUMENT_EXTS as readonly string[]).includes(ext);
    if (!image && !document) throw new AppError(ErrorCodes.feedbackFileNotChat, undefined, `file ${id}: .${ext}`);
    const max = image ? CHAT_IMAGE_MAX_BYTES : CHAT_FILE_MAX_BYTES;
    if (Number(f.size) > max) throw new AppError(ErrorCodes.fileTooLarge, { max: formatBytes(max) }, `file ${id}: ${f.size} bytes`);
  }
  return found;
}

function checkText(ctx: CallContext, text: string, files: number[]): void {
  const key = chatTextError(text);
  if (key === 'validation.chatMessageTooLong' || (key && files.length === 0))
    throw new AppError(ErrorCodes.invalidParams, { detail: validationMessage(key, ctx.locale) }, key);
}

async function presentMessages(ctx: CallContext, msgs: MessageRow[], readSeqs: { requester: number; desk: number }, actor: Actor | null) {
  const files = new Map(
    (await filesByIds(ctx.db, [...new Set(msgs.flatMap((m) => (m.file_ids ?? []).map(Number)))])).map((f) => [Number(f.id), f]),
  );
  return msgs.map((m) => presentMessage(m, readSeqs, files, signer(ctx, actor)));
}

/**
 * A message in a conversation the caller's scope reaches; the retry of a stored client id answers
 * the stored message. `internal`: a desk note.
 */
async function send(
  ctx: CallContext,
  scope: Scope,
  viewer: Viewer,
  sender: Sender,
  d: { conversationId: number; text: string; files: number[]; clientId: string; internal?: boolean },
): Promise<ChatMessageItem> {
  const now = ctx.clock.now();
  const c = await lockConversation(ctx.db, scope, d.conversationId);
  if (!c) throw new AppError(ErrorCodes.notFound);
  const existing = await findByClientId(ctx.db, c.id, sender, d.clientId);
  if (existing) return (await presentMessages(ctx, [existing], await readSeqs(ctx.db, c.id), sender.actor))[0]!;
  const internal = sender.side === 'desk' && !!d.internal;
  const action: ConversationAbility = sender.side === 'requester' ? 'send' : internal ? 'note' : 'reply';
  refuseUnless(viewer, c, action, now);
  checkText(ctx, d.text, d.files);
  await checkFiles(ctx.db, sender, d.files);
  const seq = await nextSeq(ctx.db, c.id);
  const m = await insertMessage(ctx.db, {
    conversationId: c.id,
    seq,
    side: sender.side,
    internal,
    senderKind: sender.kind,
    senderId: sender.id,
    senderName: sender.name,
    text: d.text,
    fileIds: d.files,
    clientId: d.clientId,
    now: new Date(now),
  });
  const state = internal ? c.state : conversationMachine.next(c.state, sender.side === 'requester' ? 'requesterMessage' : 'deskReply');
  // A requester's message reopening a resolved conversation gives it back to its assignee's count.
  if (c.state === 'resolved' && state !== 'resolved' && c.assignee_id) await raiseActive(ctx.db, c.assignee_id);
  await afterMessage(ctx.db, {
    conversationId: c.id,
    seq,
    side: sender.side,
    internal,
    text: d.text,
    state,
    senderId: sender.id,
    now: new Date(now),
  });
  await announceChange(ctx, c, seq, internal);
  return (await presentMessages(ctx, [m], await readSeqs(ctx.db, c.id), sender.actor))[0]!;
}

/**
 * Tells the live channel (after the commit) that a conversation changed: its seq and who is
 * concerned, ids only. `deskOnly`: an internal note or a desk-side change the requester must not hear of.
 */
function announceChange(
  ctx: CallContext,
  c: LockedConversation,
  seq: number,
  deskOnly: boolean,
  read?: { side: 'requester' | 'desk'; seq: number },
): Promise<void> {
  return announce(ctx.db, {
    t: 'chat',
    c: c.id,
    s: seq,
    rk: c.requester_kind,
    r: Number(c.requester_id),
    d: c.desk_company_id,
    ...(deskOnly ? { o: true as const } : {}),
    ...(read ? { rd: read.side, rs: read.seq } : {}),
  });
}

const requesterSender = (r: Requester): Sender => ({ side: 'requester', kind: r.kind, id: r.id, name: r.name, actor: r.actor });
const deskSender = (actor: Actor): Sender => ({ side: 'desk', kind: 'user', id: actor.userId, name: actor.nickname, actor });

// ---------------------------------------------------------------------------------------------
// The requester's calls
// ---------------------------------------------------------------------------------------------

async function getPresented(ctx: CallContext, scope: Scope, viewer: Viewer, id: number): Promise<Conversation> {
  const r = await findConversation(ctx.db, scope, id);
  if (!r) throw new AppError(ErrorCodes.notFound);
  return presentConversation(r, viewer, ctx.clock.now());
}

/** Round-robin on a new conversation: the next free member, or nobody (the unassigned queue). */
async function autoAssign(db: Executor, deskId: number, conversationId: number, now: Date): Promise<void> {
  await enrolMembers(db, deskId);
  const member = await takeNextMember(db, deskId, now);
  if (member) await setAssignee(db, conversationId, member, now);
}

export async function createConversation(
  ctx: CallContext,
  d: { topic: string; deviceId?: number; text: string; files: number[]; clientId: string },
): Promise<{ conversation: Conversation; message: ChatMessageItem }> {
  const r = await requesterOf(ctx);
  const scope = requesterScope(r);
  const viewer: Viewer = { side: 'requester' };
  // A retried create answers the conversation its first message opened.
  const again = await findCreatedByClientId(ctx.db, r, d.clientId);
  if (again !== null) {
    const [m] = await history(ctx.db, again, 0, 1, false);
    return {
      conversation: await getPresented(ctx, scope, viewer, again),
      message: (await presentMessages(ctx, [m!], await readSeqs(ctx.db, again), r.actor))[0]!,
    };
  }
  checkText(ctx, d.text, d.files);
  const desk = await deskOf(ctx.db, r);
  const device = d.deviceId ? await deviceOf(ctx.db, r, d.deviceId) : null;
  const now = new Date(ctx.clock.now());
  const id = await insertConversation(ctx.db, {
    deskCompanyId: desk.id,
    deskCompanyPath: desk.path,
    requesterKind: r.kind,
    requesterId: r.id,
    requesterCompanyId: r.companyId,
    requesterOrigin: r.origin,
    requesterName: r.name,
    requesterEmail: r.email,
    requesterLocale: r.locale,
    topic: d.topic,
    device,
    now,
  });
  const message = await send(ctx, scope, viewer, requesterSender(r), { ...d, conversationId: id });
  await autoAssign(ctx.db, desk.id, id, now);
  return { conversation: await getPresented(ctx, scope, viewer, id), message };
}

export async function listOwn(ctx: CallContext, q: { pageNum: number; pageSize: number; state?: string }): Promise<Page<Conversation>> {
  const r = await requesterOf(ctx);
  const page = await listConversations(ctx.db, requesterScope(r), q);
  return mapPage(page, (rs) => rs.map((c) => presentConversation(c, { side: 'requester' }, ctx.clock.now())));
}

export async function getOwn(ctx: CallContext, id: number): Promise<Conversation> {
  const r = await requesterOf(ctx);
  return getPresented(ctx, requesterScope(r), { side: 'requester' }, id);
}

export async function sendOwn(ctx: CallContext, d: { conversationId: number; text: string; files: number[]; clientId: string }) {
  const r = await requesterOf(ctx);
  return send(ctx, requesterScope(r), { side: 'requester' }, requesterSender(r), d);
}

async function historyOf(
  ctx: CallContext,
  scope: Scope,
  side: Side,
  actor: Actor | null,
  d: { conversationId: number; afterSeq: number; limit: number },
): Promise<ChatHistory> {
  const c = await findConversation(ctx.db, scope, d.conversationId);
  if (!c) throw new AppError(ErrorCodes.notFound);
  const msgs = await history(ctx.db, c.id, d.afterSeq, d.limit, side === 'desk');
  const more = msgs.length > d.limit;
  const readSeqs = { requester: c.requester_read_seq, desk: c.desk_read_seq };
  return {
    messages: await presentMessages(ctx, msgs.slice(0, d.limit), readSeqs, actor),
    lastSeq: c.last_seq,
    otherReadSeq: side === 'desk' ? c.requester_read_seq : c.desk_read_seq,
    more,
  };
}

export async function historyOwn(ctx: CallContext, d: { conversationId: number; afterSeq: number; limit: number }) {
  const r = await requesterOf(ctx);
  return historyOf(ctx, requesterScope(r), 'requester', r.actor, d);
}

export async function readOwn(ctx: CallContext, d: { conversationId: number; seq: number }): Promise<{ unread: number }> {
  const r = await requesterOf(ctx);
  const scope = requesterScope(r);
  if (!(await findConversation(ctx.db, scope, d.conversationId))) throw new AppError(ErrorCodes.notFound);
  const moved = await markRead(ctx.db, d.conversationId, 'requester', d.seq);
  const c = (await findConversation(ctx.db, scope, d.conversationId))!;
  // Only a mark that moved is told, as a read mark: nobody refetches the thread for it.
  if (moved !== null) await announceChange(ctx, c, c.last_seq, false, { side: 'requester', seq: moved });
  return { unread: c.requester_unread };
}

export async function rateOwn(ctx: CallContext, d: { conversationId: number; score: number; comment: string }): Promise<Conversation> {
  const r = await requesterOf(ctx);
  const scope = requesterScope(r);
  const viewer: Viewer = { side: 'requester' };
  const c = await lockConversation(ctx.db, scope, d.conversationId);
  if (!c) throw new AppError(ErrorCodes.notFound);
  refuseUnless(viewer, c, 'rate', ctx.clock.now());
  if (!(await setRating(ctx.db, c.id, d.score, d.comment, new Date(ctx.clock.now())))) throw new AppError(ErrorCodes.feedbackAlreadyRated);
  await announceChange(ctx, c, c.last_seq, false);
  return getPresented(ctx, scope, viewer, c.id);
}

/** Typing, told over the live channel after the call (nothing stored); the conversation must be the caller's (1004). */
function announceTyping(ctx: CallContext, c: LockedConversation, side: 'requester' | 'desk', userId?: number): Promise<void> {
  return announce(ctx.db, {
    t: 'typing',
    c: c.id,
    side,
    rk: c.requester_kind,
    r: Number(c.requester_id),
    d: c.desk_company_id,
    ...(userId ? { u: userId } : {}),
  });
}

export async function typingOwn(ctx: CallContext, conversationId: number): Promise<Record<string, never>> {
  const r = await requesterOf(ctx);
  const c = await findConversation(ctx.db, requesterScope(r), conversationId);
  if (!c) throw new AppError(ErrorCodes.notFound);
  await announceTyping(ctx, c, 'requester');
  return {};
}

export async function deskTyping(ctx: CallContext, conversationId: number): Promise<Record<string, never>> {
  const actor = requireActor(ctx);
  const c = await findConversation(ctx.db, deskScope(actor), conversationId);
  if (!c) throw new AppError(ErrorCodes.notFound);
  await announceTyping(ctx, c, 'desk', actor.userId);
  return {};
}

export async function unread(ctx: CallContext): Promise<{ total: number; mine: number; desk: number }> {
  const r = await requesterOf(ctx);
  const mine = await requesterUnreadTotal(ctx.db, r.kind, r.id);
  const actor = r.actor;
  const desk =
    actor && (actor.authResList.has('dealer_feedback_qry') || actor.authResList.has('dealer_feedback_mgr'))
      ? await deskUnreadTotal(ctx.db, actor.companyId, actor.userId)
      : 0;
  return { total: mine + desk, mine, desk };
}

// ---------------------------------------------------------------------------------------------
// The desk's calls
// ---------------------------------------------------------------------------------------------

const deskViewer = (actor: Actor): Viewer => ({ side: 'desk', actor });

export async function deskList(
  ctx: CallContext,
  q: { pageNum: number; pageSize: number; queue: 'mine' | 'unassigned' | 'all'; state?: string },
): Promise<Page<Conversation>> {
  const actor = requireActor(ctx);
  const page = await listConversations(ctx.db, deskScope(actor), { ...q, userId: actor.userId });
  return mapPage(page, (rs) => rs.map((c) => presentConversation(c, deskViewer(actor), ctx.clock.now())));
}

export async function deskGet(ctx: CallContext, id: number): Promise<Conversation> {
  const actor = requireActor(ctx);
  return getPresented(ctx, deskScope(actor), deskViewer(actor), id);
}

export async function deskHistory(ctx: CallContext, d: { conversationId: number; afterSeq: number; limit: number }) {
  const actor = requireActor(ctx);
  return historyOf(ctx, deskScope(actor), 'desk', actor, d);
}

export async function deskRead(ctx: CallContext, d: { conversationId: number; seq: number }): Promise<{ unread: number }> {
  const actor = requireActor(ctx);
  const scope = deskScope(actor);
  if (!(await findConversation(ctx.db, scope, d.conversationId))) throw new AppError(ErrorCodes.notFound);
  const moved = await markRead(ctx.db, d.conversationId, 'desk', d.seq);
  const c = (await findConversation(ctx.db, scope, d.conversationId))!;
  if (moved !== null) await announceChange(ctx, c, c.last_seq, false, { side: 'desk', seq: moved });
  return { unread: Math.max(0, c.last_seq - c.desk_read_seq) };
}

export async function deskReply(
  ctx: CallContext,
  d: { conversationId: number; text: string; files: number[]; clientId: string; internal: boolean },
): Promise<ChatMessageItem> {
  const actor = requireActor(ctx);
  return send(ctx, deskScope(actor), deskViewer(actor), deskSender(actor), d);
}

export async function deskState(ctx: CallContext, d: { conversationId: number; action: DeskStateAction }): Promise<Conversation> {
  const actor = requireActor(ctx);
  const scope = deskScope(actor);
  const now = ctx.clock.now();
  const c = await lockConversation(ctx.db, scope, d.conversationId);
  if (!c) throw new AppError(ErrorCodes.notFound);
  refuseUnless(deskViewer(actor), c, d.action, now);
  const to = conversationMachine.next(c.state, d.action);
  await setState(ctx.db, c.id, to, { resolvedBy: actor.userId, now: new Date(now) });
  if (c.assignee_id && c.state !== 'resolved' && to === 'resolved') await lowerActive(ctx.db, c.assignee_id);
  if (c.assignee_id && c.state === 'resolved' && to !== 'resolved') await raiseActive(ctx.db, c.assignee_id);
  await announceChange(ctx, c, c.last_seq, false);
  return getPresented(ctx, scope, deskViewer(actor), c.id);
}

export async function deskAssign(
  ctx: CallContext,
  d: { conversationId: number; assigneeId: number | 'next' | null },
): Promise<Conversation> {
  const actor = requireActor(ctx);
  const scope = deskScope(actor);
  const now = new Date(ctx.clock.now());
  const c = await lockConversation(ctx.db, scope, d.conversationId);
  if (!c) throw new AppError(ErrorCodes.notFound);
  refuseUnless(deskViewer(actor), c, 'assign', now.getTime());
  if (d.assigneeId !== 'next' && d.assigneeId === c.assignee_id) return getPresented(ctx, scope, deskViewer(actor), c.id);
  const counted = c.state !== 'resolved';
  await enrolMembers(ctx.db, c.desk_company_id);
  if (counted && c.assignee_id) await lowerActive(ctx.db, c.assignee_id);
  let assignee: number | null = null;
  if (d.assigneeId === 'next') {
    assignee = counted ? await takeNextMember(ctx.db, c.desk_company_id, now) : null;
  } else if (d.assigneeId !== null) {
    const outcome = await takeMember(ctx.db, c.desk_company_id, d.assigneeId, now);
    if (outcome === 'notMember') throw new AppError(ErrorCodes.feedbackAssigneeNotStaff);
    if (outcome === 'full') {
      if (counted) {
        const m = await memberNameAndCap(ctx.db, d.assigneeId);
        throw new AppError(ErrorCodes.feedbackAssigneeOverCap, { name: m?.nickname ?? '', cap: m?.cap ?? 0 });
      }
    } else if (!counted) {
      await lowerActive(ctx.db, d.assigneeId); // a resolved conversation counts for nobody
    }
    assignee = d.assigneeId;
  }
  await setAssignee(ctx.db, c.id, assignee, now);
  await announceChange(ctx, c, c.last_seq, true);
  return getPresented(ctx, scope, deskViewer(actor), c.id);
}
