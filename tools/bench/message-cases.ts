/**
 * Message centre benchmark cases (issue 13, Figures), over the large seed's Bench Partner (its app's
 * 1,000,000 end users, a third with a push token, and released messages with >= 2,000,000 receipts;
 * tools/seed/large-messages.ts):
 * - inbox-list: app-api/message/inbox/list as another end user each request (the seeded sessions of
 *   large-orders and large-messages), on another page, page size or filter (type, read state, a
 *   release window). A ratio case: against a baseline measured right after it.
 * - message-release: as the partner's owner, a two-language message to all the partner's end users
 *   through the portal's own calls (save, preview, release), timed from the release call until the
 *   message reports its fan-out done; prints `bench message-release seconds=<n> receipts=<n>` with
 *   the receipts the stats call counts, which must equal the preview's total. The message is then
 *   withdrawn (its pending pushes go), and the next run deletes it before the server starts.
 */
import {
  appMessageCalls,
  callUrlPath,
  MESSAGE_TYPES,
  type AudiencePreview,
  type CallData,
  type Message,
  type MessageStats,
} from '@portal/contract';
import type { Database } from '@portal/server/db/client';
import { sql } from 'drizzle-orm';
import { benchPartner } from '../seed/large-devices';
import { BENCH_APP_KEY, benchEndUserSession, renewBenchSessions } from '../seed/large-orders';
import { rows } from '../seed/shared';
import { call, envelope, isApiSuccess } from './api';
import type { LoadTarget } from './load';
import { seededRandom } from './random';
import type { BenchCase, BenchDatabase } from './types';

type InboxListData = CallData<typeof appMessageCalls.inboxList>;
const DAY_MS = 86_400_000;

/**
 * inbox-list requests over `readers` (bench end user numbers): another reader every request (a
 * stride through the list, so consecutive requests never share one), one of the first pages of 5,
 * 10 or 20, mostly with a filter: a type, unread or read, or a release window of 7-90 days.
 */
export function inboxListRequests(readers: readonly number[], seed = 13, now = Date.now()): () => { n: number; data: InboxListData } {
  if (readers.length === 0) throw new Error('inbox-list: no readers');
  const rnd = seededRandom(seed);
  let i = 0;
  return () => {
    const n = readers[(i++ * 7919) % readers.length]!;
    const data: InboxListData = {
      pageNum: rnd() < 0.7 ? 1 : 2 + Math.floor(rnd() * 2),
      pageSize: [5, 10, 20][Math.floor(rnd() * 3)]!,
      read: 'all',
    };
    const f = rnd();
    if (f < 0.25) data.type = MESSAGE_TYPES[Math.floor(rnd() * MESSAGE_TYPES.length)];
    else if (f < 0.45) data.read = 'unread';
    else if (f < 0.55) data.read = 'read';
    else if (f < 0.75) {
      data.to = now - Math.floor(rnd() * 30) * DAY_MS;
      data.from = data.to - (7 + Math.floor(rnd() * 84)) * DAY_MS;
    }
    return { n, data };
  };
}

/** Bench end users with a ready session (renewed here) and at least one receipt: their numbers n. */
async function inboxReaders(database: Database): Promise<number[]> {
  await renewBenchSessions(database);
  const found = await rows<{ n: number }>(
    database.db,
    sql`select substr(split_part(e.email, '@', 1), 10)::int as n
          from end_user_sessions s
          join app_keys k on k.id = s.app_key_id and k.app_id = ${BENCH_APP_KEY.appId}
          join end_users e on e.id = s.end_user_id
         where s.ended_at is null and e.status = 'normal'
           and exists (select 1 from message_receipts r where r.recipient_kind = 'end_user' and r.recipient_id = e.id and r.hidden_at is null)
         order by 1`,
  );
  if (!found.length) throw new Error('inbox-list: no end user with a session and a receipt (large seed messages)');
  return found.map((r) => Number(r.n));
}

export function inboxListCase(): BenchCase {
  let readers: number[] = [];
  return {
    kind: 'load',
    ratio: true,
    summary:
      'app-api/message/inbox/list: another end user (ready sessions), page (1-3 of 5, 10 or 20) and filter (type, read state, release window) each request',
    async prepareDatabase(db: BenchDatabase, log) {
      readers = await inboxReaders(db.database);
      log(`inbox-list: ${readers.length} end users with a session and an inbox`);
    },
    async prepare(): Promise<LoadTarget> {
      const next = inboxListRequests(readers);
      const p = appMessageCalls.inboxList.path;
      return {
        method: 'POST',
        path: callUrlPath(appMessageCalls.inboxList),
        next: () => {
          const r = next();
          return { body: envelope(benchEndUserSession(r.n), p, r.data) };
        },
        isSuccess: isApiSuccess,
      };
    },
  };
}

