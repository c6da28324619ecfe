/**
 * Demo feedback chat (issue 13 §13): Acme Vision's support desk holds 12 conversations in every
 * state (open, waiting for the requester, resolved with and without a rating), from its
 * distributor, installer and customer users and from end users of its app, in en-US and zh-CN,
 * some with screenshots, some with internal notes; the owner and the admin are its members; canned
 * replies in both languages. Written the way the portal writes them (the module's repositories).
 */
import type { Database } from '@portal/server/db/client';
import type { FileStore } from '@portal/server/lib/files/store';
import { storeUpload } from '@portal/server/lib/files/store-upload';
import {
  afterMessage,
  insertConversation,
  insertMessage,
  nextSeq,
  setRating,
  setState,
} from '@portal/server/modules/feedback-chat/conversations.repository';
import { enrolMembers, insertCanned, setAssignee } from '@portal/server/modules/feedback-chat/desk.repository';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { one, rows } from './shared';

type Who = 'dealer' | 'installer' | 'customer' | 'endUser';
interface Line {
  from: 'r' | 'd' | 'note';
  text: string;
  image?: [number, number, number];
}
interface DemoConversation {
  who: Who;
  locale: 'en-US' | 'zh-CN';
  topic: string;
  state: 'open' | 'pending' | 'resolved';
  assignee: 'owner' | 'admin' | null;
  hoursAgo: number;
  lines: Line[];
  csat?: [number, string];
}

const CONVERSATIONS: DemoConversation[] = [
  {
    who: 'dealer',
    locale: 'en-US',
    topic: 'NVR shows "disk error" after update',
    state: 'open',
    assignee: 'owner',
    hoursAgo: 1,
    lines: [{ from: 'r', text: 'After V5.2 our NVR-8 shows "disk error" on channel 3. Screenshot attached.', image: [190, 40, 40] }],
  },
  {
    who: 'installer',
    locale: 'zh-CN',
    topic: '摄像头夜视画面偏暗',
    state: 'open',
    assignee: null,
    hoursAgo: 3,
    lines: [
      { from: 'r', text: '客户现场的IPC-200夜视画面偏暗，已确认红外灯正常。', image: [30, 30, 60] },
      { from: 'r', text: '补充：固件版本为V5.1。' },
    ],
  },
  {
    who: 'customer',
    locale: 'en-US',
    topic: 'Cannot add second site to the app',
    state: 'open',
    assignee: 'admin',
    hoursAgo: 20,
    lines: [
      { from: 'r', text: 'Adding our warehouse as a second site fails with "device already bound".' },
      { from: 'note', text: 'Device was bound by the previous tenant; check with Rhein Security.' },
    ],
  },
  {
    who: 'endUser',
    locale: 'en-US',
    topic: 'Motion alerts arrive late',
    state: 'pending',
    assignee: 'owner',
    hoursAgo: 26,
    lines: [
      { from: 'r', text: 'Motion alerts arrive about 2 minutes late on my phone.' },
      { from: 'd', text: 'Thanks! Could you tell us your app version and whether battery saving is on?' },
    ],
  },
  {
    who: 'dealer',
    locale: 'zh-CN',
    topic: '批量激活许可证失败',
    state: 'pending',
    assignee: 'admin',
    hoursAgo: 30,
    lines: [
      { from: 'r', text: '导入50个许可证时提示第12行格式错误。', image: [40, 120, 200] },
      { from: 'd', text: '第12行的序列号多了一个空格，请删除后重新导入。' },
    ],
  },
  {
    who: 'installer',
    locale: 'en-US',
    topic: 'Cloud storage plan for 16 cameras',
    state: 'pending',
    assignee: 'owner',
    hoursAgo: 50,
    lines: [
      { from: 'r', text: 'Which plan fits 16 cameras with 30 days of event recording?' },
      { from: 'note', text: 'Suggest the 30-day event plan, volume discount applies above 10.' },
      { from: 'd', text: 'The 30-day event plan fits; above 10 cameras a volume price applies. Shall we prepare an offer?' },
    ],
  },
  {
    who: 'endUser',
    locale: 'zh-CN',
    topic: '忘记设备密码',
    state: 'resolved',
    assignee: 'admin',
    hoursAgo: 72,
    lines: [
      { from: 'r', text: '我忘记了摄像头的管理密码。' },
      { from: 'd', text: '请在App中使用“设备密码重置”，按提示扫描设备二维码即可。' },
      { from: 'r', text: '已经重置成功，谢谢！' },
    ],
    csat: [5, '很快解决了问题'],
  },
  {
    who: 'customer',
    locale: 'zh-CN',
    topic: '录像回放卡顿',
    state: 'resolved',
    assignee: 'owner',
    hoursAgo: 96,
    lines: [
      { from: 'r', text: '回放昨天的录像时经常卡顿。', image: [90, 160, 90] },
      { from: 'd', text: '请将回放码流切换为子码流，我们也已优化了服务器。' },
    ],
    csat: [4, '好多了'],
  },
  {
    who: 'dealer',
    locale: 'en-US',
    topic: 'Invoice for October storage',
    state: 'resolved',
    assignee: 'admin',
    hoursAgo: 120,
    lines: [
      { from: 'r', text: 'We need the invoice for October cloud storage orders.' },
      { from: 'd', text: 'The invoice is on its way to your billing e-mail.' },
    ],
    csat: [3, 'Took a while'],
  },
  {
    who: 'installer',
    locale: 'en-US',
    topic: 'Points not credited',
    state: 'resolved',
    assignee: 'owner',
    hoursAgo: 150,
    lines: [
      { from: 'r', text: 'Points for last week’s NVR activations are missing.' },
      { from: 'd', text: 'They are credited now; the nightly job had been delayed.' },
    ],
  },
  {
    who: 'endUser',
    locale: 'en-US',
    topic: 'Two-factor login code not received',
    state: 'open',
    assignee: null,
    hoursAgo: 0.5,
    lines: [{ from: 'r', text: 'I do not receive the login code e-mail.' }],
  },
  {
    who: 'customer',
    locale: 'en-US',
    topic: 'Camera firmware rollback',
    state: 'resolved',
    assignee: 'admin',
    hoursAgo: 200,
    lines: [
      { from: 'r', text: 'Can we roll back camera 4 to V5.1?' },
      { from: 'd', text: 'Rolled back remotely. Please check the camera.' },
      { from: 'r', text: 'Works, thanks.' },
    ],
    csat: [5, 'Excellent support'],
  },
];

