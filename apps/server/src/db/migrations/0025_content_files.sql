-- The content site's files (issue 14 §5-§6): uploads with their use, measured size and public
-- variants (purged when still unattached after 24 h), and the file manual: folders, documents and
-- their versions (language, notes, SHA-256), public or signed-in only, some filed automatically.
CREATE TABLE IF NOT EXISTS "content_assets" (
  "file_id" bigint PRIMARY KEY NOT NULL REFERENCES "files"("id") ON DELETE CASCADE,
  "company_id" integer NOT NULL,
  "company_path" text NOT NULL,
  "use" text NOT NULL,
  "hash" text NOT NULL,
  "format" text NOT NULL,
  "width" integer,
  "height" integer,
  "variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "attached_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_assets_unattached_idx" ON "content_assets" ("created_at") WHERE "attached_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_assets_hash_idx" ON "content_assets" ("hash");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "content_folders" (
  "id" serial PRIMARY KEY NOT NULL,
  "site_id" integer NOT NULL REFERENCES "content_sites"("id"),
  "company_path" text NOT NULL,
  "parent_id" integer REFERENCES "content_folders"("id"),
  "name" text NOT NULL,
  "auto" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "content_folders_name_uq" ON "content_folders" ("site_id", coalesce("parent_id", 0), lower("name"));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "content_documents" (
  "id" serial PRIMARY KEY NOT NULL,
  "site_id" integer NOT NULL REFERENCES "content_sites"("id"),
  "company_path" text NOT NULL,
  "folder_id" integer NOT NULL REFERENCES "content_folders"("id"),
  "title" text NOT NULL,
  "kind" text DEFAULT 'file' NOT NULL,
  "public_access" boolean DEFAULT true NOT NULL,
  "product_item_id" integer,
  "source_key" text,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_documents_folder_idx" ON "content_documents" ("site_id", "folder_id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "content_documents_source_uq" ON "content_documents" ("site_id", "source_key") WHERE "source_key" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "content_document_versions" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "document_id" integer NOT NULL REFERENCES "content_documents"("id") ON DELETE CASCADE,
  "n" integer NOT NULL,
  "file_id" bigint REFERENCES "files"("id"),
  "url" text DEFAULT '' NOT NULL,
  "locale" text NOT NULL,
  "notes" text DEFAULT '' NOT NULL,
  "name" text NOT NULL,
  "mime" text NOT NULL,
  "size" bigint DEFAULT 0 NOT NULL,
  "sha256" text NOT NULL,
  "created_by_name" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "content_document_versions_n_uq" ON "content_document_versions" ("document_id", "n");
