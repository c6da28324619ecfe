/**
 * The file manual (issue 14 §6): folders (SPEC §5 names, unique among siblings), documents with
 * versions (language, notes, SHA-256 of the stored bytes), public or signed-in only, and the auto
 * files: each product's manuals, tech videos and a printable datasheet filed under its category
 * and model. Every write is one transaction (the call's).
 */
import {
  ErrorCodes,
  LOCALES,
  type ContentDocument,
  type ContentFolder,
  type ContentType,
  type DocumentVersion,
  type Locale,
  type PublicDocuments,
} from '@portal/contract';
import { createHash } from 'node:crypto';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, CallContext } from '../../lib/context';
import { storeUpload, type FileStore } from '../../lib/files';
import type { JobQueue } from '../../lib/jobs';
import { authorize } from '../../lib/policy';
import type { PageRequest } from '../../lib/tenancy';
import * as contentRepo from './content.repository';
import type { RevisionData } from './content.rules';
import { documentPolicy } from './documents.policy';
import { renderDatasheet } from './datasheet';
import * as repo from './files.repository';

type AnyDb = Db | Tx;
const actorName = (a: Actor) => a.actingNickname ?? a.nickname;

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/** The site whose manual is read: a site of the caller's subtree (1004 otherwise), default its own. */
export async function siteToRead(db: AnyDb, actor: Actor, siteId?: number) {
  const own = await contentRepo.findOwnSite(db, actor);
  const site = siteId !== undefined ? await contentRepo.findSiteInSubtree(db, actor, siteId) : own;
  if (siteId !== undefined && !site) throw new AppError(ErrorCodes.notFound);
  authorize(documentPolicy, actor, { ownSite: !!site && site.id === own?.id }, 'read');
  return site;
}

async function ownSiteToWrite(db: AnyDb, actor: Actor) {
  const own = await contentRepo.findOwnSite(db, actor);
  authorize(documentPolicy, actor, { ownSite: true }, 'write');
  if (!own) throw new AppError(ErrorCodes.contentSiteMissing);
  return own;
}

/** A folder of the caller's subtree (1004 otherwise) that the caller may change (its own site). */
async function folderToWrite(db: AnyDb, actor: Actor, id: number) {
  const folder = await repo.findFolderInSubtree(db, actor, id, true);
  if (!folder) throw new AppError(ErrorCodes.notFound);
  const own = await contentRepo.findOwnSite(db, actor);
  authorize(documentPolicy, actor, { ownSite: own?.id === folder.siteId }, 'write');
  return folder;
}

async function documentToWrite(db: AnyDb, actor: Actor, id: number) {
  const doc = await repo.findDocumentInSubtree(db, actor, id, true);
  if (!doc) throw new AppError(ErrorCodes.notFound);
  const own = await contentRepo.findOwnSite(db, actor);
  authorize(documentPolicy, actor, { ownSite: own?.id === doc.siteId }, 'write');
  return doc;
}

export async function documentToRead(db: AnyDb, actor: Actor, id: number) {
  const doc = await repo.findDocumentInSubtree(db, actor, id);
  if (!doc) throw new AppError(ErrorCodes.notFound);
  const own = await contentRepo.findOwnSite(db, actor);
  authorize(documentPolicy, actor, { ownSite: own?.id === doc.siteId }, 'read');
  return doc;
}

export function presentVersion(v: repo.VersionRow): DocumentVersion {
  return {
    id: v.id,
    documentId: v.documentId,
    n: v.n,
    locale: v.locale as Locale,
    notes: v.notes,
    name: v.name,
    mime: v.mime,
    size: v.size,
    sha256: v.sha256,
    fileId: v.fileId,
    url: v.url,
    createdByName: v.createdByName,
    createdAt: v.createdAt.getTime(),
  };
}

