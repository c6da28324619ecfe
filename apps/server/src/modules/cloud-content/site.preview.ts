/**
 * Signed preview links (issue 14 §10): `/site/<slug>/preview/<itemId>?locale=..&rev=..&expires=..&signature=..`
 * shows one translation's latest draft (or the pinned revision) exactly as the site will render it,
 * for one hour, never indexed. Signed with the server's link secret (lib/files signUrl): a changed
 * parameter breaks the signature (404), a past expiry answers 410.
 */
import { ErrorCodes, PREVIEW_LINK_TTL_SECONDS, type Locale } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import type { CallContext } from '../../lib/context';
import { requireActor } from '../../lib/context';
import { signUrl, verifySignedUrl, type Secret } from '../../lib/files/signed-link';
import * as repo from './content.repository';
import { itemForCaller } from './content.service';

export const previewPath = (siteSlug: string, itemId: number) => `/site/${encodeURIComponent(siteSlug)}/preview/${itemId}`;

/** The link for the caller's readable item (another site's item: 1004, as item get). */
export async function previewLink(
  ctx: CallContext,
  d: { id: number; locale: Locale; revisionId?: number },
): Promise<{ url: string; expiresAt: number }> {
  const actor = requireActor(ctx);
  const { item } = await itemForCaller(ctx.db, actor, d.id);
  const site = await repo.findSiteInSubtree(ctx.db, actor, item.siteId);
  const translation = await repo.findTranslation(ctx.db, item.id, d.locale);
  if (!site || !translation || translation.latestRevisionId === null) throw new AppError(ErrorCodes.notFound);
  if (d.revisionId !== undefined && !(await repo.findRevisionOf(ctx.db, item.id, d.locale, d.revisionId))) {
    throw new AppError(ErrorCodes.notFound);
  }
  const now = ctx.clock.now();
  const expiresAt = now + PREVIEW_LINK_TTL_SECONDS * 1000;
  const q = new URLSearchParams({ locale: d.locale });
  if (d.revisionId !== undefined) q.set('rev', String(d.revisionId));
  const path = signUrl(`${previewPath(site.slug, item.id)}?${q}`, ctx.services.config.linkSecret, { expiresAt });
  return { url: `${ctx.services.config.publicUrl.replace(/\/+$/, '')}${path}`, expiresAt: Math.floor(expiresAt / 1000) * 1000 };
}

export type PreviewCheck = { ok: true; locale: string; revisionId: number | null } | { ok: false; status: 404 | 410 };

/** Checks a preview request's URL (path and query): 410 when only the time has run out, else 404. */
export function checkPreviewUrl(url: string, secret: Secret, now: number): PreviewCheck {
  let params: URLSearchParams;
  try {
    params = verifySignedUrl(url, secret, now).params;
  } catch {
    try {
      // A genuine link whose hour has passed: gone, not missing.
      verifySignedUrl(url, secret, 0);
      return { ok: false, status: 410 };
    } catch {
      return { ok: false, status: 404 };
    }
  }
  const locale = params.get('locale');
  const rev = params.get('rev');
  if (!locale || (rev !== null && !/^\d{1,15}$/.test(rev))) return { ok: false, status: 404 };
  return { ok: true, locale, revisionId: rev === null ? null : Number(rev) };
}
