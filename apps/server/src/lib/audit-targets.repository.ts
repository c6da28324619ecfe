/**
 * The audit mechanism's view of a write's target (issue 15 §5): its display name and the fields a
 * diff compares, read in the call's transaction before the handler runs and again when the row is
 * written. Unscoped reads by id: the name and fields only enter a row the handler wrote (a refused
 * write rolls back, and its refusal row is written without them). Field names that are secrets
 * (password, secret, webhookSecret) hold the stored hash or sealed value, which the diff reduces to
 * "changed" and never stores.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AuditTargetType } from '@portal/contract';
import type { Db, Tx } from '../db/client';

export interface AuditTargetState {
  name: string;
  fields: Record<string, unknown>;
}

async function one(db: Db | Tx, q: SQL): Promise<Record<string, unknown> | null> {
  const r = (await db.execute(q)) as unknown as { rows: Record<string, unknown>[] };
  return r.rows[0] ?? null;
}

const INT = /^\d{1,9}$/;

function split(row: Record<string, unknown> | null): AuditTargetState | null {
  if (!row) return null;
  const { display_name: name, ...fields } = row;
  for (const [k, v] of Object.entries(fields)) if (v instanceof Date) fields[k] = v.toISOString();
  return { name: String(name ?? ''), fields };
}

/** A target's name and fields, or null when it does not exist (or the id cannot be one). */
export async function auditTargetState(
  db: Db | Tx,
  type: AuditTargetType,
  id: string,
  ctx: { companyId: number | null },
): Promise<AuditTargetState | null> {
  const num = INT.test(id) ? Number(id) : null;
  switch (type) {
    case 'user':
      if (num === null) return null;
      return split(
        await one(
          db,
          sql`select case when nickname <> '' then nickname else email end as display_name, nickname,
                coalesce(deleted_email, email) as email, phone, status,
                array(select unnest(auth_res_list) order by 1) as permissions, area_ids as "areaIds",
                company_ids as "companyIds", app_ids as "appIds", password_hash as password
              from users where id = ${num}`,
        ),
      );
    case 'company':
      if (num === null) return null;
      return split(
        await one(
          db,
          sql`select name as display_name, name, contact, telephone, email, area_id as "areaId", user_limit as "userLimit",
                status, allow_superior_access as "allowSuperiorAccess", time_zone as "timeZone", logo,
                device_log_retention_days as "deviceLogRetentionDays"
              from companies where id = ${num}`,
        ),
      );
    case 'hiddenMenus': {
      const row = await one(db, sql`select hidden_menus as menus from area_kind_settings where kind = ${id}`);
      return { name: id, fields: { menus: row?.menus ?? [] } };
    }
    case 'firmwarePackage':
      if (num === null) return null;
      return split(
        await one(
          db,
          sql`select version_name || ' (' || product_type || ')' as display_name, compatible_versions as "compatibleVersions",
                validity_days as "validityDays", is_test as "isTest", descriptions, sign_sheet_file_id as "signSheetFileId", status
              from firmware_packages where id = ${num}`,
        ),
      );
    case 'releaseTask':
      if (num === null) return null;
      return split(
        await one(
          db,
          sql`select p.version_name || ' (' || p.product_type || ', ' || to_char(t.start_at at time zone 'UTC', 'YYYY-MM-DD') || ')' as display_name,
                to_char(t.end_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "endAt", t.gates, t.status
              from release_tasks t join firmware_packages p on p.id = t.pkg_id where t.id = ${num}`,
        ),
      );
    case 'storagePlan':
      if (num === null) return null;
      return split(
        await one(
          db,
          sql`select name as display_name, name, storage_value as "storageValue", storage_unit as "storageUnit",
                service_days as "serviceDays", cost_price::text as "costPrice", guide_price::text as "guidePrice", enabled
              from storage_plans where id = ${num}`,
        ),
      );
    case 'goods':
      if (num === null) return null;
      return split(
        await one(
          db,
          sql`select name as display_name, name, goods_code as "goodsCode", plan_id as "planId", android_price::text as "androidPrice",
                ios_price::text as "iosPrice", stock, to_char(sale_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "saleUntil", area_id as "areaId", status
              from storage_goods where id = ${num}`,
        ),
      );
    case 'payee':
      if (ctx.companyId === null) return null;
      return (
        split(
          await one(
            db,
            sql`select provider as display_name, mode, account_id as "accountId", secret_enc as secret,
                  webhook_secret_enc as "webhookSecret", default_for as "defaultFor"
                from payee_accounts where company_id = ${ctx.companyId} and provider = ${id}`,
          ),
        ) ?? { name: id, fields: {} }
      );
    case 'appKey':
      if (num === null) return null;
      return split(await one(db, sql`select name as display_name, name, status, secret_enc as secret from app_keys where id = ${num}`));
    case 'file':
      if (num === null) return null;
      return split(await one(db, sql`select name as display_name from files where id = ${num}`));
    case 'device':
      if (num === null) return null;
      return split(await one(db, sql`select sn as display_name from devices where id = ${num}`));
    case 'message':
      // Its title in the language it prefers, else in any language it has.
      if (num === null) return null;
      return split(
        await one(
          db,
          sql`select coalesce(nullif(contents -> preferred_language ->> 'title', ''),
                (select nullif(v ->> 'title', '') from jsonb_each(contents) as c(k, v) order by k limit 1), '') as display_name, state
              from messages where id = ${num}`,
        ),
      );
    case 'contentItem':
      // Its title (English first, else the first language with one), else a product's model.
      if (num === null) return null;
      return split(
        await one(
          db,
          sql`select coalesce((select t.title from content_translations t where t.item_id = i.id and t.title <> ''
                                order by t.locale <> 'en-US', t.locale limit 1), i.model, '') as display_name
              from content_items i where i.id = ${num}`,
        ),
      );
    case 'conversation':
      if (num === null) return null;
      return split(await one(db, sql`select topic as display_name, state from feedback_conversations where id = ${num}`));
  }
}

/** Unsafe: the platform's root. The supplier's company id and path (a row of no tenant is its), or null. */
export async function unsafeSupplierCompany(db: Db | Tx): Promise<{ id: number; path: string } | null> {
  const row = await one(db, sql`select id, path from companies where type = 'supplier' order by companies.id limit 1`);
  return row ? { id: Number(row.id), path: String(row.path) } : null;
}
