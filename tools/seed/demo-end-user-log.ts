/**
 * The end-user log's demo (issue 15 §5, §8 "end-user activity"): a month of app use by some of Acme's
 * and Northwind's end users, made through the real path: the server app is built in-process on a
 * stepped clock and the brand apps' signed calls go through its call router (app.inject), so every row
 * is written by the router's recorder as in production. Sign-ins (a few with a wrong password first),
 * session renewals, device lists, profiles and playback failures, from Android and iOS apps of two
 * versions.
 */
import {
  APP_PLATFORM_HEADER,
  APP_VERSION_HEADER,
  appApiCalls,
  buildBasic,
  callUrlPath,
  endUserLogAppCalls,
  type CallDef,
  type EndUserSession,
} from '@portal/contract';
import { buildApp } from '@portal/server/app';
import { loadConfig } from '@portal/server/config';
import type { Database } from '@portal/server/db/client';
import { ManualClock } from '@portal/server/lib/clock';
import type { FileStore } from '@portal/server/lib/files';
import { createServices } from '@portal/server/services';
import { sql } from 'drizzle-orm';
import type { DemoAppKey } from './demo-keys';
import { DEMO_PASSWORD, dataDir, rows } from './shared';

const DAYS = 30;
const USERS_PER_BRAND = 6;

export async function seedDemoEndUserLog(
  database: Database,
  opts: { fileStore: FileStore; appKeys: readonly DemoAppKey[]; now?: number },
): Promise<number> {
  const now = opts.now ?? Date.now();
  const clock = new ManualClock(now - DAYS * 86_400_000);
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir(), LOG_LEVEL: 'silent', RATE_LIMITS: 'off' }) };
  const services = await createServices(config, database, { jobs: false, clock });
  const app = await buildApp({ config, database, services: { ...services.app, fileStore: opts.fileStore }, clock, logger: false });
  await app.ready();
  let calls = 0;
  try {
    const send = async <C extends CallDef>(
      call: C,
      data: unknown,
      creds: { token: string; signKey: string },
      who: { platform: string; version: string; ip: string },
    ) => {
      calls++;
      const basic = buildBasic({ token: creds.token, signKey: creds.signKey, path: call.path, data, now: clock.now() });
      const res = await app.inject({
        method: 'POST',
        url: callUrlPath(call),
        payload: { basic, data },
        remoteAddress: who.ip,
        headers: { [APP_PLATFORM_HEADER]: who.platform, [APP_VERSION_HEADER]: who.version },
      });
      return res.json() as { basic: { code: number }; data: unknown };
    };
    // Some end users of each brand with a bound device (the demo's bindings), and their app's key.
    const people: Array<{ email: string; sn: string; appId: string; secret: string; i: number }> = [];
    for (const k of opts.appKeys) {
      const found = await rows<{ email: string; sn: string }>(
        database.db,
        sql`select e.email, min(d.sn) as sn from end_users e join app_keys a on a.id = e.app_key_id
              join devices d on d.end_user_id = e.id
             where a.app_id = ${k.appId} and e.status = 'normal'
             group by e.id, e.email order by e.id limit ${USERS_PER_BRAND}`,
      );
      found.forEach((f) => people.push({ ...f, appId: k.appId, secret: k.secret, i: people.length }));
    }
    // Sign-ins cost a password check each: a user signs in on its first day and again after two
    // weeks; on the days between, the app renews its session when the token has expired (7004).
    const sessions = new Map<number, EndUserSession>();
    for (let day = 0; day < DAYS; day++) {
      for (const p of people) {
        // Each user opens the app on about half the days, at its own hour.
        if (day > 0 && (p.i * 7 + day * 3) % 5 >= 3) continue;
        clock.set(now - (DAYS - day) * 86_400_000 + ((p.i * 5 + day) % 14) * 3_600_000 + 8 * 3_600_000);
        const who = {
          platform: p.i % 2 === 0 ? 'android' : 'ios',
          version: day > 20 && p.i % 3 !== 0 ? '4.2.0' : '4.1.3',
          ip: `198.51.100.${10 + p.i}`,
        };
        const appCreds = { token: p.appId, signKey: p.secret };
        let session = sessions.get(p.i);
        if (!session || day === 15) {
          if (p.i % 4 === 1) await send(appApiCalls.login, { account: p.email, password: 'Wrong@12345' }, appCreds, who);
          const login = await send(appApiCalls.login, { account: p.email, password: DEMO_PASSWORD }, appCreds, who);
          if (login.basic.code !== 200) continue;
          session = login.data as EndUserSession;
        } else if (session.tokenExpiresAt <= clock.now()) {
          const renewed = await send(appApiCalls.renew, { renewToken: session.renewToken }, appCreds, who);
          if (renewed.basic.code !== 200) continue;
          session = renewed.data as EndUserSession;
        }
        sessions.set(p.i, session);
        clock.advance(20_000);
        await send(appApiCalls.deviceList, { pageNum: 1, pageSize: 20 }, session, who);
        if (day % 4 === 0) await send(appApiCalls.profile, {}, session, who);
        if ((p.i + day) % 6 === 0) {
          clock.advance(60_000);
          const errorCode = ['P2P_TIMEOUT', 'STREAM_NOT_FOUND', 'DECODER_ERROR'][(p.i + day) % 3]!;
          await send(
            endUserLogAppCalls.playbackFailure,
            { sn: p.sn, errorCode, platform: who.platform, appVersion: who.version },
            session,
            who,
          );
        }
      }
    }
  } finally {
    // Closing the app writes what its recorder still holds.
    await app.close();
    await services.stop();
  }
  return calls;
}
