/**
 * The benchmark's content site (issue 14 §12, Figures): the Bench Partner's public site at
 * BENCH_SITE_DOMAIN (and /site/bench-partner/), 20 product categories and by default 10,000
 * products with 30 parameter definitions (enum, multi-enum and boolean facets, numbers with units,
 * text), every product released in en-US and zh-CN through its first revision. Set-based SQL
 * (INSERT ... SELECT over generate_series), so it takes seconds on PostgreSQL and PGlite.
 */
import type { Database } from '@portal/server/db/client';
import { sql } from 'drizzle-orm';
import { benchPartner } from './large-devices';
import { elapsed, one, type Log } from './shared';

export const BENCH_SITE_SLUG = 'bench-partner';
export const BENCH_SITE_DOMAIN = 'site.bench-partner.local';
export const BENCH_SITE_CATEGORIES = 20;
export const BENCH_SITE_PRODUCTS = 10_000;
export const BENCH_SITE_LOCALES = ['en-US', 'zh-CN'] as const;
/** The address of bench product n (1-based) in both locales. */
export const benchProductSlug = (n: number) => `bench-${n}`;

/** The parameters: key, type and (facets) values, as the seed writes them and the bench filters. */
export const BENCH_SITE_PARAMS: ReadonlyArray<{
  key: string;
  type: 'enum' | 'multi_enum' | 'boolean' | 'number' | 'text';
  values: string[];
}> = Array.from({ length: 30 }, (_, i) => {
  const k = i + 1;
  const key = `p${String(k).padStart(2, '0')}`;
  if (k <= 8) return { key, type: 'enum' as const, values: ['o1', 'o2', 'o3', 'o4', 'o5'] };
  if (k <= 12) return { key, type: 'boolean' as const, values: ['true', 'false'] };
  if (k <= 14) return { key, type: 'multi_enum' as const, values: ['m1', 'm2', 'm3', 'm4'] };
  if (k <= 24) return { key, type: 'number' as const, values: [] };
  return { key, type: 'text' as const, values: [] };
});

export async function hasLargeContent(database: Pick<Database, 'db'>): Promise<boolean> {
  const r = await one<{ found: boolean }>(
    database.db,
    sql`select exists (select 1 from content_sites where slug = ${BENCH_SITE_SLUG}) as found`,
  );
  return !!r?.found;
}

/** The SQL expression of parameter p's value for product number `n` (a column of generate_series). */
function valueExpr(p: (typeof BENCH_SITE_PARAMS)[number], k: number): string {
  switch (p.type) {
    case 'enum':
      return `to_jsonb('o' || (1 + (n * ${k * 7 + 3} + n / ${k + 1}) % 5))`;
    case 'boolean':
      return `to_jsonb((n * ${k + 5} + n / 3) % 3 = 0)`;
    case 'multi_enum':
      return `jsonb_build_array('m' || (1 + n % 4), 'm' || (1 + (n / 4 + ${k}) % 4)) - case when (1 + n % 4) = (1 + (n / 4 + ${k}) % 4) then 1 else -99 end`;
    case 'number':
      return `to_jsonb(((n * ${k * 13}) % 400) / 4.0)`;
    case 'text':
      return `to_jsonb('T' || ${k} || '-' || (n % 97))`;
  }
}

