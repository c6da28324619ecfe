-- A release's fan-out writes up to ~100,000 receipts (and a push per token of those recipients) per
-- page. Each of those rows' foreign key to messages fired a per-row check (SELECT ... FOR KEY SHARE of
-- the message): about 40% of a page's time, for a message row the page already holds FOR UPDATE.
-- Every statement that writes receipts or message pushes does so under that lock and only for a
-- message that exists (released, or being withdrawn), so the keys to messages go; the cascade they
-- gave on deleting a message is kept by one statement-level trigger (a join of the deleted ids,
-- not a check per row). The push's key to its token stays: a token can be deleted at any time.
ALTER TABLE "message_receipts" DROP CONSTRAINT IF EXISTS "message_receipts_message_id_fkey";
--> statement-breakpoint
ALTER TABLE "push_queue" DROP CONSTRAINT IF EXISTS "push_queue_message_id_fkey";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_messages_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM message_receipts r USING gone g WHERE r.message_id = g.id;
  DELETE FROM push_queue q USING gone g WHERE q.message_id = g.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS messages_deleted ON messages;
--> statement-breakpoint
CREATE TRIGGER messages_deleted AFTER DELETE ON messages
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION portal_messages_deleted();
