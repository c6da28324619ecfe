-- The public site's search (issue 14 §8; site.repository.ts searchReleased): a substring of a title, model, summary, body
-- text or parameter value (ILIKE '%B4%', Chinese substrings too) and the full-text match were computed row by row for
-- every released translation of the site. Each revision now carries its searchable text, kept by PostgreSQL itself
-- (a stored generated column: no writer can forget it), with a pg_trgm index for the substring and a GIN index for the
-- full text; the search asks both of them for the revisions that match and keeps the released ones. pg_trgm is created
-- by 0011 (PGlite loads it in openPglite).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "content_revisions" ADD COLUMN IF NOT EXISTS "search_text" text GENERATED ALWAYS AS (
  coalesce("data"->'translation'->>'title', '') || ' ' ||
  coalesce("data"->'shared'->>'model', '') || ' ' ||
  coalesce("data"->'translation'->>'summary', '') || ' ' ||
  (CASE WHEN jsonb_typeof("data"->'translation'->'body') = 'object'
    THEN coalesce(jsonb_path_query_array("data"->'translation'->'body', 'strict $.**.text')::text, '')
    ELSE regexp_replace(coalesce("data"->'translation'->>'body', ''), '<[^>]*>', ' ', 'g') END) || ' ' ||
  coalesce(jsonb_path_query_array(coalesce("data"->'shared'->'params', '{}'::jsonb), 'strict $.*')::text, '')
) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_revisions_search_trgm" ON "content_revisions" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "content_revisions_search_fts" ON "content_revisions" USING gin (to_tsvector('simple', "search_text"));