export async function seedLargeContent(
  database: Database,
  opts: { products?: number; log?: Log } = {},
): Promise<{ products: number; seconds: number }> {
  const log = opts.log ?? (() => {});
  const N = Math.max(0, Math.floor(opts.products ?? BENCH_SITE_PRODUCTS));
  const partner = await benchPartner(database);
  if (!partner) throw new Error('seedLargeContent: the Bench Partner does not exist; seed the large volumes first');
  const started = performance.now();
  await database.db.transaction(async (tx) => {
    const site = await one<{ id: number }>(
      tx,
      sql`insert into content_sites (company_id, company_path, slug, name) values (${partner.id}, ${partner.path}, ${BENCH_SITE_SLUG}, 'Bench Partner')
          returning id`,
    );
    const siteId = site!.id;
    await tx.execute(sql`insert into company_domains (domain, company_id, kind) values (${BENCH_SITE_DOMAIN}, ${partner.id}, 'site')
                         on conflict (domain) do nothing`);
    for (const [i, p] of BENCH_SITE_PARAMS.entries()) {
      const k = i + 1;
      const options = p.values.map((v, j) => ({ value: v, labels: { 'en-US': `Option ${k}.${j + 1}`, 'zh-CN': `选项${k}.${j + 1}` } }));
      await tx.execute(sql`insert into content_params (site_id, company_path, key, names, type, unit, options, filterable, comparable, sort)
        values (${siteId}, ${partner.path}, ${p.key}, ${JSON.stringify({ 'en-US': `Parameter ${k}`, 'zh-CN': `参数${k}` })}::jsonb, ${p.type},
                ${p.type === 'number' ? 'mm' : ''}, ${JSON.stringify(options)}::jsonb, ${p.values.length > 0}, true, ${k})`);
    }
    // Categories, then products: items, one revision per locale, translations released through it.
    await tx.execute(sql`insert into content_items (site_id, company_path, type, shared, params, updated_by_name)
      select ${siteId}, ${partner.path}, 'product_category', '{}'::jsonb, '{}'::jsonb, 'bench'
        from generate_series(1, ${BENCH_SITE_CATEGORIES}::int) c order by c`);
    const params = `jsonb_strip_nulls(jsonb_build_object(${BENCH_SITE_PARAMS.map((p, i) => `'${p.key}', ${valueExpr(p, i + 1)}`).join(', ')}))`;
    await tx.execute(sql`
      with cats as (
        select id, row_number() over (order by id) - 1 as c from content_items where site_id = ${siteId} and type = 'product_category'
      )
      insert into content_items (site_id, company_path, type, shared, params, model, category_id, updated_by_name)
      select ${siteId}, ${partner.path}, 'product',
             jsonb_build_object('model', 'BP-' || lpad((n % ${BENCH_SITE_CATEGORIES}::int)::text, 2, '0') || '-' || lpad(n::text, 5, '0'),
                                'categoryId', cats.id, 'discontinued', n % 50 = 0),
             ${sql.raw(params)},
             'BP-' || lpad((n % ${BENCH_SITE_CATEGORIES}::int)::text, 2, '0') || '-' || lpad(n::text, 5, '0'),
             cats.id, 'bench'
        from generate_series(1, ${N}::int) n join cats on cats.c = n % ${BENCH_SITE_CATEGORIES}::int
       order by n`);
    await tx.execute(sql`
      with items as (
        select i.id, i.type, i.shared, i.params, i.model,
               case when i.type = 'product' then row_number() over (partition by i.type order by i.id) end as n,
               case when i.type = 'product_category' then row_number() over (partition by i.type order by i.id) end as c
          from content_items i where i.site_id = ${siteId}
      ), l(locale) as (values ('en-US'), ('zh-CN'))
      insert into content_revisions (item_id, locale, n, author_name, data, diff, released)
      select items.id, l.locale, 1, 'bench',
             jsonb_build_object(
               'shared', case when items.type = 'product' then items.shared || jsonb_build_object('params', items.params) else items.shared end,
               'translation', jsonb_build_object(
                 'title', case
                   when items.type = 'product_category' and l.locale = 'en-US' then 'Category ' || items.c
                   when items.type = 'product_category' then '分类' || items.c
                   when l.locale = 'en-US' then 'Bench camera ' || items.model
                   else '基准摄像机 ' || items.model end,
                 'slug', case when items.type = 'product' then 'bench-' || items.n else 'category-' || items.c end,
                 'summary', case when l.locale = 'en-US' then 'A bench product with thirty parameters.' else '具有三十个参数的基准产品。' end,
                 'body', case when items.type = 'product'
                   then case when l.locale = 'en-US' then '<p>Bench product ' || items.model || ': a camera for the benchmark.</p>'
                             else '<p>基准产品 ' || items.model || '：用于基准测试的摄像机。</p>' end else '' end,
                 'seoTitle', '', 'seoDescription', '', 'noindex', false)),
             '[]'::jsonb, true
        from items cross join l
       order by items.id, l.locale`);
    await tx.execute(sql`
      insert into content_translations (item_id, locale, site_id, type, state, title, slug, latest_revision_id, released_revision_id,
                                        released_slug, released_title, released_params, released_category_id, released_at)
      select r.item_id, r.locale, ${siteId}, i.type, 'released', r.data->'translation'->>'title', r.data->'translation'->>'slug', r.id, r.id,
             r.data->'translation'->>'slug', r.data->'translation'->>'title',
             case when i.type = 'product' then i.params end, i.category_id,
             now() - (i.id % 1000) * interval '1 minute'
        from content_revisions r join content_items i on i.id = r.item_id
       where i.site_id = ${siteId}`);
  });
  await database.db.execute(sql`analyze content_items`);
  await database.db.execute(sql`analyze content_translations`);
  await database.db.execute(sql`analyze content_revisions`);
  log(
    `large: content site ${BENCH_SITE_DOMAIN}: ${BENCH_SITE_CATEGORIES} categories, ${N.toLocaleString('en-US')} products in 2 locales (${elapsed(started)})`,
  );
  return { products: N, seconds: (performance.now() - started) / 1000 };
}
