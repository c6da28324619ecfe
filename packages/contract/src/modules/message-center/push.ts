/**
 * Push (issue 13 §5, DOMAIN §5): each brand app's push provider with its credentials (portal,
 * dealer_message_mgr), and the app API's message calls for end users: push tokens, preferences
 * and the inbox (the same as the portal's, for the signed-in end user).
 */
import { z } from 'zod';
import { defineCall } from '../../shared/define-call';
import { pageOf, pageQuerySchema } from '../../shared/entities';
import { RATE_LIMITS } from '../../shared/rate-limits';
import { idSchema } from '../../shared/validators';
import { inboxDetailSchema, inboxItemSchema, inboxListQuerySchema, unreadCountSchema } from './calls';
import { messageTypeSchema } from './validators';

/** Where a brand app's pushes go: the local outbox (default; app-sim reads it), FCM or APNs. */
export const PUSH_PROVIDERS = ['outbox', 'fcm', 'apns'] as const;
export const pushProviderSchema = z.enum(PUSH_PROVIDERS);
export type PushProviderName = z.infer<typeof pushProviderSchema>;

export const PUSH_PLATFORMS = ['android', 'ios'] as const;
export const pushPlatformSchema = z.enum(PUSH_PLATFORMS);
export type PushPlatform = z.infer<typeof pushPlatformSchema>;

/** FCM sends at most this many messages per batch (sendEach). */
export const PUSH_BATCH_MAX = 500;
export const PUSH_TOKEN_MAX = 4096;
/** Tokens one end user keeps (one per app install); the oldest goes when a new one comes. */
export const PUSH_TOKENS_PER_USER_MAX = 10;

const secretText = (max: number) => z.string().trim().min(1).max(max);

/** FCM: a Firebase service account (its JSON key file). */
export const fcmCredentialsSchema = z.strictObject({ serviceAccountJson: secretText(20_000) });
/** APNs: the team's .p8 signing key (ES256), its key id, team id and the app's bundle id (topic). */
export const apnsCredentialsSchema = z.strictObject({
  keyId: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{10}$/),
  teamId: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{10}$/),
  bundleId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]{1,155}$/),
  privateKeyP8: secretText(5_000),
  production: z.boolean().default(true),
});

/** What the caller may do with a brand app's push settings now (configure is never offered to a remote-access session). */
export const PUSH_SETTINGS_ACTIONS = ['configure', 'test'] as const;
export const pushSettingsActionSchema = z.enum(PUSH_SETTINGS_ACTIONS);
export type PushSettingsAction = z.infer<typeof pushSettingsActionSchema>;

