-- Users carry their company's path (issue 11 "Figures": the user list's search). A search counted its matches
-- by checking each one's company (a lookup per company of 2,500 matches); with the path in the user's row and
-- in the search indexes, the subtree and the resource range are checked inside the index-only scans.
-- A user's company never changes, and a company's path is written once, right after the company is inserted
-- (its id is part of it): triggers keep the copy, whichever code path writes.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "company_path" text NOT NULL DEFAULT '';
--> statement-breakpoint
UPDATE "users" u SET "company_path" = c."path" FROM "companies" c WHERE c."id" = u."company_id" AND u."company_path" <> c."path";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_user_company_path() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.company_path := coalesce((SELECT path FROM companies WHERE id = NEW.company_id), '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_company_path" BEFORE INSERT OR UPDATE OF "company_id", "company_path" ON "users"
  FOR EACH ROW EXECUTE FUNCTION portal_user_company_path();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_company_path_to_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET company_path = NEW.path WHERE company_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "companies_path_to_users" AFTER UPDATE OF "path" ON "companies"
  FOR EACH ROW WHEN (OLD."path" IS DISTINCT FROM NEW."path") EXECUTE FUNCTION portal_company_path_to_users();
--> statement-breakpoint
-- The search indexes of 0013, with the path.
DROP INDEX IF EXISTS "users_email_search_idx";
--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING btree (lower("email") text_pattern_ops) INCLUDE ("email", "id", "company_id", "company_path", "status", "user_type");
--> statement-breakpoint
DROP INDEX IF EXISTS "users_nickname_search_idx";
--> statement-breakpoint
CREATE INDEX "users_nickname_search_idx" ON "users" USING btree (lower("nickname") text_pattern_ops) INCLUDE ("nickname", "id", "company_id", "company_path", "status", "user_type");
--> statement-breakpoint
DROP INDEX IF EXISTS "users_phone_search_idx";
--> statement-breakpoint
CREATE INDEX "users_phone_search_idx" ON "users" USING btree ("phone" text_pattern_ops) INCLUDE ("id", "company_id", "company_path", "status", "user_type");
--> statement-breakpoint
DROP INDEX IF EXISTS "users_deleted_email_search_idx";
--> statement-breakpoint
CREATE INDEX "users_deleted_email_search_idx" ON "users" USING btree (lower("deleted_email") text_pattern_ops) INCLUDE ("deleted_email", "id", "company_id", "company_path", "status", "user_type") WHERE "deleted_email" IS NOT NULL;