export async function presentDocuments(db: AnyDb, docs: repo.DocumentRow[]): Promise<ContentDocument[]> {
  const versions = await repo.versionsOf(
    db,
    docs.map((d) => d.id),
  );
  return docs.map((d) => {
    const mine = versions.filter((v) => v.documentId === d.id);
    return {
      id: d.id,
      folderId: d.folderId,
      title: d.title,
      kind: d.kind as ContentDocument['kind'],
      publicAccess: d.publicAccess,
      productItemId: d.productItemId,
      versionCount: mine.length,
      latest: mine[0] ? presentVersion(mine[0]) : null,
      updatedAt: d.updatedAt.getTime(),
    };
  });
}

const presentFolder = (f: repo.FolderRow, documentCount = 0): ContentFolder => ({
  id: f.id,
  parentId: f.parentId,
  name: f.name,
  auto: f.auto,
  documentCount,
});

export async function listFolders(db: AnyDb, actor: Actor, siteId?: number): Promise<ContentFolder[]> {
  const site = await siteToRead(db, actor, siteId);
  if (!site) return [];
  return (await repo.foldersOfSite(db, site.id)).map((r) => presentFolder(r.folder, r.documentCount));
}

export async function saveFolder(ctx: CallContext, actor: Actor, d: { id?: number; parentId: number | null; name: string }) {
  let current: repo.FolderRow | null = null;
  if (d.id !== undefined) {
    current = await folderToWrite(ctx.db, actor, d.id);
    if (current.auto) throw new AppError(ErrorCodes.contentFolderAuto);
  }
  const site = await ownSiteToWrite(ctx.db, actor);
  if (d.parentId !== null && !current) {
    const parent = await repo.findFolderInSubtree(ctx.db, actor, d.parentId);
    if (!parent || parent.siteId !== site.id) throw new AppError(ErrorCodes.notFound);
  }
  const parentId = current ? current.parentId : d.parentId;
  const holder = await repo.folderNameHolder(ctx.db, site.id, parentId, d.name);
  if (holder !== null && holder !== d.id) throw new AppError(ErrorCodes.contentFolderNameTaken, { name: d.name });
  try {
    // A savepoint: a name taken by a parallel save answers 28067, never a 500.
    const row = await ctx.db.transaction(async (sp) =>
      current
        ? repo.renameFolder(sp, current.id, d.name)
        : repo.insertFolder(sp, {
            siteId: site.id,
            companyPath: site.companyPath,
            parentId,
            name: d.name,
            createdAt: new Date(ctx.clock.now()),
          }),
    );
    return presentFolder(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(ErrorCodes.contentFolderNameTaken, { name: d.name });
    throw e;
  }
}

export async function deleteFolder(ctx: CallContext, actor: Actor, id: number) {
  const folder = await folderToWrite(ctx.db, actor, id);
  if (folder.auto) throw new AppError(ErrorCodes.contentFolderAuto);
  const n = await repo.folderContentCount(ctx.db, id);
  if (n > 0) throw new AppError(ErrorCodes.contentFolderInUse, { count: n });
  await repo.deleteFolder(ctx.db, id);
}

export async function listDocuments(db: AnyDb, actor: Actor, d: PageRequest & { siteId?: number; folderId?: number; searchText?: string }) {
  const site = await siteToRead(db, actor, d.siteId);
  if (!site) return { records: [], total: 0, pageNum: d.pageNum, pageSize: d.pageSize };
  if (d.folderId !== undefined) {
    const folder = await repo.findFolderInSubtree(db, actor, d.folderId);
    if (!folder || folder.siteId !== site.id) throw new AppError(ErrorCodes.notFound);
  }
  const page = await repo.listDocuments(db, { siteId: site.id, folderId: d.folderId, searchText: d.searchText }, d);
  return { ...page, records: await presentDocuments(db, page.records) };
}

export async function saveDocument(
  ctx: CallContext,
  actor: Actor,
  d: { id?: number; folderId: number; title: string; publicAccess: boolean },
) {
  const doc = d.id !== undefined ? await documentToWrite(ctx.db, actor, d.id) : null;
  const site = await ownSiteToWrite(ctx.db, actor);
  const folder = await repo.findFolderInSubtree(ctx.db, actor, d.folderId);
  if (!folder || folder.siteId !== site.id) throw new AppError(ErrorCodes.notFound);
  const now = new Date(ctx.clock.now());
  let row: repo.DocumentRow;
  if (doc) {
    if (doc.sourceKey && (doc.folderId !== d.folderId || doc.title !== d.title)) throw new AppError(ErrorCodes.contentDocumentAuto);
    row = await repo.updateDocument(ctx.db, doc.id, { folderId: d.folderId, title: d.title, publicAccess: d.publicAccess, updatedAt: now });
  } else {
    if (folder.auto) throw new AppError(ErrorCodes.contentFolderAuto);
    row = await repo.insertDocument(ctx.db, {
      siteId: site.id,
      companyPath: site.companyPath,
      folderId: d.folderId,
      title: d.title,
      publicAccess: d.publicAccess,
      createdAt: now,
      updatedAt: now,
    });
  }
  return (await presentDocuments(ctx.db, [row]))[0]!;
}

export async function deleteDocument(ctx: CallContext, actor: Actor, id: number) {
  const doc = await documentToWrite(ctx.db, actor, id);
  if (doc.sourceKey) throw new AppError(ErrorCodes.contentDocumentAuto);
  const fileIds = await repo.deleteDocument(ctx.db, doc.id);
  // Its files are unattached again: the purge removes them after 24 h.
  await repo.setAssetsAttached(ctx.db, fileIds, null);
}

export async function addVersion(ctx: CallContext, actor: Actor, d: { documentId: number; fileId: number; locale: Locale; notes: string }) {
  const doc = await documentToWrite(ctx.db, actor, d.documentId);
  if (doc.sourceKey) throw new AppError(ErrorCodes.contentDocumentAuto);
  const upload = await repo.findOwnAsset(ctx.db, actor, d.fileId);
  // Another company's or an unknown upload: as if it did not exist; a wrong use or one already attached: 28070.
  if (!upload) throw new AppError(ErrorCodes.notFound);
  if ((upload.asset.use !== 'manual' && upload.asset.use !== 'video') || upload.asset.attachedAt)
    throw new AppError(ErrorCodes.contentUploadNotUsable, { use: 'manual' });
  const now = new Date(ctx.clock.now());
  const v = await repo.insertVersion(ctx.db, {
    documentId: doc.id,
    fileId: upload.file.id,
    locale: d.locale,
    notes: d.notes,
    name: upload.file.name,
    mime: upload.file.mime,
    size: upload.file.size,
    // computed by the store from the bytes it wrote, not told by the client
    sha256: upload.file.sha256,
    createdByName: actorName(actor),
    createdAt: now,
  });
  await repo.setAssetsAttached(ctx.db, [upload.file.id], now);
  await repo.updateDocument(ctx.db, doc.id, { updatedAt: now });
  return presentVersion(v);
}

// ----- auto files -----

const localeOf = (l: string): Locale => ((LOCALES as readonly string[]).includes(l) ? (l as Locale) : 'en-US');
/** A folder name from a title: SPEC §5 forbidden characters replaced. */
export const safeFolderName = (s: string) =>
  // eslint-disable-next-line no-control-regex
  (s.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '-').trim() || '-').slice(0, 255).replace(/^\.\.?$/, '-');

