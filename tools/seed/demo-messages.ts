/**
 * Demo messages (issue 13): 10 messages in every state, written the way the portal writes them
 * (the message-center module's repository and fan-out), in en-US and zh-CN, with read and unread
 * inboxes: the installer has read some and not others. Two released ones go to Acme's app end users
 * in more languages (six; and en-US and de-DE by country), each end user receiving their own
 * language: their pushes are sent and about half of them opened (set-based updates, no loop).
 */
import type { MessageAudience, MessageLanguage, MessageType } from '@portal/contract';
import type { Database } from '@portal/server/db/client';
import { runFanoutPage } from '@portal/server/modules/message-center/fanout';
import { insertMessage, markReleased, markWithdrawn } from '@portal/server/modules/message-center/messages.repository';
import { sql } from 'drizzle-orm';
import { one } from './shared';

interface DemoMessage {
  from: 'acme' | 'supplier';
  type: MessageType;
  en: [string, string];
  zh?: [string, string];
  /** Title and body in further languages. */
  more?: Partial<Record<MessageLanguage, [string, string]>>;
  audience: (ids: { acme: number }) => MessageAudience;
  state: 'draft' | 'scheduled' | 'released' | 'withdrawn';
  daysAgo: number;
  /** The demo installer has read it. */
  readByInstaller?: boolean;
}

const MESSAGES: DemoMessage[] = [
  {
    from: 'acme',
    type: 'notice',
    en: [
      'Cloud maintenance on Saturday',
      '<p>The Acme cloud is under maintenance on <b>Saturday 02:00-04:00 CET</b>. Recordings continue.</p>',
    ],
    zh: ['周六云服务维护', '<p>Acme云服务将于<b>周六02:00-04:00（中欧时间）</b>维护，录像不受影响。</p>'],
    audience: () => ({ kind: 'companyType', companyTypes: ['distributor', 'installer'] }),
    state: 'released',
    daysAgo: 6,
    readByInstaller: true,
  },
  {
    from: 'supplier',
    type: 'service',
    en: ['New cloud storage plans', '<p>30-day and 90-day event recording plans are available in every area.</p>'],
    zh: ['新的云存储套餐', '<p>所有区域均已上线30天和90天事件录像套餐。</p>'],
    audience: () => ({ kind: 'companyType', companyTypes: ['partner', 'distributor', 'installer'] }),
    state: 'released',
    daysAgo: 4,
  },
  {
    from: 'acme',
    type: 'promotion',
    en: ['Spring promotion for installers', '<p>Earn <b>double points</b> on every NVR activated until the end of May.</p>'],
    zh: ['安装商春季促销', '<p>五月底前每激活一台NVR可获得<b>双倍积分</b>。</p>'],
    audience: () => ({ kind: 'companyType', companyTypes: ['installer'] }),
    state: 'released',
    daysAgo: 2,
  },
  {
    from: 'acme',
    type: 'update',
    en: ['Firmware V5.2 available', '<p>IPC firmware V5.2 improves night vision. Release it from Cloud Upgrade.</p>'],
    zh: ['固件V5.2已发布', '<p>IPC固件V5.2改进了夜视效果，可在云升级中发布。</p>'],
    audience: () => ({ kind: 'companyType', companyTypes: ['distributor', 'installer'] }),
    state: 'released',
    daysAgo: 1,
    readByInstaller: true,
  },
  {
    from: 'acme',
    type: 'service',
    en: ['The app speaks your language', '<p>The Acme app is now available in six languages. Choose yours under Settings.</p>'],
    zh: ['应用支持您的语言', '<p>Acme应用现已支持六种语言，可在“设置”中选择。</p>'],
    more: {
      'de-DE': [
        'Die App spricht Ihre Sprache',
        '<p>Die Acme-App gibt es jetzt in sechs Sprachen. Wählen Sie Ihre unter Einstellungen.</p>',
      ],
      'fr-FR': [
        'L’application parle votre langue',
        '<p>L’application Acme est disponible en six langues. Choisissez la vôtre dans Réglages.</p>',
      ],
      'es-ES': ['La app habla tu idioma', '<p>La app de Acme ya está disponible en seis idiomas. Elige el tuyo en Ajustes.</p>'],
      'ja-JP': ['アプリがあなたの言語に対応', '<p>Acmeアプリは6つの言語に対応しました。設定から選択できます。</p>'],
    },
    audience: () => ({ kind: 'endUsers', filter: { by: 'all' } }),
    state: 'released',
    daysAgo: 3,
  },
  {
    from: 'acme',
    type: 'update',
    en: ['Night mode for your cameras', '<p>Cameras in Germany get the new night mode this week.</p>'],
    more: {
      'de-DE': ['Nachtmodus für Ihre Kameras', '<p>Kameras in Deutschland erhalten diese Woche den neuen Nachtmodus.</p>'],
    },
    audience: () => ({ kind: 'endUsers', filter: { by: 'country', countries: ['DE'] } }),
    state: 'released',
    daysAgo: 1,
  },
  {
    from: 'acme',
    type: 'notice',
    en: ['Price list (corrected below)', '<p>This price list had an error and was withdrawn.</p>'],
    zh: ['价格表（已更正）', '<p>此价格表有误，已撤回。</p>'],
    audience: () => ({ kind: 'companyType', companyTypes: ['distributor'] }),
    state: 'withdrawn',
    daysAgo: 9,
  },
  {
    from: 'acme',
    type: 'promotion',
    en: ['Winter bundle', '<p>The winter bundle has ended.</p>'],
    zh: ['冬季套装', '<p>冬季套装活动已结束。</p>'],
    audience: () => ({ kind: 'companyType', companyTypes: ['installer', 'customer'] }),
    state: 'withdrawn',
    daysAgo: 20,
  },
  {
    from: 'acme',
    type: 'notice',
    en: ['Holiday opening hours', '<p>Our support desk hours over the holidays.</p>'],
    zh: ['假期服务时间', '<p>假期期间技术支持的服务时间。</p>'],
    audience: () => ({ kind: 'companyType', companyTypes: ['distributor', 'installer', 'customer'] }),
    state: 'draft',
    daysAgo: 0,
  },
  {
    from: 'acme',
    type: 'update',
    en: ['Year-end review', '<p>Join our year-end review webinar.</p>'],
    zh: ['年终回顾', '<p>欢迎参加我们的年终回顾网络研讨会。</p>'],
    audience: () => ({ kind: 'companyType', companyTypes: ['distributor', 'installer'] }),
    state: 'scheduled',
    daysAgo: 0,
  },
];

