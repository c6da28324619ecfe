-- List searches answered from indexes (issue 11 "Figures"; users.repository.ts listUsers, company.repository.ts listDownstreamCompanies).
-- User search: one index per searched column, carrying what the count needs (id, company, status, type), so a
-- common first name (2,500 matches) is counted from about 70 index pages instead of 2,500 heap pages. The
-- column itself is included because the planner takes an index-only scan only when every column a clause names
-- is in the index. These replace the plain prefix indexes of 0001 and 0004.
CREATE INDEX IF NOT EXISTS "users_email_search_idx" ON "users" USING btree (lower("email") text_pattern_ops) INCLUDE ("email", "id", "company_id", "status", "user_type");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_nickname_search_idx" ON "users" USING btree (lower("nickname") text_pattern_ops) INCLUDE ("nickname", "id", "company_id", "status", "user_type");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_phone_search_idx" ON "users" USING btree ("phone" text_pattern_ops) INCLUDE ("id", "company_id", "status", "user_type");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_deleted_email_search_idx" ON "users" USING btree (lower("deleted_email") text_pattern_ops) INCLUDE ("deleted_email", "id", "company_id", "status", "user_type") WHERE "deleted_email" IS NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "users_email_prefix_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "users_nickname_prefix_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "users_phone_prefix_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "users_deleted_email_prefix_idx";
--> statement-breakpoint
-- A company page's user counts (live users per company) read the company index only.
DROP INDEX IF EXISTS "users_company_idx";
--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id", "id") INCLUDE ("status");
--> statement-breakpoint
-- Company name search: the trigram index of 0011 was created before the companies it indexes, so every insert
-- went to its pending list, which each search then read whole (300 pages for 10,000 companies) until a vacuum
-- merged it; the planner, seeing that cost, scanned the table instead. Without the pending list an insert
-- updates the index at once (companies are few and rarely added), and a search reads a few index pages.
DROP INDEX IF EXISTS "companies_name_trgm_idx";
--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin ("name" gin_trgm_ops) WITH (fastupdate = off);
