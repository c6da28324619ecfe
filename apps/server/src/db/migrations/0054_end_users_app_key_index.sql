-- The Applications list shows each key's end users. The count read every end user of the key's
-- table by a sequential scan (no index on app_key_id): 300-370 ms a page for a brand of 1,000,000
-- end users. This index holds the key of every account not deleted, so the count is an index-only scan.
CREATE INDEX IF NOT EXISTS "end_users_app_key_idx" ON "end_users" USING btree ("app_key_id") WHERE "status" <> 'deleted';
