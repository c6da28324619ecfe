/** Message rows -> the contract's shapes, with the caller's abilities (messagePolicy). */
import type { Locale, Message, MessageDetail, MessageLanguage, MessageState, InboxItem, InboxDetail } from '@portal/contract';
import type { Actor } from '../../lib/context';
import { callerFileLinkUrl } from '../../lib/files';
import { allowedActions } from '../../lib/policy';
import type { InboxRow } from './inbox.repository';
import { messagePolicy } from './messages.policy';
import type { MessageRow } from './messages.repository';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export interface LinkSigner {
  /** The portal user the links are for; an end user (app API) gets no file links. */
  actor: Actor | null;
  linkSecret: string | Buffer;
  now: number;
}

function titleFor(r: MessageRow, locale: Locale): string {
  return (r.contents[locale] ?? r.contents[r.preferred_language] ?? Object.values(r.contents)[0])?.title ?? '';
}

export function presentMessage(actor: Actor, r: MessageRow, locale: Locale): Message {
  return {
    id: r.id,
    type: r.type as Message['type'],
    state: r.state as MessageState,
    title: titleFor(r, locale),
    languages: r.languages as MessageLanguage[],
    preferredLanguage: r.preferred_language as MessageLanguage,
    audience: r.audience,
    companyId: r.company_id,
    companyName: r.company_name ?? '',
    createdBy: r.created_by_name,
    system: r.system,
    releaseAt: iso(r.release_at),
    releasedAt: iso(r.released_at),
    withdrawnAt: iso(r.withdrawn_at),
    recipients: r.recipients,
    fanoutDone: r.fanout_done,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    actions: allowedActions(messagePolicy, actor, { state: r.state as MessageState, companyId: r.company_id, system: r.system }),
  };
}

function imageLinks(files: { id: number; path: string; name: string }[], ids: readonly (number | string)[], s: LinkSigner) {
  const byId = new Map(files.map((f) => [f.id, f]));
  return ids
    .map((id) => byId.get(Number(id)))
    .filter((f): f is { id: number; path: string; name: string } => !!f)
    .map((f) => ({
      fileId: f.id,
      name: f.name,
      url: s.actor ? callerFileLinkUrl(s.actor, f.path, s.linkSecret, s.now) : '',
    }));
}

export function presentMessageDetail(
  r: MessageRow,
  locale: Locale,
  files: { id: number; path: string; name: string }[],
  s: LinkSigner & { actor: Actor },
): MessageDetail {
  return {
    ...presentMessage(s.actor, r, locale),
    contents: r.contents,
    link: r.link,
    images: imageLinks(files, r.image_file_ids, s),
  };
}

export function presentInboxItem(r: InboxRow): InboxItem {
  return {
    messageId: r.message_id,
    type: r.type as InboxItem['type'],
    language: r.language as MessageLanguage,
    title: r.title,
    sender: r.sender ?? '',
    releasedAt: iso(r.released_at)!,
    read: r.read_at !== null,
  };
}

export function presentInboxDetail(r: InboxRow, files: { id: number; path: string; name: string }[], s: LinkSigner): InboxDetail {
  return { ...presentInboxItem(r), body: r.body ?? '', link: r.link ?? '', images: imageLinks(files, r.image_file_ids ?? [], s) };
}
