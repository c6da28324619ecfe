/**
 * Push providers (issue 13 §5): one `PushProvider` interface, three implementations.
 * - `outbox` (the default, no network): the pushes are written to the push_outbox table, which
 *   `npm run app-sim` reads through the app API (app-api/message/push-outbox) and shows;
 * - `fcm`: Firebase Cloud Messaging with firebase-admin@13 (`sendEach`, batches of PUSH_BATCH_MAX,
 *   HTTP/1.1 transport), the brand app's service account;
 * - `apns`: Apple's HTTP/2 API with Node's `http2`, an ES256 provider token (JWT) signed with the
 *   brand app's .p8 key, renewed every 50 minutes.
 * A provider answers one outcome per push: sent, deadToken (the token is gone: pruned) or retry
 * (a transient refusal); a provider that cannot be reached throws, and every push of the batch
 * waits and is tried again (push.service.ts): an outage delays pushes, nothing else.
 */
import { PUSH_BATCH_MAX, type PushPlatform, type PushProviderName } from '@portal/contract';
import { createHash, createPrivateKey, sign as cryptoSign, type KeyObject } from 'node:crypto';
import http2 from 'node:http2';
import type { Executor } from './messages.repository';
import { insertOutboxPushes } from './push.repository';

export interface PushItem {
  token: string;
  platform: PushPlatform;
  /** 'notify': a shown notification; 'remove': a silent push taking the message's notification away. */
  kind: 'notify' | 'remove';
  /** The message pushed (0 for a test push); null for a conversation's push. */
  messageId: number | null;
  /** A conversation's push (feedback chat: an unread desk reply): its id; null for a message's. */
  conversationId: number | null;
  type: string;
  title: string;
  /** Plain text (the message body without markup, shortened). */
  body: string;
  link: string;
}

export type PushOutcome = { status: 'sent' } | { status: 'deadToken'; detail: string } | { status: 'retry'; detail: string };

export interface PushProvider {
  readonly name: PushProviderName;
  /** One outcome per item, in order; throws when the service cannot be reached at all. */
  send(items: readonly PushItem[]): Promise<PushOutcome[]>;
}

/** Settings tests change: the APNs origin (a local http2 stand-in) and the request timeout. */
export const pushSettings = {
  apnsOrigin: null as string | null,
  timeoutMs: 10_000,
};

/**
 * The data every push carries, for the app to act on (open the message or the conversation, or take
 * the message's notification away).
 */
const dataOf = (i: PushItem): Record<string, string> =>
  i.conversationId !== null
    ? { kind: 'chat', conversationId: String(i.conversationId) }
    : { kind: i.kind, messageId: String(i.messageId ?? 0), type: i.type, link: i.link };
/** One shown notification per message or conversation: a later one replaces it. */
const collapseKey = (i: PushItem) => (i.conversationId !== null ? `c${i.conversationId}` : `m${i.messageId ?? 0}`);

// ---------------------------------------------------------------------------------------------
// outbox
// ---------------------------------------------------------------------------------------------

export class OutboxPushProvider implements PushProvider {
  readonly name = 'outbox' as const;
  constructor(
    private readonly db: Executor,
    private readonly appKeyId: number,
    private readonly now: () => Date,
  ) {}
  async send(items: readonly PushItem[]): Promise<PushOutcome[]> {
    await insertOutboxPushes(
      this.db,
      items.map((i) => ({
        appKeyId: this.appKeyId,
        platform: i.platform,
        token: i.token,
        kind: i.kind,
        messageId: i.messageId,
        title: i.kind === 'notify' ? i.title : '',
        body: i.kind === 'notify' ? i.body : '',
        data: dataOf(i),
      })),
      this.now(),
    );
    return items.map(() => ({ status: 'sent' }));
  }
}

// ---------------------------------------------------------------------------------------------
// fcm
// ---------------------------------------------------------------------------------------------

export interface FcmCredentials {
  serviceAccountJson: string;
}

interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  private_key_id?: string;
}

/** The service account of FCM credentials; throws a readable reason when it cannot be used. */
export function parseServiceAccount(json: string): ServiceAccount {
  let sa: Partial<ServiceAccount>;
  try {
    sa = JSON.parse(json) as Partial<ServiceAccount>;
  } catch {
    throw new Error('the service account is not JSON');
  }
  if (!sa || typeof sa !== 'object') throw new Error('the service account is not a JSON object');
  for (const k of ['project_id', 'client_email', 'private_key'] as const)
    if (typeof sa[k] !== 'string' || !sa[k]) throw new Error(`the service account has no ${k}`);
  try {
    createPrivateKey(sa.private_key!);
  } catch {
    throw new Error('the private_key is not a PEM private key');
  }
  return sa as ServiceAccount;
}

