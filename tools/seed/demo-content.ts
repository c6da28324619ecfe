/**
 * Demo content site (issue 14): Acme Vision's public site in en-US and zh-CN at
 * http://acme-vision.localhost:8080/ (a site domain) and /site/acme-vision/: product categories,
 * about 30 cameras and recorders with typed parameters, a discontinued model with its successor,
 * news (one scheduled for tomorrow), a banner, hot products, manuals, FAQ, solutions, a video and
 * terms. One product's zh-CN translation is left a draft. Each translation gets one revision, the
 * released one, written as the portal's save and release would.
 */
import type { Database } from '@portal/server/db/client';
import {
  companyDomains,
  contentItems,
  contentParamGroups,
  contentParams,
  contentRevisions,
  contentSchedules,
  contentSites,
  contentTranslations,
} from '@portal/server/db/schema';
import { richTextFromParagraphs, type RichTextDoc, type RichTextNode } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { one } from './shared';

/** Rich text as the editor writes it (a Tiptap document, issue 14 §4). */
const text = (t: string, bold = false): RichTextNode =>
  bold ? { type: 'text', text: t, marks: [{ type: 'bold' }] } : { type: 'text', text: t };
const para = (...parts: RichTextNode[]): RichTextNode => ({ type: 'paragraph', content: parts });
const bulletList = (items: string[]): RichTextNode => ({
  type: 'bulletList',
  content: items.map((i) => ({ type: 'listItem', content: [para(text(i))] })),
});
const rich = (...blocks: RichTextNode[]): RichTextDoc => ({ type: 'doc', content: blocks });
const plain = (t: string): RichTextDoc => richTextFromParagraphs([t]);

type L = 'en-US' | 'zh-CN';
interface Tr {
  title: string;
  slug?: string;
  summary?: string;
  body?: RichTextDoc;
  seoDescription?: string;
}

export const DEMO_SITE_DOMAIN = 'acme-vision.localhost';
export const DEMO_SITE_SLUG = 'acme-vision';

