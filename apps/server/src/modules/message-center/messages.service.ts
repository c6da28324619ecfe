/**
 * Messaging release (issue 13): compose and edit (contents cleaned, languages, audience and images
 * checked), preview, delete, schedule, release, withdraw, revise, stats and their export. Every
 * message named must be in the caller's subtree (else 1004); every move is one conditional UPDATE
 * through messageMachine's rules (messagePolicy), so two racing moves have one outcome (the other 1017).
 */
import {
  ErrorCodes,
  MESSAGE_AUDIENCE_USERS_MAX,
  MESSAGE_LANGUAGES,
  type AudiencePreview,
  type Locale,
  type Message,
  type MessageAudience,
  type MessageDetail,
  type MessageLanguage,
  type MessageStats,
  type MessageState,
  type messageInputSchema,
  type messageListQuerySchema,
} from '@portal/contract';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import { announce } from '../../lib/live';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { xlsxExportLink } from '../../lib/files';
import { authorize } from '../../lib/policy';
import { mapPage, type Page } from '../../lib/tenancy';
import { writeXlsxBuffer } from '../../lib/xlsx';
import { MESSAGE_JOBS, startFanout } from './fanout';
import { kickPushes } from './push.service';
import { isBusinessUser, messageCenterPolicy, messagePolicy } from './messages.policy';
import { presentMessage, presentMessageDetail } from './messages.presenter';
import { statsSheet } from './messages.texts';
import {
  areaNames,
  companiesInSubtree,
  countAudience,
  endUsersInReach,
  queueWithdrawPushes,
  deleteDraft,
  filesOfMessage,
  findVisibleMessage,
  insertMessage,
  listVisibleMessages,
  markReleased,
  markRevised,
  markWithdrawn,
  ownFiles,
  receiptStats,
  setReleaseAt,
  updateDraft,
  usersInSubtree,
  type Executor,
  type MessageRow,
} from './messages.repository';

type MessageInput = z.output<typeof messageInputSchema>;

const IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/gif'];

/** Rich text as the portal keeps it: common formatting, links and http(s) images; nothing that runs. */
export function cleanBody(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'u', 's', 'span'],
    allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  }).trim();
}

const actorName = (a: Actor) => (a.actingUserId ? (a.actingNickname ?? a.nickname) : a.nickname) || a.email;
const scopeOf = (a: Actor) => ({ companyPath: a.companyPath, senderAreaIds: a.areaIds, excludeUserId: a.userId });
const signer = (ctx: CallContext, actor: Actor) => ({ actor, linkSecret: ctx.services.config.linkSecret, now: ctx.clock.now() });

async function visible(ctx: CallContext, actor: Actor, id: number, lock = false): Promise<MessageRow> {
  const r = await findVisibleMessage(ctx.db, actor, id, lock);
  if (!r) throw new AppError(ErrorCodes.notFound);
  return r;
}

const subjectOf = (r: MessageRow) => ({ state: r.state as MessageState, companyId: r.company_id, system: r.system });

