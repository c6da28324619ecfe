-- A release's fan-out queues a push for every token of the page's recipients (about a third of
-- 100,000 per page on the large seed). Each row's foreign key to push_tokens fired a per-row check
-- (a SELECT ... FOR KEY SHARE of the token): about a quarter of a release's time (15.1 s -> 10.6 s
-- for 1,000,000 recipients on the large seed). The key goes; what its ON DELETE CASCADE did is kept
-- by a statement-level trigger (one join of the deleted ids per statement), and a push queued for a
-- token deleted meanwhile (by a page whose snapshot still saw it) is dropped by the sender when it
-- claims it, never sent (unsafeClaimDuePushes). (Its key to feedback_conversations, null on these
-- rows, stays: dropping it too changed nothing measurable.)
ALTER TABLE "push_queue" DROP CONSTRAINT IF EXISTS "push_queue_token_id_fkey";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_push_tokens_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM push_queue q USING gone g WHERE q.token_id = g.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS push_tokens_deleted ON push_tokens;
--> statement-breakpoint
CREATE TRIGGER push_tokens_deleted AFTER DELETE ON push_tokens
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION portal_push_tokens_deleted();