/** The en-US title of the release bench's messages (the next run deletes the earlier ones by it). */
export const RELEASE_TITLE = 'Bench release: service notice';
/** How long the fan-out may take before the case gives up. */
const RELEASE_TIMEOUT_MS = 15 * 60_000;
const POLL_MS = 100;

/**
 * Earlier runs' messages (withdrawn, or left released by a run that died) go, with their receipts and
 * pushes; the tables they leave are vacuumed, so each run writes into the same tables whether or not
 * the machine's autovacuum runs (without it, every run's million dead receipts slowed the next: 10.6,
 * 11.1, 11.2 ... 13.1 s over nine runs of the same code).
 */
async function deleteEarlierReleases(database: Database): Promise<number> {
  const partner = await benchPartner(database);
  if (!partner) throw new Error('message-release: no Bench Partner (large seed)');
  const earlier = sql`select id from messages where company_id = ${partner.id}::int and contents->'en-US'->>'title' = ${RELEASE_TITLE}`;
  await database.db.execute(sql`delete from push_outbox where message_id in (${earlier})`);
  // message_receipts and push_queue follow (a trigger on messages, migration 0047).
  const gone = await rows<{ id: number }>(database.db, sql`delete from messages where id in (${earlier}) returning id`);
  if (gone.length)
    for (const table of ['message_receipts', 'push_queue', 'push_outbox', 'messages'])
      await database.db.execute(sql.raw(`vacuum analyze ${table}`));
  return gone.length;
}

export function messageReleaseCase(): BenchCase {
  return {
    kind: 'report',
    summary:
      "a two-language message (en-US, zh-CN) to all the Bench Partner's end users, as its owner: message/release, then message/get polled until the fan-out is done; receipts counted by message/stats",
    async prepareDatabase(db: BenchDatabase, log) {
      const n = await deleteEarlierReleases(db.database);
      if (n) log(`message-release: deleted ${n} message(s) of earlier runs`);
    },
    async run(ctx) {
      const owner = await ctx.login();
      const audience = { kind: 'endUsers', filter: { by: 'all' } } as const;
      const preview = await call<AudiencePreview>(ctx.origin, 'message/preview', owner, {
        audience,
        languages: ['en-US', 'zh-CN'],
        preferredLanguage: 'en-US',
      });
      const saved = await call<{ id: number }>(ctx.origin, 'message/save', owner, {
        type: 'service',
        contents: {
          'en-US': { title: RELEASE_TITLE, body: '<p>Your cloud recordings are now kept for <b>seven days</b> at no extra cost.</p>' },
          'zh-CN': { title: '基准发布：服务通知', body: '<p>您的云录像现在可免费保存<b>七天</b>。</p>' },
        },
        preferredLanguage: 'en-US',
        audience,
      });
      const started = performance.now();
      await call<Message>(ctx.origin, 'message/release', owner, { messageId: saved.id });
      let m: Message;
      for (;;) {
        m = await call<Message>(ctx.origin, 'message/get', owner, { messageId: saved.id });
        if (m.fanoutDone) break;
        if (performance.now() - started > RELEASE_TIMEOUT_MS)
          throw new Error(`message-release: fan-out not done after ${RELEASE_TIMEOUT_MS / 1000} s (${m.recipients} receipts)`);
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      const seconds = (performance.now() - started) / 1000;
      const stats = await call<MessageStats>(ctx.origin, 'message/stats', owner, { messageId: saved.id });
      const receipts = stats.total.recipients;
      const lines = [`bench message-release seconds=${seconds.toFixed(2)} receipts=${receipts}`];
      for (const l of lines) console.log(l); // a report case prints its own lines
      ctx.log(
        `message-release: ${stats.byLanguage.map((s) => `${s.language} ${s.recipients}`).join(', ')}; preview ${preview.total}; message ${m.recipients}`,
      );
      // Withdrawn: its pending pushes go and it leaves the inboxes the next cases read.
      await call<Message>(ctx.origin, 'message/withdraw', owner, { messageId: saved.id });
      if (receipts !== preview.total || m.recipients !== receipts)
        throw new Error(`message-release: ${receipts} receipts counted, ${m.recipients} on the message, ${preview.total} previewed`);
      return lines;
    },
  };
}
