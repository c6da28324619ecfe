/**
 * Push (issue 13 §5): a brand app's provider and credentials (sealed with lib/secrets, shown
 * masked, tried with a test send), the end user's tokens and preferences (app API), and the push
 * run: claim due pushes from the queue, send them through each brand app's provider, settle the
 * outcomes (sent; dead tokens pruned; the rest retried with backoff). The run happens after the
 * fan-out page or withdraw that queued them has committed: in a pg-boss job, or without a queue in
 * the process. A provider that is down leaves its pushes queued; nothing else waits for it.
 */
import {
  ErrorCodes,
  PUSH_BATCH_MAX,
  PUSH_TOKENS_PER_USER_MAX,
  type EndUserPreferences,
  type PushOutboxItem,
  type PushSettings,
  type PushSettingsInput,
  type PushPlatform,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { allowedActions, authorize } from '../../lib/policy';
import { pushSettingsPolicy } from './push.policy';
import { requireActor, requireEndUser, type CallContext } from '../../lib/context';
import { openSecret, sealSecret, type SealKeyring } from '../../lib/secrets';
import type { AppServices } from '../../lib/services';
import { mapPage, type Page, type PageRequest } from '../../lib/tenancy';
import { MESSAGE_JOBS } from './message-jobs';
import { testPushText } from './messages.texts';
import { apnsKey, parseServiceAccount, providerFor, type PushItem, type PushOutcome } from './push';
import {
  findAppKeyInReach,
  listAppKeysInReach,
  mutePromotionsOf,
  outboxOfEndUser,
  pushSettingsOf,
  registerPushToken,
  removePushToken,
  savePushSettings as storePushSettings,
  setMutePromotions,
  unsafeClaimDuePushes,
  unsafePushSettingsOf,
  unsafeSettlePushes,
  type AppKeyRow,
  type ClaimedPush,
  type PushSettingsRow,
} from './push.repository';

const iso = (d: Date | string) => new Date(d).toISOString();

/** The queue's timing; tests take the run in hand (inline false) and move their clock. */
export const pushRunSettings = {
  /**
   * Without a job queue: push in the process after the commit that queued the pushes, without the
   * call waiting for the provider ('detach': a provider that is slow or down delays pushes only), or
   * before the call answers ('await': tests), or not at all (false: tests run it by hand).
   */
  inline: 'detach' as 'detach' | 'await' | false,
  /** A claimed push not settled by then (the process died) is claimed again. */
  leaseMs: 5 * 60_000,
  /** Retry after 30 s, 60 s, 120 s ... at most an hour apart; given up after 12 attempts (~ 6 hours). */
  baseDelayS: 30,
  maxDelayS: 3600,
  maxAttempts: 12,
};

// ---------------------------------------------------------------------------------------------
// Settings (portal)
// ---------------------------------------------------------------------------------------------

async function appKeyOf(ctx: CallContext, appKeyId: number): Promise<AppKeyRow> {
  const key = await findAppKeyInReach(ctx.db, requireActor(ctx), appKeyId);
  if (!key) throw new AppError(ErrorCodes.notFound);
  return key;
}

function presentSettings(ctx: CallContext, key: AppKeyRow, s: PushSettingsRow | null): PushSettings {
  return {
    appKeyId: key.id,
    appId: key.app_id,
    appName: key.name,
    companyName: key.company_name,
    provider: (s?.provider ?? 'outbox') as PushSettings['provider'],
    credentialsMask: s?.credentials_mask ?? '',
    updatedAt: s ? iso(s.updated_at) : null,
    actions: allowedActions(pushSettingsPolicy, requireActor(ctx), null),
  };
}

export async function listPushSettings(ctx: CallContext, q: PageRequest & { keyword?: string }): Promise<Page<PushSettings>> {
  const page = await listAppKeysInReach(ctx.db, requireActor(ctx), q);
  return mapPage(page, (records) => records.map((r) => presentSettings(ctx, r, r.settings)));
}

export async function getPushSettings(ctx: CallContext, appKeyId: number): Promise<PushSettings> {
  const key = await appKeyOf(ctx, appKeyId);
  return presentSettings(ctx, key, await pushSettingsOf(ctx.db, key.id));
}

const last4 = (s: string) => (s.length > 4 ? `…${s.slice(-4)}` : '…');

/** The credentials checked (27009 naming what is wrong), with their mask. */
function checkedCredentials(d: PushSettingsInput): { credentials: object | null; mask: string } {
  try {
    if (d.provider === 'fcm') {
      const sa = parseServiceAccount(d.fcm.serviceAccountJson);
      return {
        credentials: d.fcm,
        mask: `${sa.client_email} · ${sa.project_id} · key ${last4(sa.private_key_id ?? sa.private_key.trim().slice(0, -30))}`,
      };
    }
    if (d.provider === 'apns') {
      apnsKey(d.apns.privateKeyP8);
      const production = d.apns.production ?? true;
      return {
        credentials: { ...d.apns, production },
        mask: `${d.apns.bundleId} · team ${d.apns.teamId} · key ${d.apns.keyId}${production ? '' : ' · sandbox'}`,
      };
    }
  } catch (err) {
    throw new AppError(ErrorCodes.pushCredentialsInvalid, { detail: (err as Error).message });
  }
  return { credentials: null, mask: '' };
}

export async function savePushSettings(ctx: CallContext, d: PushSettingsInput): Promise<PushSettings> {
  const actor = requireActor(ctx);
  authorize(pushSettingsPolicy, actor, null, 'configure');
  const key = await appKeyOf(ctx, d.appKeyId);
  const before = await pushSettingsOf(ctx.db, key.id);
  const { credentials, mask } = checkedCredentials(d);
  await storePushSettings(ctx.db, {
    appKeyId: key.id,
    provider: d.provider,
    credentialsEnc: credentials ? sealSecret(ctx.services.config.sealKeys, JSON.stringify(credentials)) : null,
    credentialsMask: mask,
    updatedBy: actor.actingUserId ?? actor.userId,
    now: new Date(ctx.clock.now()),
  });
  await ctx.audit({
    action: 'message.push-settings',
    targetType: 'appKey',
    targetId: key.id,
    companyId: key.company_id,
    companyPath: key.company_path,
    before: { provider: before?.provider ?? 'outbox', credentials: before?.credentials_mask ?? '' },
    after: { provider: d.provider, credentials: mask },
  });
  return presentSettings(ctx, key, await pushSettingsOf(ctx.db, key.id));
}

function openSettings(ring: SealKeyring, s: PushSettingsRow | null): { provider: string; credentials: unknown } | null {
  if (!s || s.provider === 'outbox' || !s.credentials_enc) return null;
  return { provider: s.provider, credentials: JSON.parse(openSecret(ring, s.credentials_enc)) as unknown };
}

export async function testSend(ctx: CallContext, d: { appKeyId: number; platform: PushPlatform; token: string }) {
  authorize(pushSettingsPolicy, requireActor(ctx), null, 'test');
  const key = await appKeyOf(ctx, d.appKeyId);
  const settings = openSettings(ctx.services.config.sealKeys, await pushSettingsOf(ctx.db, key.id));
  const text = testPushText(ctx.locale);
  const now = () => new Date(ctx.clock.now());
  let outcome: PushOutcome;
  try {
    const provider = providerFor(settings, { db: ctx.db, appKeyId: key.id, now });
    [outcome] = (await provider.send([
      {
        token: d.token,
        platform: d.platform,
        kind: 'notify',
        messageId: 0,
        conversationId: null,
        type: 'notice',
        title: text.title,
        body: text.body,
        link: '',
      },
    ])) as [PushOutcome];
  } catch (err) {
    outcome = { status: 'retry', detail: (err as Error).message };
  }
  await ctx.audit({
    action: 'message.push-test',
    targetType: 'appKey',
    targetId: key.id,
    companyId: key.company_id,
    companyPath: key.company_path,
    after: { result: outcome.status },
  });
  if (outcome.status === 'sent') return { result: 'sent' as const, detail: '' };
  if (outcome.status === 'deadToken') return { result: 'deadToken' as const, detail: outcome.detail };
  return { result: 'failed' as const, detail: outcome.detail };
}

// ---------------------------------------------------------------------------------------------
// The end user's tokens and preferences (app API)
// ---------------------------------------------------------------------------------------------

export async function registerToken(ctx: CallContext, d: { platform: PushPlatform; token: string }): Promise<Record<string, never>> {
  const app = requireEndUser(ctx);
  await registerPushToken(ctx.db, {
    endUserId: app.endUser.id,
    appKeyId: app.appKeyId,
    platform: d.platform,
    token: d.token,
    now: new Date(ctx.clock.now()),
    keep: PUSH_TOKENS_PER_USER_MAX,
  });
  return {};
}

export async function removeToken(ctx: CallContext, token: string): Promise<{ removed: number }> {
  const app = requireEndUser(ctx);
  return { removed: await removePushToken(ctx.db, app.endUser.id, app.appKeyId, token) };
}

export async function preferences(ctx: CallContext): Promise<EndUserPreferences> {
  return { mutePromotions: await mutePromotionsOf(ctx.db, requireEndUser(ctx).endUser.id) };
}

export async function setPreferences(ctx: CallContext, d: EndUserPreferences): Promise<EndUserPreferences> {
  const app = requireEndUser(ctx);
  await setMutePromotions(ctx.db, app.endUser.id, d.mutePromotions);
  return preferences(ctx);
}

export async function pushOutbox(ctx: CallContext, afterId: number): Promise<{ items: PushOutboxItem[] }> {
  const app = requireEndUser(ctx);
  const rows = await outboxOfEndUser(ctx.db, app.endUser.id, app.appKeyId, afterId);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind as PushOutboxItem['kind'],
      messageId: r.message_id,
      title: r.title,
      body: r.body,
      createdAt: iso(r.created_at),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// The push run
// ---------------------------------------------------------------------------------------------

/** A notification's text: the body without markup, on one line, shortened. */
export function plainText(html: string, max = 180): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const itemOf = (c: ClaimedPush): PushItem => ({
  token: c.token,
  platform: c.platform,
  // A conversation's push is a shown notification like a message's.
  kind: c.kind === 'chat' ? 'notify' : c.kind,
  messageId: c.message_id,
  conversationId: c.conversation_id,
  type: c.type,
  title: c.title,
  body: plainText(c.body),
  link: c.link,
});

export interface PushRunDeps {
  database: Database;
  sealKeys: SealKeyring;
  now: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** One batch: claimed, sent per brand app, settled. Answers how many due pushes it took (claimed, or dropped as orphans). */
export async function runPushBatch(
  deps: PushRunDeps,
  limit = PUSH_BATCH_MAX,
): Promise<{ claimed: number; sent: number; dead: number; retry: number }> {
  const { database } = deps;
  const now = deps.now();
  const { pushes: claimed, dropped } = await database.db.transaction((tx) =>
    unsafeClaimDuePushes(tx, now, new Date(now.getTime() + pushRunSettings.leaseMs), limit),
  );
  if (claimed.length === 0) return { claimed: dropped, sent: 0, dead: 0, retry: 0 };
  const byApp = new Map<number, ClaimedPush[]>();
  for (const c of claimed) byApp.set(c.app_key_id, [...(byApp.get(c.app_key_id) ?? []), c]);
  const settings = new Map((await unsafePushSettingsOf(database.db, [...byApp.keys()])).map((s) => [s.app_key_id, s]));
  const sent: number[] = [];
  const dead = new Set<number>();
  const retry: { id: number; error: string }[] = [];
  for (const [appKeyId, list] of byApp) {
    let outcomes: PushOutcome[];
    try {
      const provider = providerFor(openSettings(deps.sealKeys, settings.get(appKeyId) ?? null), {
        db: database.db,
        appKeyId,
        now: deps.now,
      });
      outcomes = await provider.send(list.map(itemOf));
    } catch (err) {
      // The provider is down (or its credentials no longer open): these wait and are tried again.
      deps.log?.warn({ err, appKeyId, pushes: list.length }, 'push provider failed; pushes retried later');
      outcomes = list.map(() => ({ status: 'retry', detail: (err as Error).message }));
    }
    list.forEach((c, i) => {
      const o = outcomes[i] ?? { status: 'retry', detail: 'no outcome' };
      if (o.status === 'sent') sent.push(c.id);
      else if (o.status === 'deadToken') dead.add(c.token_id);
      else retry.push({ id: c.id, error: o.detail });
    });
  }
  await database.db.transaction((tx) =>
    unsafeSettlePushes(tx, {
      sent,
      deadTokenIds: [...dead],
      retry,
      now: deps.now(),
      baseDelayS: pushRunSettings.baseDelayS,
      maxDelayS: pushRunSettings.maxDelayS,
      maxAttempts: pushRunSettings.maxAttempts,
    }),
  );
  return { claimed: claimed.length + dropped, sent: sent.length, dead: dead.size, retry: retry.length };
}

/** Every push due now, batch after batch (at most `maxBatches`). */
export async function runPushesOnce(deps: PushRunDeps, maxBatches = 1000): Promise<{ sent: number; dead: number; retry: number }> {
  const total = { sent: 0, dead: 0, retry: 0 };
  for (let i = 0; i < maxBatches; i++) {
    const r = await runPushBatch(deps);
    total.sent += r.sent;
    total.dead += r.dead;
    total.retry += r.retry;
    if (r.claimed < PUSH_BATCH_MAX) break;
  }
  return total;
}

/**
 * After a commit that queued pushes: the push job (one waiting at a time), or, without a queue,
 * the run here.
 */
export async function kickPushes(services: Pick<AppServices, 'jobs' | 'config'>, database?: Database, now?: () => Date): Promise<void> {
  const queue = services.jobs();
  if (queue) {
    await queue.send(MESSAGE_JOBS.push.name, {}, { singletonKey: 'push', singletonSeconds: 1 });
    return;
  }
  if (pushRunSettings.inline && database)
    await runPushesOnce({ database, sealKeys: services.config.sealKeys, now: now ?? (() => new Date()) });
}
