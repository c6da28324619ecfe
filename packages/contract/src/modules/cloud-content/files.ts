/**
 * The content site's files (issue 14 §5-§6): upload uses with their rules (checked by content with
 * sharp, measured, metadata stripped, served in AVIF/WebP/JPEG widths on content-addressed public
 * URLs), the file manual (folders, documents, versions) and the public document list's downloads.
 */
import { z } from 'zod';
import { ErrorCodes } from '../../errors';
import { API_PREFIX, COVER_IMAGE_MAX_BYTES } from '../../shared/constants';
import { defineCall } from '../../shared/define-call';
import { localeSchema, pageOf, pageQuerySchema } from '../../shared/entities';
import { defineRawRoute } from '../../shared/raw-routes';
import { idSchema } from '../../shared/validators';
import { CONTENT_TYPES, type ContentType } from './constants';
import { folderNameSchema, titleSchema } from './validators';

/** Files above this size go through the resumable upload (issue 14 §5). */
export const CONTENT_DIRECT_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Chunk size of the resumable content upload (shared/resumable-upload; the last chunk is shorter). */
export const CONTENT_UPLOAD_CHUNK_BYTES = 5 * 1024 * 1024;
/** A resumable upload session not completed within this long expires (its chunks are purged). */
export const CONTENT_UPLOAD_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** Unattached uploads are removed after this long (issue 14 §5). */
export const CONTENT_UPLOAD_PURGE_AFTER_MS = 24 * 60 * 60 * 1000;
/** Widths of the public image variants; an image gets those narrower than itself and its own width. */
export const CONTENT_VARIANT_WIDTHS = [320, 640, 1280] as const;
export const CONTENT_VARIANT_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type ContentVariantFormat = (typeof CONTENT_VARIANT_FORMATS)[number];
/** The public path of the content-addressed images: /content-assets/<sha256>-<width>.<format>. */
export const CONTENT_ASSET_PREFIX = '/content-assets';
export const CONTENT_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Item types whose cover may be a GIF (with rich-text images: issue 14 §5). */
export const GIF_COVER_TYPES: readonly ContentType[] = ['news', 'solution', 'video'];

export interface ImageUseRule {
  kind: 'image';
  formats: readonly ('png' | 'jpg' | 'gif')[];
  maxBytes: number;
  minWidth?: number;
  maxWidth?: number;
  exactWidth?: number;
  exactHeight?: number;
  /** GIF only where the item type allows it ('always': rich-text images). */
  gif: 'never' | 'coverTypes' | 'always';
}
export interface FileUseRule {
  kind: 'file';
  exts: readonly string[];
  /** The largest file of the use: above CONTENT_DIRECT_UPLOAD_MAX_BYTES it goes through the resumable upload. */
  maxBytes: number;
}

/** What each upload use accepts (SPEC §5 images; issue 14 §5). */
export const CONTENT_UPLOAD_USES = {
  cover: { kind: 'image', formats: ['png', 'jpg', 'gif'], maxBytes: COVER_IMAGE_MAX_BYTES, gif: 'coverTypes' },
  detail: { kind: 'image', formats: ['png', 'jpg'], maxBytes: COVER_IMAGE_MAX_BYTES, minWidth: 600, maxWidth: 820, gif: 'never' },
  icon: { kind: 'image', formats: ['png', 'jpg'], maxBytes: 1024 * 1024, exactWidth: 18, exactHeight: 18, gif: 'never' },
  banner: { kind: 'image', formats: ['png', 'jpg'], maxBytes: 10 * 1024 * 1024, gif: 'never' },
  richImage: { kind: 'image', formats: ['png', 'jpg', 'gif'], maxBytes: COVER_IMAGE_MAX_BYTES, gif: 'always' },
  manual: { kind: 'file', exts: ['pdf', 'zip', 'docx', 'xlsx'], maxBytes: 500 * 1024 * 1024 },
  video: { kind: 'file', exts: ['mp4'], maxBytes: 2 * 1024 * 1024 * 1024 },
} as const satisfies Record<string, ImageUseRule | FileUseRule>;
export type ContentUploadUse = keyof typeof CONTENT_UPLOAD_USES;
export const CONTENT_UPLOAD_USE_NAMES = Object.keys(CONTENT_UPLOAD_USES) as [ContentUploadUse, ...ContentUploadUse[]];
export const contentUploadUseSchema = z.enum(CONTENT_UPLOAD_USE_NAMES);

