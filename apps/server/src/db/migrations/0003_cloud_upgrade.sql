CREATE TABLE "device_provisioning_keys" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_provisioning_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"company_path" text NOT NULL,
	"sn" text NOT NULL,
	"mac" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"product_type" text NOT NULL,
	"firmware_version" text DEFAULT '' NOT NULL,
	"hardware_version" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"area_id" integer,
	"end_user" text DEFAULT '' NOT NULL,
	"last_seen_at" timestamp with time zone,
	"key_hash" text,
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firmware_package_chunks" (
	"pkg_id" integer NOT NULL,
	"idx" integer NOT NULL,
	"size" integer NOT NULL,
	"md5" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firmware_package_chunks_pkg_id_idx_pk" PRIMARY KEY("pkg_id","idx")
);
--> statement-breakpoint
CREATE TABLE "firmware_package_syncs" (
	"pkg_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"object_key" text,
	"error" text,
	"at" timestamp with time zone,
	CONSTRAINT "firmware_package_syncs_pkg_id_area_id_pk" PRIMARY KEY("pkg_id","area_id")
);
--> statement-breakpoint
CREATE TABLE "firmware_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"company_path" text NOT NULL,
	"version_name" text NOT NULL,
	"product_type" text NOT NULL,
	"models" text[] DEFAULT '{}'::text[] NOT NULL,
	"compatible_versions" text[] DEFAULT '{}'::text[] NOT NULL,
	"validity_days" integer NOT NULL,
	"valid_until" timestamp with time zone,
	"is_test" boolean DEFAULT false NOT NULL,
	"descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sign_sheet_file_id" bigint,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"md5" text NOT NULL,
	"computed_md5" text,
	"sha256" text,
	"object_key" text NOT NULL,
	"status" text DEFAULT 'upload_incomplete' NOT NULL,
	"status_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_task_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"by_name" text DEFAULT '' NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "release_task_waves" (
	"task_id" integer NOT NULL,
	"idx" smallint NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"is_promotion" boolean DEFAULT false NOT NULL,
	"pace_minutes" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"notified" integer DEFAULT 0 NOT NULL,
	"success" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "release_task_waves_task_id_idx_pk" PRIMARY KEY("task_id","idx")
);
--> statement-breakpoint
CREATE TABLE "release_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"pkg_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"company_path" text NOT NULL,
	"release_type" text NOT NULL,
	"speed" text,
	"gray_count" integer,
	"area_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"target" jsonb NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'unreleased' NOT NULL,
	"pause_reason" text,
	"pause_detail" jsonb,
	"gates" jsonb NOT NULL,
	"current_wave" smallint DEFAULT 0 NOT NULL,
	"target_quantity" integer DEFAULT 0 NOT NULL,
	"notice_quantity" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "task_devices" (
	"task_id" integer NOT NULL,
	"device_id" bigint NOT NULL,
	"wave" smallint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"from_version" text DEFAULT '' NOT NULL,
	"reported_version" text,
	"error_code" text,
	"progress" smallint,
	"notified_at" timestamp with time zone,
	"updated_at" timestamp with time zone,
	CONSTRAINT "task_devices_task_id_device_id_pk" PRIMARY KEY("task_id","device_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "devices_sn_uq" ON "devices" USING btree ("sn");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_mac_uq" ON "devices" USING btree ("mac");--> statement-breakpoint
CREATE INDEX "devices_path_idx" ON "devices" USING btree ("company_path" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "devices_model_version_idx" ON "devices" USING btree ("company_id","product_type","model","firmware_version");--> statement-breakpoint
CREATE INDEX "firmware_packages_path_idx" ON "firmware_packages" USING btree ("company_path" text_pattern_ops,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_packages_version_uq" ON "firmware_packages" USING btree ("company_id","product_type","version_name") WHERE "firmware_packages"."status" <> 'deleted';--> statement-breakpoint
CREATE INDEX "release_task_events_task_idx" ON "release_task_events" USING btree ("task_id","id");--> statement-breakpoint
CREATE INDEX "release_tasks_path_idx" ON "release_tasks" USING btree ("company_path" text_pattern_ops,"id");--> statement-breakpoint
CREATE INDEX "release_tasks_pkg_idx" ON "release_tasks" USING btree ("pkg_id");--> statement-breakpoint
CREATE INDEX "release_tasks_status_idx" ON "release_tasks" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "task_devices_active_uq" ON "task_devices" USING btree ("device_id") WHERE "task_devices"."state" in ('pending', 'notified', 'downloading', 'installing');--> statement-breakpoint
CREATE INDEX "task_devices_timeout_idx" ON "task_devices" USING btree ("task_id","notified_at") WHERE "task_devices"."state" in ('notified', 'downloading', 'installing');