/** The rules of an audience for this sender: companies and users in reach, areas its own. */
export async function checkAudience(db: Executor, actor: Actor, audience: MessageAudience, locale: Locale): Promise<void> {
  if (audience.kind === 'company') {
    const found = await companiesInSubtree(db, actor, audience.companyIds);
    if (found.length !== new Set(audience.companyIds).size) throw new AppError(ErrorCodes.notFound);
  } else if (audience.kind === 'area') {
    const foreign = audience.areaIds.filter((id) => !actor.areaIds.includes(id));
    if (foreign.length)
      throw new AppError(ErrorCodes.messageAreaNotYours, {
        areas: (await areaNames(db, foreign, locale === 'zh-CN')).join(', ') || foreign.join(', '),
      });
  } else if (audience.kind === 'users') {
    const found = new Set(await usersInSubtree(db, actor, audience.userIds));
    const unknown = [...new Set(audience.userIds)].filter((id) => !found.has(id));
    if (unknown.length) throw new AppError(ErrorCodes.messageUsersUnknown, { users: unknown.slice(0, 20).join(', ') });
  } else if (audience.kind === 'endUsers') {
    const f = audience.filter;
    if (f.by === 'area') {
      const foreign = f.areaIds.filter((id) => !actor.areaIds.includes(id));
      if (foreign.length)
        throw new AppError(ErrorCodes.messageAreaNotYours, {
          areas: (await areaNames(db, foreign, locale === 'zh-CN')).join(', ') || foreign.join(', '),
        });
    } else if (f.by === 'specified') {
      const ids = [...new Set(f.endUserIds)];
      if (ids.length > MESSAGE_AUDIENCE_USERS_MAX)
        throw new AppError(ErrorCodes.messageEndUsersTooMany, {
          max: MESSAGE_AUDIENCE_USERS_MAX.toLocaleString('en-US'),
          count: ids.length,
        });
      const found = new Set(await endUsersInReach(db, actor, ids));
      const unknown = ids.filter((id) => !found.has(id));
      // Every unknown one is listed (at most 1,000 ids).
      if (unknown.length) throw new AppError(ErrorCodes.messageEndUsersUnknown, { users: unknown.join(', ') });
    }
  }
}

function checkLanguages(actor: Actor, languages: readonly string[], preferred: string): void {
  if (languages.length > 1 && !isBusinessUser(actor)) throw new AppError(ErrorCodes.messageSingleLanguageOnly);
  if (!languages.includes(preferred)) throw new AppError(ErrorCodes.messagePreferredLanguageWithoutContent, { language: preferred });
}

function previewOf(counts: { language: string; count: number; muted: number }[]): AudiencePreview {
  return {
    total: counts.reduce((s, c) => s + c.count, 0),
    byLanguage: counts.map((c) => ({ language: c.language as MessageLanguage, count: c.count })),
    muted: counts.reduce((s, c) => s + Number(c.muted), 0),
  };
}

export async function previewAudience(
  ctx: CallContext,
  d: { audience: MessageAudience; languages: MessageLanguage[]; preferredLanguage: MessageLanguage },
): Promise<AudiencePreview> {
  const actor = requireActor(ctx);
  const languages = [...new Set(d.languages)];
  checkLanguages(actor, languages, d.preferredLanguage);
  await checkAudience(ctx.db, actor, d.audience, ctx.locale);
  return previewOf(await countAudience(ctx.db, d.audience, scopeOf(actor), languages, d.preferredLanguage));
}

export async function saveMessage(ctx: CallContext, d: MessageInput & { messageId?: number }): Promise<MessageDetail> {
  const actor = requireActor(ctx);
  authorize(messageCenterPolicy, actor, null, 'compose');
  const languages = Object.keys(d.contents);
  checkLanguages(actor, languages, d.preferredLanguage);
  const contents: Record<string, { title: string; body: string }> = {};
  for (const lang of MESSAGE_LANGUAGES) {
    const c = d.contents[lang];
    if (!c) continue;
    const body = cleanBody(c.body);
    if (body.replace(/<[^>]*>/g, '').trim() === '' && !/<img\b/i.test(body))
      throw new AppError(ErrorCodes.messageBodyEmptyAfterCleaning, { language: lang });
    contents[lang] = { title: c.title, body };
  }
  await checkAudience(ctx.db, actor, d.audience, ctx.locale);
  const imageIds = [...new Set(d.imageFileIds)];
  if (imageIds.length) {
    const files = await ownFiles(ctx.db, actor, imageIds);
    if (files.length !== imageIds.length) throw new AppError(ErrorCodes.notFound);
    if (files.some((f) => !IMAGE_MIMES.includes(f.mime))) throw new AppError(ErrorCodes.messageNotImage);
  }
  const counts = await countAudience(ctx.db, d.audience, scopeOf(actor), languages, d.preferredLanguage);
  if (counts.length === 0) throw new AppError(ErrorCodes.messageAudienceEmpty);

  const now = new Date(ctx.clock.now());
  const fields = {
    type: d.type,
    contents,
    preferredLanguage: d.preferredLanguage,
    link: d.link,
    imageFileIds: imageIds,
    audience: d.audience,
    senderAreaIds: actor.areaIds,
    now,
  };
  let id: number;
  if (d.messageId) {
    const before = await visible(ctx, actor, d.messageId, true);
    authorize(messagePolicy, actor, subjectOf(before), 'edit');
    if (!(await updateDraft(ctx.db, before.id, fields))) throw new AppError(ErrorCodes.illegalTransition);
    id = before.id;
  } else {
    id = await insertMessage(ctx.db, {
      ...fields,
      companyId: actor.companyId,
      companyPath: actor.companyPath,
      createdBy: actor.actingUserId ?? actor.userId,
      createdByName: actorName(actor),
      system: false,
    });
  }
  await ctx.audit({
    action: d.messageId ? 'message.edit' : 'message.create',
    targetType: 'message',
    targetId: id,
    after: { type: d.type, languages, audience: d.audience },
  });
  return getMessage(ctx, id);
}

