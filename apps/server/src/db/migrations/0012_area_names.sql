-- An area's name per language (issue 11 §3: zh-CN showed the English names). display_name stays the en-US name; an area created before this migration gets its en-US name in zh-CN too, until the supplier enters the Chinese one (lib/area-names.ts).
ALTER TABLE "areas" ADD COLUMN "display_name_zh_cn" text;
--> statement-breakpoint
UPDATE "areas" SET "display_name_zh_cn" = "display_name";
--> statement-breakpoint
ALTER TABLE "areas" ALTER COLUMN "display_name_zh_cn" SET NOT NULL;