/** FCM's answers that mean the token will never work again. */
const FCM_DEAD = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
  'messaging/mismatched-credential',
]);

type FirebaseApp = import('firebase-admin/app').App;
const fcmApps = new Map<string, Promise<FirebaseApp>>();

async function fcmApp(sa: ServiceAccount, json: string): Promise<FirebaseApp> {
  const name = `push-${createHash('sha256').update(json).digest('hex').slice(0, 16)}`;
  let app = fcmApps.get(name);
  if (!app) {
    app = (async () => {
      const { cert, getApps, initializeApp } = await import('firebase-admin/app');
      const existing = getApps().find((a) => a.name === name);
      return (
        existing ??
        initializeApp(
          {
            credential: cert({ projectId: sa.project_id, clientEmail: sa.client_email, privateKey: sa.private_key }),
            projectId: sa.project_id,
          },
          name,
        )
      );
    })();
    fcmApps.set(name, app);
  }
  return app;
}

export class FcmPushProvider implements PushProvider {
  readonly name = 'fcm' as const;
  private readonly sa: ServiceAccount;
  constructor(private readonly creds: FcmCredentials) {
    this.sa = parseServiceAccount(creds.serviceAccountJson);
  }

  private message(i: PushItem) {
    const data = dataOf(i);
    if (i.kind === 'remove') return { token: i.token, data, android: { priority: 'high' as const } };
    return {
      token: i.token,
      notification: { title: i.title, body: i.body },
      data,
      android: { collapseKey: collapseKey(i), notification: { tag: collapseKey(i) } },
    };
  }

  async send(items: readonly PushItem[]): Promise<PushOutcome[]> {
    const { getMessaging } = await import('firebase-admin/messaging');
    const messaging = getMessaging(await fcmApp(this.sa, this.creds.serviceAccountJson));
    // HTTP/1.1 (one request per message, keep-alive): the transport every proxy and stand-in speaks.
    messaging.enableLegacyHttpTransport();
    const out: PushOutcome[] = [];
    for (let i = 0; i < items.length; i += PUSH_BATCH_MAX) {
      const batch = items.slice(i, i + PUSH_BATCH_MAX);
      const res = await messaging.sendEach(batch.map((x) => this.message(x)));
      // Every message of the batch failed the same way without an answer of FCM: it was not reached.
      if (
        res.successCount === 0 &&
        res.responses.every((r) => r.error?.code === 'messaging/app-error' || r.error?.code === 'app/network-error')
      )
        throw new Error(`fcm unreachable: ${res.responses[0]?.error?.message ?? 'no answer'}`);
      for (const r of res.responses) {
        if (r.success) out.push({ status: 'sent' });
        else if (r.error && FCM_DEAD.has(r.error.code)) out.push({ status: 'deadToken', detail: r.error.code });
        else out.push({ status: 'retry', detail: r.error ? `${r.error.code}: ${r.error.message}` : 'unknown' });
      }
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// apns
// ---------------------------------------------------------------------------------------------

export interface ApnsCredentials {
  keyId: string;
  teamId: string;
  bundleId: string;
  privateKeyP8: string;
  production: boolean;
}

/** The .p8 key as an EC P-256 private key; throws a readable reason when it is not one. */
export function apnsKey(p8: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(p8);
  } catch {
    throw new Error('the .p8 key is not a PEM private key');
  }
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new Error('the .p8 key is not an ES256 (P-256) key');
  return key;
}

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/** An APNs provider token: a JWT (ES256) naming the key and the team, valid an hour. */
export function apnsProviderToken(creds: Pick<ApnsCredentials, 'keyId' | 'teamId'>, key: KeyObject, nowMs: number): string {
  const head = b64url(JSON.stringify({ alg: 'ES256', kid: creds.keyId }));
  const claims = b64url(JSON.stringify({ iss: creds.teamId, iat: Math.floor(nowMs / 1000) }));
  const sig = cryptoSign('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' });
  return `${head}.${claims}.${b64url(sig)}`;
}

/** APNs reasons that mean the token will never work again (410 is always one). */
const APNS_DEAD = new Set(['BadDeviceToken', 'Unregistered', 'DeviceTokenNotForTopic', 'ExpiredToken']);

const providerTokens = new Map<string, { token: string; at: number }>();

export class ApnsPushProvider implements PushProvider {
  readonly name = 'apns' as const;
  private readonly key: KeyObject;
  constructor(
    private readonly creds: ApnsCredentials,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.key = apnsKey(creds.privateKeyP8);
  }

