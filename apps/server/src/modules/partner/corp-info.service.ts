/**
 * Corporate information of the caller's own company (SPEC §2 setting/corpInfo): name, contact,
 * telephone, e-mail, area and logo. The logo is uploaded through file/upload (purpose 'logo':
 * JPG/PNG up to 2 MB, content checked), then chosen here, where the stored-size rule (under 500 KB)
 * and the recommended sizes (720*200 or 700*200: a warning, not a refusal) apply.
 */
import { ErrorCodes, isLogoStoredSizeValid, isRecommendedLogoSize, LOGO_STORED_MAX_BYTES, type CorpInfo } from '@portal/contract';
import type { companies } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { areaName, areaNames } from '../../lib/area-names';
import { requireActor, type Actor, type CallContext } from '../../lib/context';
import { imageDimensions } from '../../lib/files';
import { localizeIssues } from '../../lib/validation-messages';
import { allowedActions, authorize } from '../../lib/policy';
import { unsafeRollUpNewZone } from '../insight';
import { corpInfoPolicy } from './company.policy';
import { actorAreas, findOwnCompany, findOwnCompanyFile, isDatabaseTimeZone, updateOwnCompany } from './corp-info.repository';

/** The logo column holds the id of the uploaded file (served through file/link). */
export function logoFileId(logo: string | null): number | null {
  return logo && /^\d+$/.test(logo) ? Number(logo) : null;
}

async function areaOptions(ctx: CallContext, actor: Actor) {
  // A user without areas has none to offer (issue 11 §1.12).
  const rows = await actorAreas(ctx.db, actor);
  return rows.map((a) => ({ id: a.id, displayName: areaName(a, ctx.locale), displayNames: areaNames(a) }));
}

export async function getCorpInfo(ctx: CallContext): Promise<CorpInfo> {
  const actor = requireActor(ctx);
  const c = await findOwnCompany(ctx.db, actor);
  if (!c) throw new AppError(ErrorCodes.notFound);
  return {
    id: c.id,
    type: c.type as CorpInfo['type'],
    name: c.name,
    contact: c.contact,
    telephone: c.telephone,
    email: c.email,
    areaId: c.areaId,
    logoFileId: logoFileId(c.logo),
    allowSuperiorAccess: c.allowSuperiorAccess,
    timeZone: c.timeZone,
    areaOptions: await areaOptions(ctx, actor),
    actions: allowedActions(corpInfoPolicy, actor, null),
  };
}

export async function setCorpInfo(
  ctx: CallContext,
  d: { name: string; contact: string; telephone: string; email: string; areaId?: number | null; timeZone?: string },
) {
  const actor = requireActor(ctx);
  authorize(corpInfoPolicy, actor, null, 'edit');
  const before = await findOwnCompany(ctx.db, actor);
  if (!before) throw new AppError(ErrorCodes.notFound);
  const patch: Partial<typeof companies.$inferInsert> = { name: d.name, contact: d.contact, telephone: d.telephone, email: d.email };
  if (d.areaId !== undefined && d.areaId !== before.areaId) {
    if (d.areaId === null || !(await areaOptions(ctx, actor)).some((a) => a.id === d.areaId)) throw new AppError(ErrorCodes.areaForbidden);
    patch.areaId = d.areaId;
  }
  if (d.timeZone !== undefined && d.timeZone !== before.timeZone) {
    // The contract took it from the runtime's list; the database must know it too (the rollups cut days in it).
    if (!(await isDatabaseTimeZone(ctx.db, d.timeZone)))
      throw new AppError(ErrorCodes.invalidParams, {
        detail: localizeIssues([{ path: ['timeZone'], message: 'validation.timeZoneInvalid' }], ctx.locale),
      });
    patch.timeZone = d.timeZone;
  }
  await updateOwnCompany(ctx.db, actor, patch);
  // Statistics of a zone no company used yet: its past days too, not only those of new hours.
  if (patch.timeZone) await unsafeRollUpNewZone(ctx.db, patch.timeZone);
  await ctx.audit({
    targetType: 'company',
    targetId: actor.companyId,
    before: {
      name: before.name,
      contact: before.contact,
      telephone: before.telephone,
      email: before.email,
      areaId: before.areaId,
      timeZone: before.timeZone,
    },
    after: patch,
  });
  return getCorpInfo(ctx);
}

export async function setLogo(ctx: CallContext, fileId: number) {
  const actor = requireActor(ctx);
  authorize(corpInfoPolicy, actor, null, 'setLogo');
  const f = await findOwnCompanyFile(ctx.db, actor, fileId);
  // Only a logo uploaded by this company (purpose 'logo' stores under logo/).
  if (!f || !f.path.startsWith('logo/')) throw new AppError(ErrorCodes.notFound);
  if (!isLogoStoredSizeValid(f.size)) throw new AppError(ErrorCodes.fileTooLarge, { max: `${LOGO_STORED_MAX_BYTES / 1024} KB` });
  const got = await ctx.services.fileStore.get(f.path, { start: 0, end: 64 * 1024 - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of got.stream as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
  const dims = imageDimensions(Buffer.concat(chunks));
  if (!dims || (dims.type !== 'png' && dims.type !== 'jpg')) throw new AppError(ErrorCodes.fileTypeMismatch);
  const before = await findOwnCompany(ctx.db, actor);
  await updateOwnCompany(ctx.db, actor, { logo: String(f.id) });
  const recommendedSize = isRecommendedLogoSize(dims.width, dims.height);
  await ctx.audit({
    targetType: 'company',
    targetId: actor.companyId,
    before: { logo: before?.logo ?? null },
    after: { logo: String(f.id), width: dims.width, height: dims.height },
  });
  return { logoFileId: f.id, width: dims.width, height: dims.height, recommendedSize };
}
