-- Company name search: `name ILIKE '%text%'` (company.repository.ts listDownstreamCompanies, listRelations) reads every company of the subtree without it. pg_trgm is a trusted extension (PostgreSQL 13+: the database owner may create it); PGlite loads it in openPglite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "companies_name_trgm_idx" ON "companies" USING gin ("name" gin_trgm_ops);
