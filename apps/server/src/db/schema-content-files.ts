/**
 * The content site's files (issue 14 §5-§6, migration 0025): uploads with their use and public
 * variants, and the file manual's folders, documents and versions. Rows carry the owning company's
 * path, as the other content tables do.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { contentSites } from './schema-cloud-content';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface AssetVariant {
  width: number;
  format: 'avif' | 'webp' | 'jpg';
  key: string;
}

export const contentAssets = pgTable('content_assets', {
  // References files(id) ON DELETE CASCADE (migration 0025; not declared here: schema.ts re-exports this file).
  fileId: bigint('file_id', { mode: 'number' }).primaryKey(),
  companyId: integer('company_id').notNull(),
  companyPath: text('company_path').notNull(),
  use: text('use').notNull(),
  /** SHA-256 of the stored (stripped) bytes: the public variants' address. */
  hash: text('hash').notNull(),
  format: text('format').notNull(),
  width: integer('width'),
  height: integer('height'),
  variants: jsonb('variants').$type<AssetVariant[]>().notNull().default([]),
  attachedAt: ts('attached_at'),
  /** The item (or reserved id, content/item/id-get) the upload was made for (migration 0036). */
  itemId: integer('item_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const contentFolders = pgTable('content_folders', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => contentSites.id),
  companyPath: text('company_path').notNull(),
  parentId: integer('parent_id'),
  name: text('name').notNull(),
  auto: boolean('auto').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const contentDocuments = pgTable('content_documents', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id')
    .notNull()
    .references(() => contentSites.id),
  companyPath: text('company_path').notNull(),
  folderId: integer('folder_id')
    .notNull()
    .references(() => contentFolders.id),
  title: text('title').notNull(),
  kind: text('kind').notNull().default('file'),
  publicAccess: boolean('public_access').notNull().default(true),
  productItemId: integer('product_item_id'),
  /** Auto files: what the document was filed from ('datasheet:12', 'manual:12:40', 'video:12:41'). */
  sourceKey: text('source_key'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const contentDocumentVersions = pgTable('content_document_versions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  documentId: integer('document_id')
    .notNull()
    .references(() => contentDocuments.id, { onDelete: 'cascade' }),
  n: integer('n').notNull(),
  /** References files(id) (migration 0025). */
  fileId: bigint('file_id', { mode: 'number' }),
  url: text('url').notNull().default(''),
  locale: text('locale').notNull(),
  notes: text('notes').notNull().default(''),
  name: text('name').notNull(),
  mime: text('mime').notNull(),
  size: bigint('size', { mode: 'number' }).notNull().default(0),
  sha256: text('sha256').notNull(),
  createdByName: text('created_by_name').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A resumable upload of a manual or video over 20 MB (migration 0035): chunks arrive in order. */
export const contentUploadSessions = pgTable(
  'content_upload_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id').notNull(),
    companyPath: text('company_path').notNull(),
    userId: integer('user_id').notNull(),
    use: text('use').notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    chunkBytes: integer('chunk_bytes').notNull(),
    receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('content_upload_sessions_company_idx').on(t.companyId),
    index('content_upload_sessions_expires_idx').on(t.expiresAt),
    check('content_upload_sessions_received_check', sql`${t.receivedBytes} >= 0 AND ${t.receivedBytes} <= ${t.size}`),
  ],
);
