-- Content site (issue 14 §9, §5, permissions): old addresses answer 301, ids reserved before an
-- item's first save, uploads made for such an id, one released address per item and locale, and
-- the site settings' code for the owners who already edit content.
--
-- A release that changes a translation's address records old -> item here; the site answers 301
-- to the item's current released address, so a chain A -> B -> C is one hop (every old address
-- of the item points at the item). An address the item takes back is no longer a redirect.
CREATE TABLE IF NOT EXISTS "content_redirects" (
  "site_id" integer NOT NULL,
  "type" text NOT NULL,
  "locale" text NOT NULL,
  "old_slug" text NOT NULL,
  "item_id" integer NOT NULL,
  "new_slug" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "content_redirects_pk" PRIMARY KEY ("site_id", "type", "locale", "old_slug")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_redirects_item_idx" ON "content_redirects" ("item_id", "locale");
--> statement-breakpoint
-- content/item/id-get: an id taken from the items' sequence, held for the item's first save (24 h).
CREATE TABLE IF NOT EXISTS "content_item_reservations" (
  "id" integer PRIMARY KEY NOT NULL,
  "site_id" integer NOT NULL,
  "company_path" text NOT NULL,
  "type" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_assets" ADD COLUMN IF NOT EXISTS "item_id" integer;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_assets_item_idx" ON "content_assets" ("item_id") WHERE "item_id" IS NOT NULL;
--> statement-breakpoint
-- One released address per site, type and locale: two releases racing for one address have one
-- winner (the other is refused as "address taken", never a 500).
CREATE UNIQUE INDEX IF NOT EXISTS "content_translations_released_slug_uq" ON "content_translations" ("site_id", "type", "locale", "released_slug")
  WHERE "state" = 'released' AND "released_slug" <> '';
--> statement-breakpoint
-- The site's domains and terms need dealer_customweb_qry (SPEC §6) besides the content codes: the
-- owners who edit content today keep doing so.
UPDATE "users" SET "auth_res_list" = array_append("auth_res_list", 'dealer_customweb_qry')
  WHERE "user_auth_type" = 1 AND 'dealer_cloudresource_mgr' = ANY ("auth_res_list") AND NOT ('dealer_customweb_qry' = ANY ("auth_res_list"));