async function autoFolder(
  db: AnyDb,
  site: { id: number; companyPath: string },
  parentId: number | null,
  name: string,
  now: Date,
  count: { folders: number },
) {
  const found = await repo.findFolderByName(db, site.id, parentId, name);
  if (found) return found;
  count.folders++;
  return repo.insertFolder(db, { siteId: site.id, companyPath: site.companyPath, parentId, name, auto: true, createdAt: now });
}

/**
 * Files every product (idempotent): folder "<category>/<model>", a datasheet document with one
 * version per released locale whose bytes changed, and a document per manual and tech video the
 * product names (a new version when its file or link changed). Public as the product: released.
 */
export async function runAutoFiles(ctx: CallContext, actor: Actor) {
  const site = await ownSiteToWrite(ctx.db, actor);
  const by = { companyId: actor.companyId, userId: actor.userId, name: actorName(actor) };
  return fileSiteProducts({ db: ctx.db, store: ctx.services.fileStore }, site, by, new Date(ctx.clock.now()));
}

/** The job that files a site's products again after a release or take-off of what they show. */
export const AUTO_FILES_JOB = 'content.auto-files';
export interface AutoFilesJob {
  siteId: number;
  /** Who made the change that asked for it: the author of the versions it adds. */
  by: string;
}
/** Content types whose released state the auto files are made of. */
export const AUTO_FILED_TYPES: readonly ContentType[] = ['product', 'product_category', 'manual', 'tech_video'];

