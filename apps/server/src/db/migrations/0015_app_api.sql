-- The app-facing API (issue 12 items 8-9, DOMAIN §5): application keys, end users and their
-- sessions; the device registry's bound user becomes a reference to end_users, and a device's
-- verification code (from the device API's register) is kept as a hash.
CREATE TABLE "app_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"company_path" text NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"secret_enc" text NOT NULL,
	"secret_last4" text NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL CHECK ("status" in ('enabled', 'disabled')),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "app_keys_app_id_uq" ON "app_keys" USING btree ("app_id");
--> statement-breakpoint
CREATE INDEX "app_keys_path_idx" ON "app_keys" USING btree ("company_path" text_pattern_ops, "id");
--> statement-breakpoint
CREATE TABLE "end_users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"company_path" text NOT NULL,
	"app_key_id" integer REFERENCES "app_keys"("id"),
	"email" text NOT NULL,
	"nickname" text NOT NULL,
	"locale" text DEFAULT 'en-US' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"area_id" integer,
	"status" text DEFAULT 'normal' NOT NULL CHECK ("status" in ('normal', 'frozen', 'deleted')),
	"password_hash" text NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
-- One live account per e-mail and brand; a deleted one frees the e-mail.
CREATE UNIQUE INDEX "end_users_brand_email_uq" ON "end_users" USING btree ("company_id", "email") WHERE "status" <> 'deleted';
--> statement-breakpoint
CREATE INDEX "end_users_path_idx" ON "end_users" USING btree ("company_path" text_pattern_ops, "id");
--> statement-breakpoint
CREATE TABLE "end_user_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"end_user_id" bigint NOT NULL REFERENCES "end_users"("id"),
	"app_key_id" integer NOT NULL REFERENCES "app_keys"("id"),
	"token_hash" text NOT NULL,
	"renew_token_hash" text NOT NULL,
	"sign_key" text NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "end_user_sessions_token_uq" ON "end_user_sessions" USING btree ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "end_user_sessions_renew_uq" ON "end_user_sessions" USING btree ("renew_token_hash");
--> statement-breakpoint
CREATE INDEX "end_user_sessions_user_idx" ON "end_user_sessions" USING btree ("end_user_id") WHERE "ended_at" is null;
--> statement-breakpoint
ALTER TABLE "devices" DROP COLUMN "end_user";
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "end_user_id" bigint REFERENCES "end_users"("id");
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "bound_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "verify_code_hash" text;
--> statement-breakpoint
CREATE INDEX "devices_end_user_idx" ON "devices" USING btree ("end_user_id") WHERE "end_user_id" is not null;
--> statement-breakpoint
-- Applications (appId) for the owners who hold every dealer code: the supplier's and partners'.
UPDATE "users" SET "auth_res_list" = "auth_res_list" || ARRAY['dealer_appid_qry', 'dealer_appid_mgr']::text[]
 WHERE "user_auth_type" = 1 AND "user_type" IN ('supplier', 'partner') AND NOT ('dealer_appid_mgr' = ANY("auth_res_list"));
