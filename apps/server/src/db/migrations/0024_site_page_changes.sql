-- The public site's page cache (modules/cloud-content/site.cache.ts) follows every committed write
-- to what its pages are rendered from (lib/data-versions.ts CACHED_TABLES): translations (release,
-- take-off, address and title), parameter definitions and groups, and the sites themselves. One
-- notification per statement for the whole table: a release may change any page of the site.
CREATE TRIGGER content_translations_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_translations
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER content_params_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_params
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER content_param_groups_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_param_groups
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER content_sites_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_sites
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