export const pushSettingsSchema = z.object({
  appKeyId: idSchema,
  appId: z.string(),
  appName: z.string(),
  provider: pushProviderSchema,
  /** The brand (partner company) whose app it is. */
  companyName: z.string(),
  /** What identifies the stored credentials, masked (never the secret itself); '' for the outbox. */
  credentialsMask: z.string(),
  updatedAt: z.string().nullable(),
  actions: z.array(pushSettingsActionSchema),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

export const pushSettingsInputSchema = z.discriminatedUnion('provider', [
  z.strictObject({ appKeyId: idSchema, provider: z.literal('outbox') }),
  z.strictObject({ appKeyId: idSchema, provider: z.literal('fcm'), fcm: fcmCredentialsSchema }),
  z.strictObject({ appKeyId: idSchema, provider: z.literal('apns'), apns: apnsCredentialsSchema }),
]);
export type PushSettingsInput = z.input<typeof pushSettingsInputSchema>;

export const PUSH_RESULTS = ['sent', 'deadToken', 'failed'] as const;
export const pushTestResultSchema = z.object({ result: z.enum(PUSH_RESULTS), detail: z.string() });

const mgr = { anyOf: ['dealer_message_mgr'] } as const;
const pushToken = z.string().trim().min(1).max(PUSH_TOKEN_MAX);

export const pushSettingsListQuerySchema = pageQuerySchema.extend({
  /** Part of the application's name or appId. */
  keyword: z.string().trim().max(64).optional(),
});

export const pushSettingsCalls = {
  list: defineCall({
    path: 'message/push-settings/list',
    auth: mgr,
    write: false,
    summary: "The brand apps (application keys) of the caller's subtree with their push provider, credentials masked, paged.",
    data: pushSettingsListQuerySchema.strict(),
    result: pageOf(pushSettingsSchema),
  }),
  get: defineCall({
    path: 'message/push-settings/get',
    auth: mgr,
    write: false,
    summary: "A brand app's push provider, its credentials masked.",
    data: z.strictObject({ appKeyId: idSchema }),
    result: pushSettingsSchema,
  }),
  save: defineCall({
    path: 'message/push-settings/save',
    auth: mgr,
    write: true,
    summary: "Sets a brand app's push provider and credentials (sealed at rest; answered masked).",
    // Push credentials (an FCM service account, an APNs signing key) are the brand's: never set by a remote visit.
    remoteForbidden: true,
    data: pushSettingsInputSchema,
    result: pushSettingsSchema,
  }),
  testSend: defineCall({
    path: 'message/push-settings/test-send',
    auth: mgr,
    write: true,
    summary: 'Sends one test push to a device token with the stored provider and credentials, and answers the outcome.',
    data: z.strictObject({ appKeyId: idSchema, platform: pushPlatformSchema, token: pushToken }),
    result: pushTestResultSchema,
    rateLimit: RATE_LIMITS.credentialCheck,
  }),
};

// ----- the app API -----

export const endUserPreferencesSchema = z.object({ mutePromotions: z.boolean() });
export type EndUserPreferences = z.infer<typeof endUserPreferencesSchema>;

export const pushOutboxItemSchema = z.object({
  id: idSchema,
  kind: z.enum(['notify', 'remove']),
  messageId: idSchema.nullable(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type PushOutboxItem = z.infer<typeof pushOutboxItemSchema>;

const messageIdData = z.strictObject({ messageId: idSchema });
const messageIdsData = z.strictObject({ messageIds: z.array(idSchema).min(1).max(200) });

export const appMessageCalls = {
  pushTokenRegister: defineCall({
    path: 'app-api/message/push-token/register',
    auth: 'endUser',
    write: true,
    summary: "Registers this install's push token for the signed-in end user (moved from another user of the app when it was theirs).",
    data: z.strictObject({ platform: pushPlatformSchema, token: pushToken }),
    result: z.object({}),
  }),
  pushTokenRemove: defineCall({
    path: 'app-api/message/push-token/remove',
    auth: 'endUser',
    write: true,
    summary: "Removes one of the signed-in end user's push tokens (sign-out, notifications off).",
    data: z.strictObject({ token: pushToken }),
    result: z.object({ removed: z.number().int() }),
  }),
  preferencesGet: defineCall({
    path: 'app-api/message/preferences',
    auth: 'endUser',
    write: false,
    summary: "The end user's message preferences.",
    data: z.strictObject({}),
    result: endUserPreferencesSchema,
  }),
  preferencesSet: defineCall({
    path: 'app-api/message/preferences/update',
    auth: 'endUser',
    write: true,
    summary: 'Sets the end user’s message preferences: mute promotions (no pushes of them; the inbox keeps them).',
    data: endUserPreferencesSchema.strict(),
    result: endUserPreferencesSchema,
  }),
  inboxList: defineCall({
    path: 'app-api/message/inbox/list',
    auth: 'endUser',
    write: false,
    summary: "The end user's inbox: released messages sent to them, not hidden, newest first, by type, read state and date.",
    data: inboxListQuerySchema.strict(),
    result: pageOf(inboxItemSchema),
  }),
  inboxGet: defineCall({
    path: 'app-api/message/inbox/get',
    auth: 'endUser',
    write: false,
    summary: "One message of the end user's inbox in their language (marks it delivered).",
    data: messageIdData,
    result: inboxDetailSchema,
  }),
  inboxUnread: defineCall({
    path: 'app-api/message/inbox/unread',
    auth: 'endUser',
    write: false,
    summary: "The end user's unread count, in all and per type.",
    data: z.strictObject({}),
    result: unreadCountSchema,
  }),
  inboxRead: defineCall({
    path: 'app-api/message/inbox/read',
    auth: 'endUser',
    write: true,
    summary: "Marks messages of the end user's inbox read (opened).",
    data: messageIdsData,
    result: z.object({ updated: z.number().int() }),
  }),
  inboxReadAll: defineCall({
    path: 'app-api/message/inbox/read-all',
    auth: 'endUser',
    write: true,
    summary: "Marks every message of the end user's inbox read (of one type when given).",
    data: z.strictObject({ type: messageTypeSchema.optional() }),
    result: z.object({ updated: z.number().int() }),
  }),
  inboxHide: defineCall({
    path: 'app-api/message/inbox/hide',
    auth: 'endUser',
    write: true,
    summary: "Hides messages from the end user's inbox.",
    data: messageIdsData,
    result: z.object({ updated: z.number().int() }),
  }),
  pushOutbox: defineCall({
    path: 'app-api/message/push-outbox',
    auth: 'endUser',
    write: false,
    summary: "What the local push provider (outbox) has sent to the end user's tokens, newest first (app-sim shows it).",
    data: z.strictObject({ afterId: z.number().int().min(0).default(0) }),
    result: z.object({ items: z.array(pushOutboxItemSchema) }),
  }),
};
