/** Conversation and message rows -> the contract's shapes, with the viewer's abilities. */
import { CHAT_IMAGE_EXTS, type ChatFile, type ChatMessageItem, type Conversation } from '@portal/contract';
import type { Actor } from '../../lib/context';
import { callerFileLinkUrl, extensionOf } from '../../lib/files';
import type { ConversationRow, FileRow, MessageRow } from './conversations.repository';
import { conversationAbilities, type Viewer } from './conversations.policy';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** Signs file links for a portal user; an app end user gets none (its links would need a portal session). */
export interface LinkSigner {
  actor: Actor | null;
  linkSecret: string | Buffer;
  now: number;
}

export function presentConversation(r: ConversationRow, viewer: Viewer, now: number): Conversation {
  const desk = viewer.side === 'desk';
  return {
    id: r.id,
    topic: r.topic,
    state: r.state,
    requesterKind: r.requester_kind,
    requesterName: r.requester_name,
    requesterOrigin: r.requester_origin,
    requesterLocale: r.requester_locale,
    deskCompanyName: r.desk_company_name ?? '',
    device: r.device_id ? { id: r.device_id, sn: r.device_sn, model: r.device_model } : null,
    assigneeId: r.assignee_id,
    assigneeName: r.assignee_name ?? '',
    lastSeq: r.last_seq,
    unread: desk ? Math.max(0, r.last_seq - r.desk_read_seq) : r.requester_unread,
    lastMessageText: r.last_message_text,
    lastMessageAt: iso(r.last_message_at)!,
    waitingSince: iso(r.waiting_since),
    createdAt: iso(r.created_at)!,
    resolvedAt: iso(r.resolved_at),
    csat: r.csat_score === null ? null : { score: r.csat_score, comment: r.csat_comment, at: iso(r.csat_at)! },
    actions: conversationAbilities(viewer, { state: r.state, resolvedAt: r.resolved_at, rated: r.csat_score !== null }, now),
  };
}

export function presentFile(f: FileRow, s: LinkSigner): ChatFile {
  return {
    fileId: Number(f.id),
    name: f.name,
    mime: f.mime,
    size: Number(f.size),
    image: (CHAT_IMAGE_EXTS as readonly string[]).includes(extensionOf(f.name)),
    url: s.actor ? callerFileLinkUrl(s.actor, f.path, s.linkSecret, s.now) : '',
  };
}

export function presentMessage(
  m: MessageRow,
  readSeqs: { requester: number; desk: number },
  files: Map<number, FileRow>,
  s: LinkSigner,
): ChatMessageItem {
  const other = m.side === 'desk' ? readSeqs.requester : readSeqs.desk;
  return {
    id: Number(m.id),
    conversationId: m.conversation_id,
    seq: m.seq,
    side: m.side,
    internal: m.internal,
    senderName: m.sender_name,
    text: m.text,
    files: (m.file_ids ?? []).flatMap((id) => {
      const f = files.get(Number(id));
      return f ? [presentFile(f, s)] : [];
    }),
    clientId: m.client_id,
    createdAt: iso(m.created_at)!,
    read: m.internal ? true : m.seq <= other,
  };
}