const CANNED = [
  { language: 'en-US', title: 'Restart the device', text: 'Please restart the device and tell us whether the problem remains.' },
  { language: 'en-US', title: 'Ask for firmware version', text: 'Could you tell us the model and firmware version of the device?' },
  { language: 'zh-CN', title: '重启设备', text: '请重启设备后告诉我们问题是否仍然存在。' },
  { language: 'zh-CN', title: '询问固件版本', text: '请告诉我们设备的型号和固件版本。' },
];

const image = (r: number, g: number, b: number) =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

export async function seedDemoFeedback(database: Database, opts: { fileStore: FileStore; now?: number }): Promise<number> {
  const db = database.db;
  const now = opts.now ?? Date.now();
  const desk = await one<{ id: number; path: string }>(db, sql`select id, path from companies where name = 'Acme Vision'`);
  if (!desk) return 0;
  type U = { id: number; nickname: string; email: string; company_id: number; company: string };
  const user = async (email: string) =>
    (await one<U>(
      db,
      sql`select u.id, u.nickname, u.email, u.company_id, c.name as company from users u join companies c on c.id = u.company_id where u.email = ${email}`,
    ))!;
  const people: Record<Exclude<Who, 'endUser'>, U> = {
    dealer: await user('dealer@acme.demo.local'),
    installer: await user('installer@acme.demo.local'),
    customer: await user('customer@acme.demo.local'),
  };
  const staff = { owner: await user('owner@acme.demo.local'), admin: await user('admin@acme.demo.local') };
  const endUsers = await rows<{ id: number; nickname: string; email: string; app: string }>(
    db,
    sql`select e.id, e.nickname, e.email, k.name as app from end_users e join app_keys k on k.id = e.app_key_id
         where e.company_id = ${desk.id} order by e.id limit 3`,
  );
  await enrolMembers(db, desk.id);

  let n = 0;
  for (const [i, c] of CONVERSATIONS.entries()) {
    const eu = c.who === 'endUser' ? endUsers[i % Math.max(1, endUsers.length)] : undefined;
    if (c.who === 'endUser' && !eu) continue;
    const portal = c.who === 'endUser' ? null : people[c.who];
    const requester = portal
      ? {
          kind: 'user' as const,
          id: portal.id,
          name: portal.nickname,
          email: portal.email,
          origin: portal.company,
          companyId: portal.company_id,
        }
      : { kind: 'end_user' as const, id: eu!.id, name: eu!.nickname, email: eu!.email, origin: eu!.app, companyId: null };
    let at = now - c.hoursAgo * 3_600_000;
    const id = await insertConversation(db, {
      deskCompanyId: desk.id,
      deskCompanyPath: desk.path,
      requesterKind: requester.kind,
      requesterId: requester.id,
      requesterCompanyId: requester.companyId,
      requesterOrigin: requester.origin,
      requesterName: requester.name,
      requesterEmail: requester.email,
      requesterLocale: c.locale,
      topic: c.topic,
      device: null,
      now: new Date(at),
    });
    const assignee = c.assignee ? staff[c.assignee] : null;
    if (assignee) await setAssignee(db, id, assignee.id, new Date(at));
    let state: string = 'open';
    for (const [j, line] of c.lines.entries()) {
      at += (j + 1) * 7 * 60_000;
      const fromDesk = line.from !== 'r';
      const sender = fromDesk ? (assignee ?? staff.owner) : null;
      const fileIds: number[] = [];
      if (line.image && portal) {
        const row = await storeUpload({
          db,
          store: opts.fileStore,
          companyId: portal.company_id,
          userId: portal.id,
          buffer: await image(...line.image),
          fileName: `screenshot-${id}-${j + 1}.png`,
          purpose: 'chatfile',
          isPublic: false,
          now: new Date(at),
        });
        fileIds.push(row.id);
      }
      const seq = await nextSeq(db, id);
      const side = fromDesk ? 'desk' : 'requester';
      const internal = line.from === 'note';
      await insertMessage(db, {
        conversationId: id,
        seq,
        side,
        internal,
        senderKind: fromDesk ? 'user' : requester.kind,
        senderId: fromDesk ? sender!.id : requester.id,
        senderName: fromDesk ? sender!.nickname : requester.name,
        text: line.text,
        fileIds,
        clientId: `seed-${id}-${seq}`,
        now: new Date(at),
      });
      if (!internal) state = fromDesk ? 'pending' : 'open';
      await afterMessage(db, {
        conversationId: id,
        seq,
        side,
        internal,
        text: line.text,
        state,
        senderId: fromDesk ? sender!.id : requester.id,
        now: new Date(at),
      });
    }
    if (c.state === 'resolved') {
      at += 30 * 60_000;
      await setState(db, id, 'resolved', { resolvedBy: (assignee ?? staff.owner).id, now: new Date(at) });
      if (c.csat) await setRating(db, id, c.csat[0], c.csat[1], new Date(at + 3_600_000));
    } else if (state !== c.state) {
      await setState(db, id, c.state, { now: new Date(at) });
    }
    // Resolved conversations were read by their requester; open ones leave the desk's last reply unread at times.
    if (c.state === 'resolved') await db.execute(sql`update feedback_conversations set requester_read_seq = last_seq where id = ${id}`);
    n++;
  }
  // Each member's active count: their open and pending conversations.
  await db.execute(sql`update feedback_desk_staff s set active = (select count(*)::int from feedback_conversations c
    where c.assignee_id = s.user_id and c.state <> 'resolved') where s.company_id = ${desk.id}`);
  for (const r of CANNED) await insertCanned(db, desk.id, { ...r, createdBy: staff.owner.id, now: new Date(now) });
  return n;
}