function contentsOf(m: DemoMessage): Record<string, { title: string; body: string }> {
  const out: Record<string, { title: string; body: string }> = { 'en-US': { title: m.en[0], body: m.en[1] } };
  if (m.zh) out['zh-CN'] = { title: m.zh[0], body: m.zh[1] };
  for (const [l, c] of Object.entries(m.more ?? {})) if (c) out[l] = { title: c[0], body: c[1] };
  return out;
}

export async function seedDemoMessages(database: Database): Promise<number> {
  const db = database.db;
  const sender = async (email: string) =>
    (await one<{ id: number; nickname: string; company_id: number; path: string; area_ids: number[] }>(
      db,
      sql`select u.id, u.nickname, u.company_id, c.path, u.area_ids from users u join companies c on c.id = u.company_id where u.email = ${email}`,
    ))!;
  const acme = await sender('owner@acme.demo.local');
  const supplier = await sender('supplier@demo.local');
  const installer = await one<{ id: number }>(db, sql`select id from users where email = 'installer@acme.demo.local'`);
  for (const m of MESSAGES) {
    const s = m.from === 'acme' ? acme : supplier;
    const at = new Date(Date.now() - m.daysAgo * 86_400_000);
    const id = await insertMessage(db, {
      companyId: s.company_id,
      companyPath: s.path,
      createdBy: s.id,
      createdByName: s.nickname,
      system: false,
      type: m.type,
      contents: contentsOf(m),
      preferredLanguage: 'en-US',
      link: '',
      imageFileIds: [],
      audience: m.audience({ acme: acme.company_id }),
      senderAreaIds: s.area_ids,
      now: at,
    });
    if (m.state === 'scheduled') {
      await db.execute(
        sql`update messages set release_at = ${new Date(Date.now() + 7 * 86_400_000).toISOString()}::timestamptz where id = ${id}`,
      );
    }
    if (m.state === 'released' || m.state === 'withdrawn') {
      const generation = (await markReleased(db, id, at))!;
      while ((await runFanoutPage(database, { messageId: id, generation }, at)) === 'more');
      if (m.audience({ acme: acme.company_id }).kind === 'endUsers') {
        // The app's pushes went out when it was released; half of the end users opened it since.
        await db.execute(sql`delete from push_queue where message_id = ${id}`);
        await db.execute(
          sql`update message_receipts r set pushed_at = r.created_at + interval '5 seconds', delivered_at = r.created_at + interval '1 minute',
                     read_at = case when (r.recipient_id + r.recipient_id / 6) % 2 = 0 then r.created_at + (r.recipient_id % 600) * interval '1 minute' end
               where r.message_id = ${id} and exists (select 1 from push_tokens t where t.end_user_id = r.recipient_id)`,
        );
        await db.execute(
          sql`update message_receipts r set delivered_at = r.created_at + (r.recipient_id % 900) * interval '1 minute'
               where r.message_id = ${id} and r.pushed_at is null and (r.recipient_id + r.recipient_id / 6) % 3 = 1`,
        );
      }
      if (m.state === 'withdrawn') await markWithdrawn(db, id, new Date(at.getTime() + 3_600_000));
    }
    if (m.readByInstaller && installer) {
      await db.execute(
        sql`update message_receipts set read_at = ${at.toISOString()}::timestamptz, delivered_at = ${at.toISOString()}::timestamptz
             where message_id = ${id} and recipient_kind = 'user' and recipient_id = ${installer.id}`,
      );
    }
  }
  return MESSAGES.length;
}
