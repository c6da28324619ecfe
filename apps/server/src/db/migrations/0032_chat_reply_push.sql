-- Feedback chat (issue 13 §10): a desk reply an end user has not read for 10 minutes is pushed to
-- their tokens through the message centre's push queue (retried with backoff, dead tokens pruned).
-- A queued push is now a message's ('notify', 'remove') or a conversation's ('chat', its text kept
-- on the row); one pending chat push per conversation and token.
ALTER TABLE "push_queue" ALTER COLUMN "message_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "push_queue" ADD COLUMN "conversation_id" integer REFERENCES "feedback_conversations"("id") ON DELETE cascade;
--> statement-breakpoint
ALTER TABLE "push_queue" ADD COLUMN "title" text;
--> statement-breakpoint
ALTER TABLE "push_queue" ADD COLUMN "body" text;
--> statement-breakpoint
ALTER TABLE "push_queue" DROP CONSTRAINT IF EXISTS "push_queue_kind_check";
--> statement-breakpoint
ALTER TABLE "push_queue" ADD CONSTRAINT "push_queue_kind_check" CHECK (
  ("kind" in ('notify', 'remove') and "message_id" is not null and "conversation_id" is null)
  or ("kind" = 'chat' and "conversation_id" is not null and "message_id" is null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "push_queue_chat_token_uq" ON "push_queue" USING btree ("conversation_id", "token_id") WHERE "conversation_id" is not null;