export async function seedDemoContent(database: Database, now = Date.now()): Promise<{ items: number }> {
  const db = database.db;
  const owner = await one<{ company_id: number; path: string; nickname: string }>(
    db,
    sql`select c.id as company_id, c.path, u.nickname from users u join companies c on c.id = u.company_id where u.email = 'owner@acme.demo.local'`,
  );
  if (!owner) throw new Error('seedDemoContent: the Acme Vision owner is missing');
  const companyPath = owner.path;
  const [site] = await db
    .insert(contentSites)
    .values({ companyId: owner.company_id, companyPath, slug: DEMO_SITE_SLUG, name: 'Acme Vision' })
    .returning();
  await db.insert(companyDomains).values({ domain: DEMO_SITE_DOMAIN, companyId: owner.company_id, kind: 'site' });
  const siteId = site!.id;
  const at = new Date(now);
  let count = 0;

  async function item(type: string, shared: Record<string, unknown>, trs: Partial<Record<L, Tr>>, released: L[] = ['en-US', 'zh-CN']) {
    const { params, ...rest } = shared as { params?: Record<string, unknown> };
    const [row] = await db
      .insert(contentItems)
      .values({
        siteId,
        companyPath,
        type,
        shared: rest,
        params: params ?? {},
        model: (rest as { model?: string }).model ?? null,
        categoryId: (rest as { categoryId?: number }).categoryId ?? null,
        updatedByName: owner!.nickname,
        updatedAt: at,
        createdAt: at,
      })
      .returning();
    for (const [locale, t] of Object.entries(trs) as Array<[L, Tr]>) {
      const translation = {
        title: t.title,
        slug: t.slug ?? '',
        summary: t.summary ?? '',
        body: t.body ?? rich(),
        seoTitle: '',
        seoDescription: t.seoDescription ?? t.summary ?? '',
        noindex: false,
      };
      const isReleased = released.includes(locale);
      const [rev] = await db
        .insert(contentRevisions)
        .values({
          itemId: row!.id,
          locale,
          n: 1,
          authorName: owner!.nickname,
          data: { shared, translation },
          diff: [],
          released: isReleased,
          createdAt: at,
        })
        .returning();
      await db.insert(contentTranslations).values({
        itemId: row!.id,
        locale,
        siteId,
        type,
        state: isReleased ? 'released' : 'draft',
        title: t.title,
        slug: translation.slug,
        latestRevisionId: rev!.id,
        releasedRevisionId: isReleased ? rev!.id : null,
        releasedSlug: isReleased ? translation.slug : null,
        releasedTitle: isReleased ? t.title : null,
        releasedParams: isReleased ? (params ?? null) : null,
        releasedCategoryId: isReleased ? ((rest as { categoryId?: number }).categoryId ?? null) : null,
        releasedAt: isReleased ? at : null,
      });
    }
    count++;
    return row!.id;
  }

  // ----- parameters -----
  const [video] = await db
    .insert(contentParamGroups)
    .values({ siteId, companyPath, names: { 'en-US': 'Video', 'zh-CN': '视频' }, sort: 0 })
    .returning();
  const [optics] = await db
    .insert(contentParamGroups)
    .values({ siteId, companyPath, names: { 'en-US': 'Optics', 'zh-CN': '镜头' }, sort: 1 })
    .returning();
  const [general] = await db
    .insert(contentParamGroups)
    .values({ siteId, companyPath, names: { 'en-US': 'General', 'zh-CN': '常规' }, sort: 2 })
    .returning();
  const opt = (value: string, en: string, zh: string) => ({ value, labels: { 'en-US': en, 'zh-CN': zh } });
  await db.insert(contentParams).values([
    {
      siteId,
      companyPath,
      groupId: video!.id,
      key: 'resolution',
      names: { 'en-US': 'Resolution', 'zh-CN': '分辨率' },
      type: 'enum',
      options: [opt('2mp', '2 MP', '200万像素'), opt('4mp', '4 MP', '400万像素'), opt('8mp', '8 MP (4K)', '800万像素（4K）')],
      filterable: true,
      sort: 0,
    },
    {
      siteId,
      companyPath,
      groupId: video!.id,
      key: 'frame_rate',
      names: { 'en-US': 'Frame rate', 'zh-CN': '帧率' },
      type: 'number',
      unit: 'fps',
      sort: 1,
    },
    {
      siteId,
      companyPath,
      groupId: video!.id,
      key: 'night_color',
      names: { 'en-US': 'Colour at night', 'zh-CN': '全彩夜视' },
      type: 'boolean',
      filterable: true,
      sort: 2,
    },
    {
      siteId,
      companyPath,
      groupId: video!.id,
      key: 'analytics',
      names: { 'en-US': 'Smart analytics', 'zh-CN': '智能分析' },
      type: 'multi_enum',
      options: [
        opt('human', 'Human detection', '人形检测'),
        opt('vehicle', 'Vehicle detection', '车辆检测'),
        opt('line', 'Line crossing', '越界侦测'),
      ],
      filterable: true,
      sort: 3,
    },
    {
      siteId,
      companyPath,
      groupId: optics!.id,
      key: 'lens_mm',
      names: { 'en-US': 'Lens', 'zh-CN': '镜头焦距' },
      type: 'number',
      unit: 'mm',
      sort: 4,
    },
    {
      siteId,
      companyPath,
      groupId: optics!.id,
      key: 'ir_range_m',
      names: { 'en-US': 'IR range', 'zh-CN': '红外距离' },
      type: 'number',
      unit: 'm',
      sort: 5,
    },
    {
      siteId,
      companyPath,
      groupId: general!.id,
      key: 'channels',
      names: { 'en-US': 'Channels', 'zh-CN': '通道数' },
      type: 'enum',
      options: [opt('8', '8 channels', '8路'), opt('16', '16 channels', '16路'), opt('32', '32 channels', '32路')],
      filterable: true,
      sort: 6,
    },
    {
      siteId,
      companyPath,
      groupId: general!.id,
      key: 'poe',
      names: { 'en-US': 'PoE', 'zh-CN': 'PoE供电' },
      type: 'boolean',
      filterable: true,
      sort: 7,
    },
    {
      siteId,
      companyPath,
      groupId: general!.id,
      key: 'protection',
      names: { 'en-US': 'Protection', 'zh-CN': '防护等级' },
      type: 'text',
      sort: 8,
    },
  ]);

  // ----- categories -----
  const cat = async (en: string, zh: string, slug: string, shared: Record<string, unknown> = {}) =>
    item('product_category', shared, {
      'en-US': { title: en, slug, summary: `${en} by Acme Vision` },
      'zh-CN': { title: zh, slug, summary: `Acme Vision ${zh}` },
    });
  const bullets = await cat('Bullet cameras', '枪型摄像机', 'bullet-cameras');
  const domes = await cat('Dome cameras', '半球摄像机', 'dome-cameras');
  // Turrets are sold in mainland China only: visitors from elsewhere (footer choice or proxy header) do not see them.
  const turrets = await cat('Turret cameras', '海螺摄像机', 'turret-cameras', { countries: ['CN'] });
  const nvrs = await cat('Network video recorders', '网络硬盘录像机', 'nvrs');

  // ----- products -----
  const res = ['2mp', '4mp', '8mp'] as const;
  const resEn = { '2mp': '2 MP', '4mp': '4 MP', '8mp': '4K' };
  const resZh = { '2mp': '200万', '4mp': '400万', '8mp': '4K' };
  const cams: Array<[number, string, string, string]> = [
    [bullets, 'B', 'Bullet Camera', '枪型网络摄像机'],
    [domes, 'D', 'Dome Camera', '半球网络摄像机'],
    [turrets, 'T', 'Turret Camera', '海螺网络摄像机'],
  ];
  const productIds: number[] = [];
  let oldB4: number | null = null;
  for (const [categoryId, letter, en, zh] of cams) {
    // 34 cameras and 6 recorders: about 40 products (issue 14 §12).
    const perCat = letter === 'B' ? 13 : letter === 'D' ? 11 : 10;
    for (let i = 1; i <= perCat; i++) {
      const r = res[i % 3]!;
      const model = `AV-IPC-${letter}${i}${r === '8mp' ? '-4K' : ''}`;
      const lens = [2.8, 4, 6][i % 3]!;
      const params = {
        resolution: r,
        frame_rate: r === '8mp' ? 20 : 30,
        night_color: i % 2 === 0,
        analytics: i % 3 === 0 ? ['human', 'vehicle', 'line'] : ['human'],
        lens_mm: lens,
        ir_range_m: letter === 'B' ? 50 : 30,
        poe: true,
        protection: letter === 'D' ? 'IP67, IK10' : 'IP67',
      };
      const slug = model.toLowerCase();
      const body = rich(
        para(
          text(`The `),
          text(model, true),
          text(
            ` is a ${resEn[r]} ${en.toLowerCase()} with a ${lens} mm lens, built for ${letter === 'B' ? 'perimeters and car parks' : 'shops, offices and corridors'}.`,
          ),
        ),
        bulletList([`${resEn[r]} at ${params.frame_rate} fps`, `IR up to ${params.ir_range_m} m`, 'PoE powered']),
      );
      const bodyZh = rich(
        para(text(model, true), text(`是一款${resZh[r]}像素${zh}，配备${lens}毫米镜头。`)),
        bulletList([`${resZh[r]}像素 ${params.frame_rate}帧`, `红外距离${params.ir_range_m}米`, 'PoE供电']),
      );
      // AV-IPC-B4 is discontinued; AV-IPC-B9 succeeds it. AV-IPC-D5-4K's zh-CN is still a draft.
      const shared: Record<string, unknown> = { model, categoryId, params, discontinued: false };
      const released: L[] = letter === 'D' && i === 5 ? ['en-US'] : ['en-US', 'zh-CN'];
      const id = await item(
        'product',
        shared,
        {
          'en-US': {
            title: `${resEn[r]} ${en} ${model}`,
            slug,
            summary: `${resEn[r]} ${en.toLowerCase()}, ${lens} mm lens, IR ${params.ir_range_m} m.`,
            body,
          },
          'zh-CN': {
            title: `${resZh[r]}像素${zh} ${model}`,
            slug,
            summary: `${resZh[r]}像素${zh}，${lens}毫米镜头，红外${params.ir_range_m}米。`,
            body: bodyZh,
          },
        },
        released,
      );
      if (model === 'AV-IPC-B4') oldB4 = id;
      productIds.push(id);
    }
  }
  for (const ch of ['8', '16', '32'] as const) {
    for (const bays of [1, 2]) {
      const model = `AV-NVR-${ch}${bays === 2 ? 'P' : ''}`;
      const params = { channels: ch, poe: bays === 2, protection: 'Indoor', analytics: ['human', 'vehicle'] };
      productIds.push(
        await item(
          'product',
          { model, categoryId: nvrs, params, discontinued: false },
          {
            'en-US': {
              title: `${ch}-channel NVR ${model}`,
              slug: model.toLowerCase(),
              summary: `${ch} channels, ${bays} drive bay${bays > 1 ? 's' : ''}${bays === 2 ? ', PoE ports' : ''}.`,
              body: plain(`A ${ch}-channel recorder for Acme Vision cameras.`),
            },
            'zh-CN': {
              title: `${ch}路网络硬盘录像机 ${model}`,
              slug: model.toLowerCase(),
              summary: `${ch}路，${bays}个硬盘位${bays === 2 ? '，带PoE口' : ''}。`,
              body: plain(`适配Acme Vision摄像机的${ch}路录像机。`),
            },
          },
        ),
      );
    }
  }
  // The discontinued model keeps its page and links its successor (written as a later released revision would).
  const successor = productIds[8]!;
  if (oldB4) {
    await db.execute(
      sql`update content_items set shared = shared || ${JSON.stringify({ discontinued: true, successorId: successor })}::jsonb where id = ${oldB4}`,
    );
    await db.execute(
      sql`update content_revisions set data = jsonb_set(jsonb_set(data, '{shared,discontinued}', 'true'), '{shared,successorId}', ${String(successor)}::jsonb) where item_id = ${oldB4}`,
    );
  }

  // ----- home page, news, manuals, FAQ, solutions, video, terms -----
  await item(
    'banner',
    {
      images: ['/site/acme-vision/en-US/products'],
      link: '/site/acme-vision/en-US/products?category=' + bullets,
      startAt: now - 86_400_000,
      endAt: now + 365 * 86_400_000,
    },
    {
      'en-US': { title: 'See more at night', summary: 'Full-colour night vision across the new bullet range.' },
      'zh-CN': { title: '夜间看得更清', summary: '全新枪机系列支持全彩夜视。' },
    },
  );
  for (const target of productIds.slice(0, 4))
    await item(
      'hot_product',
      { targetId: target, startAt: now - 86_400_000, endAt: null },
      { 'en-US': { title: 'Featured' }, 'zh-CN': { title: '推荐' } },
    );
  // The bullet list's facets, in this order (a product filter); other categories show every filterable one.
  await item(
    'product_filter',
    { categoryId: bullets, facets: ['resolution', 'night_color', 'analytics'], buckets: {} },
    { 'en-US': { title: 'Bullet camera filters' }, 'zh-CN': { title: '枪机筛选' } },
  );
  await item(
    'news',
    {},
    {
      'en-US': {
        title: 'Acme Vision launches the 4K bullet range',
        slug: 'launch-4k-bullets',
        summary: 'Three new 4K bullet cameras with colour night vision.',
        body: plain('Acme Vision today launched three 4K bullet cameras.'),
      },
      'zh-CN': {
        title: 'Acme Vision发布4K枪机系列',
        slug: 'launch-4k-bullets',
        summary: '三款支持全彩夜视的4K枪机。',
        body: plain('Acme Vision今日发布三款4K枪型摄像机。'),
      },
    },
  );
  await item(
    'news',
    {},
    {
      'en-US': {
        title: 'Firmware 2.4 brings line-crossing detection',
        slug: 'firmware-2-4',
        summary: 'An update for every camera of the current range.',
        body: plain('Update through the cloud firmware upgrade.'),
      },
      'zh-CN': {
        title: '固件2.4新增越界侦测',
        slug: 'firmware-2-4',
        summary: '适用于当前全部摄像机的更新。',
        body: plain('可通过固件云升级进行更新。'),
      },
    },
  );
  const scheduled = await item(
    'news',
    {},
    {
      'en-US': {
        title: 'Acme Vision at Security Expo 2027',
        slug: 'security-expo-2027',
        summary: 'Meet us at booth 4.210.',
        body: plain('We will show the new NVR range.'),
      },
      'zh-CN': {
        title: 'Acme Vision亮相2027安防展',
        slug: 'security-expo-2027',
        summary: '欢迎莅临4.210展位。',
        body: plain('我们将展出全新录像机系列。'),
      },
    },
    [],
  );
  for (const locale of ['en-US', 'zh-CN'] as const) {
    const rev = await one<{ id: number }>(db, sql`select id from content_revisions where item_id = ${scheduled} and locale = ${locale}`);
    await db.insert(contentSchedules).values({
      itemId: scheduled,
      siteId,
      companyPath,
      locale,
      action: 'release',
      runAt: new Date(now + 86_400_000),
      revisionId: rev!.id,
      createdByName: owner.nickname,
    });
  }
  const manual = async (en: string, zh: string, folder: string, fileUrl: string) =>
    item(
      'manual',
      { folder, fileUrl, publicAccess: true },
      { 'en-US': { title: en, summary: 'PDF' }, 'zh-CN': { title: zh, summary: 'PDF' } },
    );
  await manual('IPC quick start guide', 'IPC快速入门指南', 'User manuals', '/site/acme-vision/en-US/support');
  await manual('NVR user manual', 'NVR用户手册', 'User manuals', '/site/acme-vision/en-US/support');
  await manual('Bullet range datasheet', '枪机系列规格书', 'Datasheets', `/site/acme-vision/en-US/products?category=${bullets}`);
  const faqType = await item('faq_type', {}, { 'en-US': { title: 'Installation' }, 'zh-CN': { title: '安装' } });
  await item(
    'installer_faq',
    { faqTypeId: faqType, audience: 'both' },
    {
      'en-US': { title: 'How do I add a camera to an NVR', body: plain('Connect it to a PoE port; the NVR adds it by itself.') },
      'zh-CN': { title: '如何将摄像机添加到录像机', body: plain('将摄像机接入PoE口，录像机会自动添加。') },
    },
  );
  const solCat = await item(
    'solution_category',
    {},
    { 'en-US': { title: 'Retail', slug: 'retail' }, 'zh-CN': { title: '零售', slug: 'retail' } },
  );
  const solution = await item(
    'solution',
    { categoryId: solCat },
    {
      'en-US': { title: 'Loss prevention for shops', slug: 'shop-loss-prevention', summary: 'Domes at the tills, bullets at the doors.' },
      'zh-CN': { title: '门店防损方案', slug: 'shop-loss-prevention', summary: '收银台部署半球，出入口部署枪机。' },
    },
  );
  // The featured solution on the home page.
  await item(
    'hot_solution',
    { targetId: solution, startAt: now - 86_400_000, endAt: null },
    { 'en-US': { title: 'Featured solution' }, 'zh-CN': { title: '推荐方案' } },
  );
  await item(
    'tech_video',
    { videoUrl: 'https://www.example.com/acme-nvr-setup.mp4', relatedIds: productIds.slice(-6, -4) },
    {
      'en-US': { title: 'Setting up an NVR in five minutes', slug: 'nvr-setup', summary: 'From unboxing to the first recording.' },
      'zh-CN': { title: '五分钟完成录像机设置', slug: 'nvr-setup', summary: '从开箱到第一段录像。' },
    },
  );
  await item(
    'video',
    { videoUrl: 'https://www.example.com/acme-install.mp4' },
    {
      'en-US': { title: 'Installing a turret camera', slug: 'install-turret' },
      'zh-CN': { title: '海螺摄像机安装', slug: 'install-turret' },
    },
  );
  await item(
    'terms',
    { termType: 'service', effectiveDate: '2026-01-01' },
    {
      'en-US': {
        title: 'Acme Vision terms of service',
        body: plain('These terms govern the use of Acme Vision products and cloud services.'),
      },
      'zh-CN': { title: 'Acme Vision服务条款', body: plain('本条款适用于Acme Vision产品及云服务的使用。') },
    },
  );
  await item(
    'terms',
    { termType: 'privacy', effectiveDate: '2026-01-01' },
    {
      'en-US': { title: 'Acme Vision privacy policy', body: plain('Acme Vision processes personal data only to provide its services.') },
      'zh-CN': { title: 'Acme Vision隐私政策', body: plain('Acme Vision仅为提供服务处理个人数据。') },
    },
  );
  return { items: count };
}