/** The data content/upload is signed over: the bytes received, their use and the item type they are for. */
export const contentUploadDataSchema = z.strictObject({
  use: contentUploadUseSchema,
  itemType: z.enum(CONTENT_TYPES).optional(),
  /** The item (or the id content/item/id-get reserved for it) the upload is made for, as the query spells it. */
  itemId: z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .optional(),
  name: z.string().trim().min(1).max(255),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ContentUploadData = z.infer<typeof contentUploadDataSchema>;

export const contentAssetVariantSchema = z.object({
  width: z.number().int(),
  format: z.enum(CONTENT_VARIANT_FORMATS),
  url: z.string(),
});
export const contentAssetSchema = z.object({
  fileId: z.number().int(),
  use: contentUploadUseSchema,
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** The public URL to put in an item (an image's widest JPEG/PNG, or empty for a file: use fileId). */
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  variants: z.array(contentAssetVariantSchema),
});
export type ContentAsset = z.infer<typeof contentAssetSchema>;

export const CONTENT_UPLOAD_PATH = `${API_PREFIX}/content/upload`;
export const CONTENT_UPLOAD_CHUNK_PATH = `${API_PREFIX}/content/upload-session/chunk`;

/** Uses that may go through the resumable upload (files over CONTENT_DIRECT_UPLOAD_MAX_BYTES). */
export const RESUMABLE_CONTENT_USES = ['manual', 'video'] as const;

/** A resumable content upload: what is expected, what has arrived (ask again to resume), until when. */
export const contentUploadSessionSchema = z.object({
  id: z.number().int(),
  use: z.enum(RESUMABLE_CONTENT_USES),
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  chunkBytes: z.number().int(),
  /** The bytes received so far: the next chunk starts here. */
  receivedBytes: z.number().int(),
  expiresAt: z.number().int(),
});
export type ContentUploadSession = z.infer<typeof contentUploadSessionSchema>;

/** The data a chunk PUT is signed over (X-Basic): the session, where the chunk starts, its bytes. */
export const contentUploadChunkDataSchema = z.strictObject({
  sessionId: z.number().int().positive(),
  offset: z.number().int().nonnegative(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ContentUploadChunkData = z.infer<typeof contentUploadChunkDataSchema>;
export const CONTENT_DOCUMENT_DOWNLOAD_PATH = `${API_PREFIX}/content/public/document/download`;

export const cloudContentFileRawRoutes = {
  contentUpload: defineRawRoute({
    method: 'POST',
    path: CONTENT_UPLOAD_PATH,
    auth: { anyOf: ['dealer_cloudresource_mgr'] },
    summary:
      'Uploads one content file (raw bytes; ?use=&itemType=&name=; X-Basic signed over { use, itemType, name, size, sha256 }): images checked, measured, stripped and made into public widths.',
    refused: { code: ErrorCodes.missingBasic, status: 200 },
    shape: 'envelope',
  }),
  contentUploadChunk: defineRawRoute({
    method: 'PUT',
    path: CONTENT_UPLOAD_CHUNK_PATH,
    auth: { anyOf: ['dealer_cloudresource_mgr'] },
    summary:
      "One chunk of a resumable content upload (raw bytes; ?sessionId=&offset=; X-Basic signed over { sessionId, offset, size, sha256 }): the caller's own session, starting at the bytes received, exactly the chunk's length.",
    refused: { code: ErrorCodes.missingBasic, status: 200 },
    shape: 'envelope',
  }),
  contentAsset: defineRawRoute({
    method: 'GET',
    path: `${CONTENT_ASSET_PREFIX}/:name`,
    auth: 'public',
    summary: 'A public image variant by its content address (<sha256>-<width>.<avif|webp|jpg|png|gif>), cached a year.',
    refused: { code: ErrorCodes.notFound, status: 404 },
    shape: 'plain',
    file: true,
  }),
  documentDownload: defineRawRoute({
    method: 'GET',
    path: CONTENT_DOCUMENT_DOWNLOAD_PATH,
    auth: 'public',
    summary: "A public document version of the host's brand (?host=&versionId=), with Range; signed-in-only documents answer 1004.",
    refused: { code: ErrorCodes.notFound, status: 404 },
    shape: 'envelope',
    file: true,
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// The file manual
// ---------------------------------------------------------------------------------------------

export const DOCUMENT_KINDS = ['file', 'datasheet', 'manual', 'video'] as const;
export const documentKindSchema = z.enum(DOCUMENT_KINDS);
export const DOCUMENT_NOTES_MAX_LENGTH = 500;

export const contentFolderSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  /** Made by auto files (category and model): renamed and removed by them only. */
  auto: z.boolean(),
  documentCount: z.number().int(),
});
export type ContentFolder = z.infer<typeof contentFolderSchema>;

export const documentVersionSchema = z.object({
  id: z.number().int(),
  documentId: z.number().int(),
  n: z.number().int(),
  locale: localeSchema,
  notes: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  fileId: z.number().int().nullable(),
  /** An outside link (a product's video); empty for stored files. */
  url: z.string(),
  createdByName: z.string(),
  createdAt: z.number().int(),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

export const contentDocumentSchema = z.object({
  id: z.number().int(),
  folderId: z.number().int(),
  title: z.string(),
  kind: documentKindSchema,
  publicAccess: z.boolean(),
  productItemId: z.number().int().nullable(),
  versionCount: z.number().int(),
  latest: documentVersionSchema.nullable(),
  updatedAt: z.number().int(),
});
export type ContentDocument = z.infer<typeof contentDocumentSchema>;

export const publicDocumentVersionSchema = z.object({
  id: z.number().int(),
  n: z.number().int(),
  locale: localeSchema,
  notes: z.string(),
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: z.number().int(),
  /** The download (with Range), or the outside link of a video. */
  url: z.string(),
});
export const publicDocumentsResultSchema = z.object({
  folders: z.array(z.object({ id: z.number().int(), parentId: z.number().int().nullable(), name: z.string() })),
  documents: z.array(
    z.object({
      id: z.number().int(),
      folderId: z.number().int(),
      title: z.string(),
      kind: documentKindSchema,
      versions: z.array(publicDocumentVersionSchema),
    }),
  ),
});
export type PublicDocuments = z.infer<typeof publicDocumentsResultSchema>;

const QRY = { anyOf: ['dealer_cloudresource_qry', 'dealer_cloudresource_mgr'] } as const;
const MGR = { anyOf: ['dealer_cloudresource_mgr'] } as const;

export const contentFileCalls = {
  folderList: defineCall({
    path: 'content/folder/list',
    auth: QRY,
    write: false,
    summary: "The folders of a site's file manual (default the caller's own), each with its number of documents.",
    data: z.object({ siteId: idSchema.optional() }).strict(),
    result: z.array(contentFolderSchema),
  }),
  folderSave: defineCall({
    path: 'content/folder/save',
    auth: MGR,
    write: true,
    summary: "Creates (no id) or renames a folder of the caller's site; SPEC §5 names, unique among its siblings (28067).",
    data: z.object({ id: idSchema.optional(), parentId: idSchema.nullable().default(null), name: folderNameSchema }).strict(),
    result: contentFolderSchema,
  }),
  folderDelete: defineCall({
    path: 'content/folder/delete',
    auth: MGR,
    write: true,
    summary: 'Deletes an empty folder; one holding documents or folders answers 28068 with the count.',
    data: z.object({ id: idSchema }).strict(),
    result: z.object({}),
  }),
  documentList: defineCall({
    path: 'content/document/list',
    auth: QRY,
    write: false,
    summary: "Documents of a site's file manual, of a folder or searched by title and file name.",
    data: pageQuerySchema
      .extend({ siteId: idSchema.optional(), folderId: idSchema.optional(), searchText: z.string().trim().max(100).optional() })
      .strict(),
    result: pageOf(contentDocumentSchema),
  }),
  documentSave: defineCall({
    path: 'content/document/save',
    auth: MGR,
    write: true,
    summary: 'Creates (no id) or changes a document: folder, title, public or signed-in only.',
    data: z.object({ id: idSchema.optional(), folderId: idSchema, title: titleSchema, publicAccess: z.boolean().default(true) }).strict(),
    result: contentDocumentSchema,
  }),
  documentDelete: defineCall({
    path: 'content/document/delete',
    auth: MGR,
    write: true,
    summary: 'Deletes a document with its versions (their files are purged once unattached).',
    data: z.object({ id: idSchema }).strict(),
    result: z.object({}),
  }),
  versionList: defineCall({
    path: 'content/document/version/list',
    auth: QRY,
    write: false,
    summary: "A document's versions, newest first.",
    data: z.object({ documentId: idSchema }).strict(),
    result: z.array(documentVersionSchema),
  }),
  uploadSessionCreate: defineCall({
    path: 'content/upload-session/create',
    auth: MGR,
    write: true,
    summary:
      "Starts a resumable upload of a manual or video over 20 MB: its name, size (up to the use's limit) and SHA-256; chunks then go to content/upload-session/chunk.",
    data: z
      .object({
        use: z.enum(RESUMABLE_CONTENT_USES),
        name: z.string().trim().min(1).max(255),
        size: z.number().int().positive(),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
      })
      .strict(),
    result: contentUploadSessionSchema,
  }),
  uploadSessionGet: defineCall({
    path: 'content/upload-session/get',
    auth: MGR,
    write: false,
    summary: "One of the caller's upload sessions: the bytes received, to resume after a broken connection.",
    data: z.object({ id: idSchema }).strict(),
    result: contentUploadSessionSchema,
  }),
  uploadSessionComplete: defineCall({
    path: 'content/upload-session/complete',
    auth: MGR,
    write: true,
    summary:
      'Every byte has arrived: the chunks are joined, their size and SHA-256 checked against the session and the type by content; answers the upload (a file of the use, unattached until a version names it).',
    data: z.object({ id: idSchema }).strict(),
    result: contentAssetSchema,
  }),
  versionAdd: defineCall({
    path: 'content/document/version/add',
    auth: MGR,
    write: true,
    summary:
      "Adds a version from a content/upload of use manual or video (the caller's own, not yet attached): language, notes; SHA-256 from the stored bytes.",
    data: z
      .object({
        documentId: idSchema,
        fileId: idSchema,
        locale: localeSchema,
        notes: z.string().trim().max(DOCUMENT_NOTES_MAX_LENGTH).default(''),
      })
      .strict(),
    result: documentVersionSchema,
  }),
  autoFiles: defineCall({
    path: 'content/document/auto-files',
    auth: MGR,
    write: true,
    summary:
      "Files each product of the caller's site under its category and model: its manuals, tech videos and a printable datasheet per released locale (from its parameters). Idempotent.",
    data: z.object({}).strict(),
    result: z.object({ folders: z.number().int(), documents: z.number().int(), versions: z.number().int() }),
  }),
};
