/**
 * Rich text's one read: which content-file addresses (the sha256 of /content-assets/<sha256>-...)
 * are public uploads of a site's company under the content store keys (content/...).
 */
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { contentSites, files } from '../../db/schema';

/** The given hashes that name one of the site's company's public content uploads. */
export async function siteImageHashes(db: Db | Tx, siteId: number, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ sha256: files.sha256 })
    .from(files)
    .innerJoin(contentSites, eq(contentSites.companyId, sql`${files.companyId}`))
    .where(and(eq(contentSites.id, siteId), inArray(files.sha256, hashes), eq(files.isPublic, true), like(files.path, 'content/%')));
  return new Set(rows.map((r) => r.sha256));
}
