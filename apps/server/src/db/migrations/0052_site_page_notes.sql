-- The public site's page cache keeps each site's pages until that site changes (cloud-content
-- site.cache.ts sitePageDeps): a write to a site's translations, parameters or groups also
-- announces 'content_sites:<site_id>' for each site whose pages it may change, beside the table
-- itself (which the other cached reads follow, as before). Pages are made from a translation's
-- released columns only, so an update of a translation that leaves them as they were (a draft
-- saved) is not a change of the site. A truncate announces 'content_sites', every site.
CREATE OR REPLACE FUNCTION portal_notify_site_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sid bigint;
BEGIN
  PERFORM pg_notify('portal_changes', TG_TABLE_NAME);
  IF TG_OP = 'DELETE' THEN
    FOR sid IN SELECT DISTINCT site_id FROM old_rows LOOP
      PERFORM pg_notify('portal_changes', 'content_sites:' || sid);
    END LOOP;
  ELSIF TG_OP = 'INSERT' THEN
    FOR sid IN SELECT DISTINCT site_id FROM new_rows LOOP
      PERFORM pg_notify('portal_changes', 'content_sites:' || sid);
    END LOOP;
  ELSIF TG_TABLE_NAME = 'content_translations' THEN
    -- Each changed row's sites (before and after), when a released column differs.
    FOR sid IN
      SELECT DISTINCT s.site_id
        FROM new_rows n FULL JOIN old_rows o ON o.item_id = n.item_id AND o.locale = n.locale
        CROSS JOIN LATERAL (VALUES (n.site_id), (o.site_id)) AS s(site_id)
       WHERE s.site_id IS NOT NULL
         AND (n.site_id, n.type, n.state, n.released_revision_id, n.released_slug, n.released_title, n.released_params, n.released_category_id, n.released_at)
             IS DISTINCT FROM (o.site_id, o.type, o.state, o.released_revision_id, o.released_slug, o.released_title, o.released_params, o.released_category_id, o.released_at)
    LOOP
      PERFORM pg_notify('portal_changes', 'content_sites:' || sid);
    END LOOP;
  ELSE
    FOR sid IN SELECT site_id FROM new_rows UNION SELECT site_id FROM old_rows LOOP
      PERFORM pg_notify('portal_changes', 'content_sites:' || sid);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_notify_all_sites() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_changes', TG_TABLE_NAME);
  PERFORM pg_notify('portal_changes', 'content_sites');
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER content_translations_changes ON content_translations;
--> statement-breakpoint
DROP TRIGGER content_params_changes ON content_params;
--> statement-breakpoint
DROP TRIGGER content_param_groups_changes ON content_param_groups;
--> statement-breakpoint
CREATE TRIGGER content_translations_inserts AFTER INSERT ON content_translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_site_changes();
--> statement-breakpoint
CREATE TRIGGER content_translations_updates AFTER UPDATE ON content_translations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_site_changes();
--> statement-breakpoint
CREATE TRIGGER content_translations_deletes AFTER DELETE ON content_translations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_site_changes();
--> statement-breakpoint
CREATE TRIGGER content_translations_truncates AFTER TRUNCATE ON content_translations
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_all_sites();
--> statement-breakpoint
CREATE TRIGGER content_params_inserts AFTER INSERT ON content_params
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_site_changes();
--> statement-breakpoint
CREATE TRIGGER content_params_updates AFTER UPDATE ON content_params
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_site_changes();
--> statement-breakpoint
CREATE TRIGGER content_params_deletes AFTER DELETE ON content_params
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_site_changes();
--> statement-breakpoint
CREATE TRIGGER content_params_truncates AFTER TRUNCATE ON content_params
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_all_sites();
--> statement-breakpoint
CREATE TRIGGER content_param_groups_inserts AFTER INSERT ON content_param_groups
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_site_changes();
--> statement-breakpoint
CREATE TRIGGER content_param_groups_updates AFTER UPDATE ON content_param_groups
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_site_changes();
--> statement-breakpoint
CREATE TRIGGER content_param_groups_deletes AFTER DELETE ON content_param_groups
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_site_changes();
--> statement-breakpoint
CREATE TRIGGER content_param_groups_truncates AFTER TRUNCATE ON content_param_groups
  FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_all_sites();