/**
 * Asks for a site's auto files to be made again, once the change has committed: one job per site
 * waits at a time (a stately queue keyed by site), so a burst of releases files once, and a change
 * made while a run is going gets a run after it. Without a queue (a test without jobs) nothing runs.
 */
export async function requestAutoFiles(queue: JobQueue | null, job: AutoFilesJob): Promise<void> {
  if (!queue) return;
  await queue.send(AUTO_FILES_JOB, job, { singletonKey: `site:${job.siteId}`, queue: { policy: 'stately' } });
}

/** Who files: the caller, or (the job after a release) the site's company with no user. */
export interface AutoFilesBy {
  companyId: number;
  userId: number | null;
  name: string;
}

/** The auto files of one site's products (see runAutoFiles), in the given transaction. */
export async function fileSiteProducts(
  deps: { db: AnyDb; store: FileStore },
  site: Pick<contentRepo.SiteRow, 'id' | 'companyPath' | 'name'>,
  by: AutoFilesBy,
  now: Date,
) {
  const ctx = { db: deps.db };
  const count = { folders: 0, documents: 0, versions: 0 };
  const data = await repo.productsForAutoFiles(ctx.db, site.id);
  const releasedOf = (id: number) => data.released.filter((r) => r.itemId === id);
  const titleOf = (id: number | null) => {
    const rs = id === null ? [] : releasedOf(id);
    return rs.find((r) => r.locale === 'en-US')?.title ?? rs[0]?.title ?? null;
  };
  for (const p of data.products) {
    const released = releasedOf(p.id);
    if (released.length === 0 || !p.model) continue;
    const categoryName = safeFolderName(titleOf(p.categoryId) ?? '-');
    const catFolder = await autoFolder(ctx.db, site, null, categoryName, now, count);
    const modelFolder = await autoFolder(ctx.db, site, catFolder.id, safeFolderName(p.model), now, count);

    const ensureDoc = async (sourceKey: string, kind: string, title: string) => {
      const existing = await repo.findDocumentBySource(ctx.db, site.id, sourceKey);
      if (existing) {
        if (existing.folderId !== modelFolder.id || existing.title !== title)
          return repo.updateDocument(ctx.db, existing.id, { folderId: modelFolder.id, title, updatedAt: now });
        return existing;
      }
      count.documents++;
      return repo.insertDocument(ctx.db, {
        siteId: site.id,
        companyPath: site.companyPath,
        folderId: modelFolder.id,
        title,
        kind,
        publicAccess: true,
        productItemId: p.id,
        sourceKey,
        createdAt: now,
        updatedAt: now,
      });
    };
    const addIfChanged = async (
      docId: number,
      v: { locale: Locale; sha256: string; name: string; mime: string; size: number; url: string; fileId: number | null },
    ) => {
      const versions = await repo.versionsOf(ctx.db, [docId]);
      if (versions.find((x) => x.locale === v.locale)?.sha256 === v.sha256) return;
      count.versions++;
      await repo.insertVersion(ctx.db, { documentId: docId, ...v, notes: '', createdByName: by.name, createdAt: now });
      if (v.fileId !== null) await repo.setAssetsAttached(ctx.db, [v.fileId], now);
    };

    // The printable datasheet, per released locale.
    const sheetDoc = await ensureDoc(`datasheet:${p.id}`, 'datasheet', `${p.model} datasheet`);
    for (const r of released.filter((x) => x.type === 'product')) {
      const locale = localeOf(r.locale);
      const html = renderDatasheet({
        locale,
        model: p.model,
        title: r.title ?? p.model,
        summary: (r.data as RevisionData).translation.summary ?? '',
        siteName: site.name,
        category: titleOf(p.categoryId) ?? '',
        params: data.params,
        values: ((r.data as RevisionData).shared.params ?? {}) as Record<string, unknown>,
      });
      const buf = Buffer.from(html, 'utf8');
      const sha = createHash('sha256').update(buf).digest('hex');
      const versions = await repo.versionsOf(ctx.db, [sheetDoc.id]);
      if (versions.find((x) => x.locale === locale)?.sha256 === sha) continue;
      const file = await storeUpload({
        db: ctx.db,
        store: deps.store,
        companyId: by.companyId,
        userId: by.userId,
        buffer: buf,
        fileName: `${safeFolderName(p.model)}-datasheet-${locale}.html`,
        purpose: 'content/datasheet',
        contentType: 'text/html; charset=utf-8',
        now,
      });
      await addIfChanged(sheetDoc.id, {
        locale,
        sha256: file.sha256,
        name: file.name,
        mime: file.mime,
        size: file.size,
        url: '',
        fileId: file.id,
      });
    }

    // Manuals (their file link) and tech videos (their video link) that name the product.
    const shared = p.shared as RevisionData['shared'];
    const linked = data.others.filter(
      (o) =>
        (o.type === 'manual' && (shared.manualIds ?? []).includes(o.id)) ||
        (o.type === 'tech_video' && ((o.shared as RevisionData['shared']).relatedIds ?? []).includes(p.id)),
    );
    for (const o of linked) {
      const rel = releasedOf(o.id);
      if (rel.length === 0) continue;
      const os = o.shared as RevisionData['shared'];
      const url = (o.type === 'manual' ? os.fileUrl : os.videoUrl) ?? '';
      if (!url) continue;
      const kind = o.type === 'manual' ? 'manual' : 'video';
      const doc = await ensureDoc(`${kind}:${p.id}:${o.id}`, kind, titleOf(o.id) ?? url);
      const sha = createHash('sha256').update(url).digest('hex');
      const locale = localeOf(rel.find((x) => x.locale === 'en-US')?.locale ?? rel[0]!.locale);
      await addIfChanged(doc.id, {
        locale,
        sha256: sha,
        name: url.split('/').pop() || url,
        mime: 'text/uri-list',
        size: 0,
        url,
        fileId: null,
      });
    }
  }
  return count;
}

