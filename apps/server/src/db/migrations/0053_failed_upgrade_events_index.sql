-- Home's "devices failed twice" card counts the devices with two or more failed upgrades in the last
-- 7 days among the caller's devices. It read every event of the window from the table: 7 of the
-- large seed's 30 days are a quarter of 5,000,000 events, so PostgreSQL scanned the whole table
-- (about 450 ms on every Home visit of a brand with 1,000,000 devices). Failed upgrades are one event
-- in ten: this index holds only them, by time, with what the card's scope and grouping read, so the
-- count is an index-only scan of the window's failures.
CREATE INDEX IF NOT EXISTS "device_events_failed_idx" ON "device_events" USING btree ("at") INCLUDE ("device_id", "brand_path", "customer_path", "area_id") WHERE "kind" = 'upgrade_failed';