export async function getMessage(ctx: CallContext, id: number): Promise<MessageDetail> {
  const actor = requireActor(ctx);
  const r = await visible(ctx, actor, id);
  const files = await filesOfMessage(ctx.db, r.image_file_ids.map(Number));
  return presentMessageDetail(r, ctx.locale, files, signer(ctx, actor));
}

export async function listMessages(ctx: CallContext, q: z.output<typeof messageListQuerySchema>): Promise<Page<Message>> {
  const actor = requireActor(ctx);
  const page = await listVisibleMessages(ctx.db, actor, q);
  return mapPage(page, (rs) => rs.map((r) => presentMessage(actor, r, ctx.locale)));
}

async function answer(ctx: CallContext, actor: Actor, id: number): Promise<Message> {
  return presentMessage(actor, await visible(ctx, actor, id), ctx.locale);
}

export async function deleteMessage(ctx: CallContext, id: number): Promise<Record<string, never>> {
  const actor = requireActor(ctx);
  const r = await visible(ctx, actor, id, true);
  authorize(messagePolicy, actor, subjectOf(r), 'delete');
  if (!(await deleteDraft(ctx.db, id))) throw new AppError(ErrorCodes.illegalTransition);
  await ctx.audit({ action: 'message.delete', targetType: 'message', targetId: id, before: { type: r.type, state: r.state } });
  return {};
}

export async function scheduleMessage(ctx: CallContext, id: number, releaseAt: number | null): Promise<Message> {
  const actor = requireActor(ctx);
  const r = await visible(ctx, actor, id, true);
  authorize(messagePolicy, actor, subjectOf(r), 'schedule');
  const now = ctx.clock.now();
  if (releaseAt !== null && releaseAt <= now) throw new AppError(ErrorCodes.messageScheduleInPast);
  const at = releaseAt === null ? null : new Date(releaseAt);
  if (!(await setReleaseAt(ctx.db, id, at, new Date(now)))) throw new AppError(ErrorCodes.illegalTransition);
  if (at) {
    ctx.afterCommit(async () => {
      // The job releases it at that time, if it still is to be released then at that same time.
      await ctx.services
        .jobs()
        ?.send(MESSAGE_JOBS.release.name, { messageId: id, releaseAt: at.getTime() }, { startAfter: at, retryLimit: 3 });
    });
  }
  await ctx.audit({ action: 'message.schedule', targetType: 'message', targetId: id, after: { releaseAt: at?.toISOString() ?? null } });
  return answer(ctx, actor, id);
}