// ----- the public list -----

export async function publicDocuments(db: AnyDb, host: string, searchText: string | undefined, downloadUrl: (versionId: number) => string) {
  const companyId = await contentRepo.unsafeCompanyOfHost(db, host);
  const site = companyId ? await contentRepo.unsafeSiteOfCompany(db, companyId) : null;
  const empty: PublicDocuments = { folders: [], documents: [] };
  if (!site) return empty;
  const page = await repo.listDocuments(db, { siteId: site.id, searchText, publicOnly: true }, { pageNum: 1, pageSize: 500 });
  const versions = await repo.versionsOf(
    db,
    page.records.map((d) => d.id),
  );
  const documents = page.records
    .map((d) => ({
      id: d.id,
      folderId: d.folderId,
      title: d.title,
      kind: d.kind as ContentDocument['kind'],
      versions: versions
        .filter((v) => v.documentId === d.id)
        .map((v) => ({
          id: v.id,
          n: v.n,
          locale: localeOf(v.locale),
          notes: v.notes,
          name: v.name,
          size: v.size,
          sha256: v.sha256,
          createdAt: v.createdAt.getTime(),
          url: v.fileId !== null ? downloadUrl(v.id) : v.url,
        })),
    }))
    .filter((d) => d.versions.length > 0);
  const folders = await repo.unsafePublicFolders(db, site.id);
  // Only the folders on the way to a listed document.
  const keep = new Set<number>();
  const byId = new Map(folders.map((f) => [f.id, f]));
  for (const d of documents) {
    let f = byId.get(d.folderId);
    while (f && !keep.has(f.id)) {
      keep.add(f.id);
      f = f.parentId !== null ? byId.get(f.parentId) : undefined;
    }
  }
  return { folders: folders.filter((f) => keep.has(f.id)), documents };
}