  private origin(): string {
    return pushSettings.apnsOrigin ?? (this.creds.production ? 'https://api.push.apple.com' : 'https://api.sandbox.push.apple.com');
  }

  private bearer(): string {
    // Per team, key id and key itself (a replaced .p8 under the same key id signs anew).
    const k = `${this.creds.teamId}:${this.creds.keyId}:${createHash('sha256').update(this.creds.privateKeyP8).digest('hex').slice(0, 16)}`;
    const now = this.nowMs();
    const cached = providerTokens.get(k);
    // Apple refuses a token older than an hour and one renewed more often than every 20 minutes.
    if (cached && now - cached.at < 50 * 60_000) return cached.token;
    const token = apnsProviderToken(this.creds, this.key, now);
    providerTokens.set(k, { token, at: now });
    return token;
  }

  private payload(i: PushItem): { headers: Record<string, string>; body: string } {
    const common = { 'apns-topic': this.creds.bundleId, 'apns-collapse-id': collapseKey(i) };
    if (i.kind === 'remove')
      return {
        headers: { ...common, 'apns-push-type': 'background', 'apns-priority': '5' },
        body: JSON.stringify({ aps: { 'content-available': 1 }, ...dataOf(i) }),
      };
    return {
      headers: { ...common, 'apns-push-type': 'alert', 'apns-priority': '10' },
      body: JSON.stringify({ aps: { alert: { title: i.title, body: i.body }, sound: 'default' }, ...dataOf(i) }),
    };
  }

  private one(session: http2.ClientHttp2Session, bearer: string, i: PushItem): Promise<PushOutcome> {
    const { headers, body } = this.payload(i);
    return new Promise((resolve, reject) => {
      const req = session.request({
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(i.token)}`,
        authorization: `bearer ${bearer}`,
        'content-type': 'application/json',
        ...headers,
      });
      req.setTimeout(pushSettings.timeoutMs, () => req.close(http2.constants.NGHTTP2_CANCEL));
      let status = 0;
      let text = '';
      req.on('response', (h) => (status = Number(h[':status'])));
      req.setEncoding('utf8');
      req.on('data', (c: string) => (text += c));
      req.on('error', reject);
      req.on('close', () => {
        if (status === 0) return reject(new Error('apns: no answer'));
        if (status === 200) return resolve({ status: 'sent' });
        let reason = '';
        try {
          reason = (JSON.parse(text) as { reason?: string }).reason ?? '';
        } catch {
          reason = text.slice(0, 100);
        }
        if (status === 410 || APNS_DEAD.has(reason)) return resolve({ status: 'deadToken', detail: `${status} ${reason}` });
        resolve({ status: 'retry', detail: `${status} ${reason}` });
      });
      req.end(body);
    });
  }

  async send(items: readonly PushItem[]): Promise<PushOutcome[]> {
    const session = http2.connect(this.origin());
    try {
      await new Promise<void>((resolve, reject) => {
        session.once('connect', () => resolve());
        session.once('error', reject);
      });
      const bearer = this.bearer();
      const out: PushOutcome[] = [];
      // Streams of one connection, a batch of them at a time.
      for (let i = 0; i < items.length; i += 100) {
        const part = await Promise.all(items.slice(i, i + 100).map((x) => this.one(session, bearer, x)));
        out.push(...part);
      }
      return out;
    } finally {
      session.close();
    }
  }
}

/** A brand app's provider from its settings (credentials opened already); the outbox by default. */
export function providerFor(
  settings: { provider: string; credentials: unknown } | null,
  deps: { db: Executor; appKeyId: number; now: () => Date },
): PushProvider {
  switch (settings?.provider) {
    case 'fcm':
      return new FcmPushProvider(settings.credentials as FcmCredentials);
    case 'apns':
      return new ApnsPushProvider(settings.credentials as ApnsCredentials, () => deps.now().getTime());
    default:
      return new OutboxPushProvider(deps.db, deps.appKeyId, deps.now);
  }
}