export async function releaseMessage(ctx: CallContext, id: number): Promise<Message> {
  const actor = requireActor(ctx);
  const r = await visible(ctx, actor, id);
  authorize(messagePolicy, actor, subjectOf(r), 'release');
  const counts = await countAudience(
    ctx.db,
    r.audience,
    { companyPath: r.company_path, senderAreaIds: r.sender_area_ids, excludeUserId: r.created_by },
    r.languages,
    r.preferred_language,
  );
  if (counts.length === 0) throw new AppError(ErrorCodes.messageAudienceEmpty);
  const generation = await markReleased(ctx.db, id, new Date(ctx.clock.now()));
  if (generation === null) throw new AppError(ErrorCodes.illegalTransition);
  ctx.afterCommit(() => startFanout(ctx.database, ctx.services, { messageId: id, generation }, () => new Date(ctx.clock.now())));
  await ctx.audit({ action: 'message.release', targetType: 'message', targetId: id, after: { state: 'released' } });
  return answer(ctx, actor, id);
}

export async function withdrawMessage(ctx: CallContext, id: number): Promise<Message> {
  const actor = requireActor(ctx);
  const r = await visible(ctx, actor, id);
  authorize(messagePolicy, actor, subjectOf(r), 'withdraw');
  const now = new Date(ctx.clock.now());
  if (!(await markWithdrawn(ctx.db, id, now))) throw new AppError(ErrorCodes.illegalTransition);
  // In the same transaction: its pending pushes go, and each shown notification gets a silent push taking it away.
  const pushes = await queueWithdrawPushes(ctx.db, id, now);
  if (pushes.removals > 0) ctx.afterCommit(() => kickPushes(ctx.services, ctx.database, () => new Date(ctx.clock.now())));
  // Its recipients' unread changes once this commits (the live channel).
  await announce(ctx.db, { t: 'inbox', m: id });
  // Audited with the sending company: the supplier's withdraw of a partner's message shows in both logs.
  await ctx.audit({
    action: 'message.withdraw',
    targetType: 'message',
    targetId: id,
    before: { state: r.state, companyId: r.company_id },
    after: { state: 'withdrawn' },
  });
  return answer(ctx, actor, id);
}

export async function reviseMessage(ctx: CallContext, id: number): Promise<Message> {
  const actor = requireActor(ctx);
  const r = await visible(ctx, actor, id, true);
  authorize(messagePolicy, actor, subjectOf(r), 'revise');
  if (!(await markRevised(ctx.db, id, new Date(ctx.clock.now())))) throw new AppError(ErrorCodes.illegalTransition);
  await ctx.audit({ action: 'message.revise', targetType: 'message', targetId: id, after: { state: 'to_be_released' } });
  return answer(ctx, actor, id);
}

export async function messageStats(ctx: CallContext, id: number): Promise<MessageStats> {
  const actor = requireActor(ctx);
  const r = await visible(ctx, actor, id);
  const byLanguage = (await receiptStats(ctx.db, id)).map((s) => ({ ...s, language: s.language as MessageLanguage }));
  const sum = (k: 'recipients' | 'pushed' | 'delivered' | 'opened') => byLanguage.reduce((s, x) => s + x[k], 0);
  return {
    messageId: id,
    state: r.state as MessageState,
    fanoutDone: r.fanout_done,
    total: { recipients: sum('recipients'), pushed: sum('pushed'), delivered: sum('delivered'), opened: sum('opened') },
    byLanguage,
  };
}

/** The stats as an xlsx file (the file store), answered as a signed link valid 300 s. */
export async function exportStats(ctx: CallContext, id: number): Promise<{ url: string }> {
  const actor = requireActor(ctx);
  authorize(messageCenterPolicy, actor, null, 'export');
  const stats = await messageStats(ctx, id);
  const sheet = statsSheet(ctx.locale);
  const buffer = await writeXlsxBuffer([
    {
      name: sheet.name,
      columns: sheet.columns.map((header) => ({ header, width: 18 })),
      rows: [
        ...stats.byLanguage.map((s) => [s.language, s.recipients, s.pushed, s.delivered, s.opened]),
        [sheet.total, stats.total.recipients, stats.total.pushed, stats.total.delivered, stats.total.opened],
      ],
    },
  ]);
  return xlsxExportLink(ctx, buffer, `message-${id}-stats.xlsx`);
}
