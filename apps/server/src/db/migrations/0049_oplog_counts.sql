-- Operation-log search totals (insight/operation-log/search, exact to 10,000): a first page counted
-- up to 10,001 rows of the filter's index every time (10,001 index tuples per request: 2-40 ms).
-- The audit seal now also adds every row it seals to an hourly count by the first two levels of the
-- row's company path and actor's company path (a brand's or the supplier's subtree), module, action
-- and result. A caller at a brand or above whose filter these columns express reads there whether
-- the sealed rows of the hours wholly inside its range already pass 10,000 ("10,000+"); only
-- otherwise are the rows counted. The counts are a lower bound of the rows (a row not yet sealed, or
-- sealed by an older server, is not in them), so the answer stays exact.
CREATE TABLE IF NOT EXISTS "operation_log_counts" (
  "hour" timestamp with time zone NOT NULL,
  "company_root" text NOT NULL,
  "actor_root" text NOT NULL,
  "module" text NOT NULL,
  "action" text NOT NULL,
  "result" text NOT NULL,
  "n" integer NOT NULL,
  PRIMARY KEY ("hour", "company_root", "actor_root", "module", "action", "result")
);
--> statement-breakpoint
-- The rows sealed before this migration.
INSERT INTO "operation_log_counts" ("hour", "company_root", "actor_root", "module", "action", "result", "n")
SELECT date_trunc('hour', "at", 'UTC'),
       coalesce(substring("company_path" from '^/[0-9]+/[0-9]+/'), "company_path", ''),
       coalesce(substring("actor_company_path" from '^/[0-9]+/[0-9]+/'), "actor_company_path", ''),
       "module", "action", "result", count(*)::int
  FROM "operation_logs" WHERE "seq" IS NOT NULL
 GROUP BY 1, 2, 3, 4, 5, 6
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Every row is updated once by the seal (a new row version in every index, since seq is indexed):
-- vacuum soon, so index-only scans of the search and its count find pages all-visible.
ALTER TABLE "operation_logs" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
