-- Where the release engine's late joining stopped reading, per source (devices changed, devices
-- freed by an ended task): kept in the database, so a restarted or another instance goes on from
-- there and a device changed while no instance ticked is still offered to the open tasks.
CREATE TABLE IF NOT EXISTS "upgrade_join_watermarks" (
  "source" text PRIMARY KEY NOT NULL,
  "at" timestamp with time zone NOT NULL,
  "at_ms" double precision NOT NULL,
  "id" bigint NOT NULL
);
