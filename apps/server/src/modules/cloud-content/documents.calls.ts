/** The file manual's calls (contract contentFileCalls) and the public document list of /document/files. */
import { CONTENT_DOCUMENT_DOWNLOAD_PATH, contentCalls, contentFileCalls } from '@portal/contract';
import { requireActor } from '../../lib/context';
import { implement, type CallImpl } from '../../lib/implement';
import * as service from './documents.service';
import * as repo from './files.repository';
import * as uploads from './uploads.service';

export const documentImpls: readonly CallImpl[] = [
  implement(contentFileCalls.folderList, { otherTenant: (fx) => ({ siteId: fx.otherContentSiteId }) }, async (ctx, d) =>
    service.listFolders(ctx.db, requireActor(ctx), d.siteId),
  ),
  implement(
    contentFileCalls.folderSave,
    { otherTenant: (fx) => ({ id: fx.otherContentFolderId, parentId: null, name: 'Taken' }) },
    async (ctx, d) => service.saveFolder(ctx, requireActor(ctx), d),
  ),
  implement(contentFileCalls.folderDelete, { otherTenant: (fx) => ({ id: fx.otherContentFolderId }) }, async (ctx, d) => {
    await service.deleteFolder(ctx, requireActor(ctx), d.id);
    return {};
  }),
  implement(
    contentFileCalls.documentList,
    { otherTenant: (fx) => ({ siteId: fx.otherContentSiteId, pageNum: 1, pageSize: 10 }) },
    async (ctx, d) => service.listDocuments(ctx.db, requireActor(ctx), d),
  ),
  implement(
    contentFileCalls.documentSave,
    { otherTenant: (fx) => ({ id: fx.otherContentDocumentId, folderId: fx.otherContentFolderId, title: 'Taken', publicAccess: true }) },
    async (ctx, d) => service.saveDocument(ctx, requireActor(ctx), d),
  ),
  implement(contentFileCalls.documentDelete, { otherTenant: (fx) => ({ id: fx.otherContentDocumentId }) }, async (ctx, d) => {
    await service.deleteDocument(ctx, requireActor(ctx), d.id);
    return {};
  }),
  implement(contentFileCalls.versionList, { otherTenant: (fx) => ({ documentId: fx.otherContentDocumentId }) }, async (ctx, d) => {
    const doc = await service.documentToRead(ctx.db, requireActor(ctx), d.documentId);
    return (await repo.versionsOf(ctx.db, [doc.id])).map(service.presentVersion);
  }),
  implement(
    contentFileCalls.versionAdd,
    { otherTenant: (fx) => ({ documentId: fx.otherContentDocumentId, fileId: fx.otherFileId, locale: 'en-US' as const, notes: '' }) },
    async (ctx, d) => service.addVersion(ctx, requireActor(ctx), d),
  ),
  implement(
    contentFileCalls.uploadSessionCreate,
    { none: "starts an upload into the caller's own company; names no other object" },
    async (ctx, d) => uploads.createSession(ctx, requireActor(ctx), d),
  ),
  implement(contentFileCalls.uploadSessionGet, { otherTenant: (fx) => ({ id: fx.otherContentUploadSessionId }) }, async (ctx, d) =>
    uploads.getSession(ctx, requireActor(ctx), d.id),
  ),
  implement(
    contentFileCalls.uploadSessionComplete,
    { otherTenant: (fx) => ({ id: fx.otherContentUploadSessionId }) },
    async (ctx, d) => uploads.completeSession(ctx, requireActor(ctx), d.id),
    // Its own short transactions: a refused join removes the session and its bytes (see the service).
    { transaction: false },
  ),
  implement(contentFileCalls.autoFiles, { none: "files the caller's own site's products" }, async (ctx) =>
    service.runAutoFiles(ctx, requireActor(ctx)),
  ),
  implement(contentCalls.publicDocuments, { none: "public: the host brand's public documents only" }, async (ctx, d) => {
    const host = d.host.toLowerCase().replace(/:\d+$/, '');
    return service.publicDocuments(
      ctx.db,
      host,
      d.searchText || undefined,
      (versionId) => `${CONTENT_DOCUMENT_DOWNLOAD_PATH}?host=${encodeURIComponent(host)}&versionId=${versionId}`,
    );
  }),
];
