/** The desk's members, canned replies, statistics and export (the desk's company only). */
import {
  CANNED_REPLIES_MAX,
  DESK_EXPORT_RANGE_DAYS,
  DESK_STATS_RANGE_DAYS,
  ErrorCodes,
  type CannedReply,
  type DeskAction,
  type DeskStaff,
  type DeskStats,
} from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { allowedActions, authorize } from '../../lib/policy';
import { xlsxExportLink } from '../../lib/files';
import { writeXlsxBuffer } from '../../lib/xlsx';
import {
  countCanned,
  deleteCanned,
  deskTotals,
  enrolMembers,
  exportRows,
  insertCanned,
  listCanned,
  listMembers,
  listMembersWithDefaults,
  personStats,
  saveMember,
  updateCanned,
  type CannedRow,
  type StaffRow,
} from './desk.repository';
import { cannedReplyPolicy, deskPolicy } from './desk.policy';
import { exportSheet } from './desk.texts';

const DAY_MS = 86_400_000;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const presentStaff = (r: StaffRow): DeskStaff => ({
  userId: r.user_id,
  name: r.name,
  available: r.available,
  cap: r.cap,
  active: r.active,
});

/** Members, with the defaults of those who have no row yet (a read writes nothing). */
export async function staffList(ctx: CallContext): Promise<DeskStaff[]> {
  const actor = requireActor(ctx);
  const rs = await listMembersWithDefaults(ctx.db, actor.companyId);
  return rs.map(presentStaff);
}

export async function staffSave(ctx: CallContext, d: { userId: number; available: boolean; cap: number }): Promise<DeskStaff> {
  const actor = requireActor(ctx);
  authorize(deskPolicy, actor, null, 'manageStaff');
  await enrolMembers(ctx.db, actor.companyId);
  const r = await saveMember(ctx.db, actor.companyId, d.userId, d);
  // Another company's user, or one without the desk's code, is no member here: missing.
  if (!r) throw new AppError(ErrorCodes.notFound);
  return presentStaff(r);
}

export async function membersOf(ctx: CallContext) {
  return listMembers(ctx.db, requireActor(ctx).companyId);
}

const presentCanned = (actor: Actor, r: CannedRow): CannedReply => ({
  id: r.id,
  language: r.language as CannedReply['language'],
  title: r.title,
  text: r.text,
  updatedAt: iso(r.updated_at)!,
  actions: allowedActions(cannedReplyPolicy, actor, null),
});

/** The desk's own actions for the caller (feedback/desk/abilities). */
export function deskAbilities(ctx: CallContext): { actions: DeskAction[] } {
  return { actions: allowedActions(deskPolicy, requireActor(ctx), null) };
}

export async function cannedList(ctx: CallContext, language?: string): Promise<CannedReply[]> {
  const actor = requireActor(ctx);
  return (await listCanned(ctx.db, actor.companyId, language)).map((r) => presentCanned(actor, r));
}

export async function cannedSave(
  ctx: CallContext,
  d: { cannedReplyId?: number; language: string; title: string; text: string },
): Promise<CannedReply> {
  const actor = requireActor(ctx);
  const now = new Date(ctx.clock.now());
  if (d.cannedReplyId) {
    authorize(cannedReplyPolicy, actor, null, 'edit');
    const r = await updateCanned(ctx.db, actor.companyId, d.cannedReplyId, { ...d, now });
    if (!r) throw new AppError(ErrorCodes.notFound);
    return presentCanned(actor, r);
  }
  authorize(deskPolicy, actor, null, 'createCannedReply');
  if ((await countCanned(ctx.db, actor.companyId)) >= CANNED_REPLIES_MAX)
    throw new AppError(ErrorCodes.feedbackTooManyCannedReplies, { max: CANNED_REPLIES_MAX });
  return presentCanned(actor, await insertCanned(ctx.db, actor.companyId, { ...d, createdBy: actor.userId, now }));
}

export async function cannedDelete(ctx: CallContext, id: number): Promise<Record<string, never>> {
  const actor = requireActor(ctx);
  authorize(cannedReplyPolicy, actor, null, 'delete');
  if (!(await deleteCanned(ctx.db, actor.companyId, id))) throw new AppError(ErrorCodes.notFound);
  return {};
}

function range(d: { from: number; to: number }, days: number): { from: Date; to: Date } {
  if (d.to <= d.from || d.to - d.from > days * DAY_MS) throw new AppError(ErrorCodes.feedbackRangeTooLong, { days });
  return { from: new Date(d.from), to: new Date(d.to) };
}

export async function deskStats(ctx: CallContext, d: { from: number; to: number }): Promise<DeskStats> {
  const actor = requireActor(ctx);
  const { from, to } = range(d, DESK_STATS_RANGE_DAYS);
  const people = await personStats(ctx.db, actor.companyId, from, to);
  const totals = await deskTotals(ctx.db, actor.companyId, from, to);
  const num = (v: number | string | null) => (v === null ? null : Math.round(Number(v) * 100) / 100);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    ...totals,
    people: people.map((p) => ({
      userId: p.user_id,
      name: p.name,
      replies: p.replies,
      resolved: p.resolved,
      avgFirstResponseSeconds: num(p.avg_first_response),
      csatCount: p.csat_count,
      csatAverage: num(p.csat_average),
    })),
  };
}

/** The desk's conversations of the range as an xlsx file (the file store), answered as a signed link valid 300 s. */
export async function deskExport(ctx: CallContext, d: { from: number; to: number }): Promise<{ url: string }> {
  const actor = requireActor(ctx);
  const { from, to } = range(d, DESK_EXPORT_RANGE_DAYS);
  const sheet = exportSheet(ctx.locale);
  const data = await exportRows(ctx.db, actor.companyId, from, to);
  const buffer = await writeXlsxBuffer([
    {
      name: sheet.name,
      columns: sheet.columns.map((header) => ({ header, width: 18 })),
      rows: data.map((r) => [
        r.id,
        r.topic,
        r.requester_name,
        r.requester_origin,
        sheet.states[r.state as keyof typeof sheet.states] ?? r.state,
        r.assignee_name ?? '',
        r.device_sn,
        iso(r.created_at) ?? '',
        r.first_response_at ? Math.round((new Date(r.first_response_at).getTime() - new Date(r.created_at).getTime()) / 1000) : '',
        iso(r.resolved_at) ?? '',
        r.csat_score ?? '',
        r.csat_comment,
      ]),
    },
  ]);
  return xlsxExportLink(ctx, buffer, `feedback-${from.toISOString().slice(0, 10)}-${to.toISOString().slice(0, 10)}.xlsx`);
}
