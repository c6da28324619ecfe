/**
 * The end-user log (终端用户日志, issue 15 §5): every app-facing call (DOMAIN §5) of a brand's end users
 * (sign-up, sign-in, bind/unbind, purchases and the rest) with its result code, the app's platform and
 * version, IP and time, and the playback failures the app reports. Written once by the call router
 * (never per call), searched by portal users holding rmr_qry: at most 31 days, keyset paging, the
 * end user's e-mail only masked.
 *
 * The app names its platform and version in two request headers (not signed: they describe the
 * client, like User-Agent, and grant nothing); the playback-failure call names them in its data.
 */
import { z } from 'zod';
import { defineCall } from '../../shared/define-call';
import { RATE_LIMITS } from '../../shared/rate-limits';
import { EMAIL_MAX_LENGTH } from '../../shared/rules';
import type { SharedValidationName } from '../../shared/messages';
import { queryRangeSchema, validationKeyOf } from '../../shared/validators';
import type { InsightValidationName } from './messages';
import { snSchema } from '../cloud-upgrade';

/** Rows older than this are purged by the insight.end-user-log job. */
export const END_USER_LOG_RETENTION_DAYS = 180;
/** Request headers an app sends with every app-api call (optional). */
export const APP_PLATFORM_HEADER = 'x-app-platform';
export const APP_VERSION_HEADER = 'x-app-version';
export const END_USER_LOG_PLATFORMS = ['android', 'ios', 'harmony', 'web', 'other'] as const;
export type EndUserLogPlatform = (typeof END_USER_LOG_PLATFORMS)[number];
const vk = validationKeyOf<SharedValidationName | InsightValidationName>();
export const endUserLogPlatformSchema = z.enum(END_USER_LOG_PLATFORMS, { error: vk('appPlatformInvalid') });
/** An app version as the app names it: 1.2.3, 5.0.1-beta+45. */
export const APP_VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,31}$/;
export const appVersionSchema = z
  .string({ error: vk('appVersionInvalid') })
  .trim()
  .regex(APP_VERSION_PATTERN, { error: vk('appVersionInvalid') });
/** A player's error code as the app reports it (P2P_TIMEOUT, -1102, hls.404). */
export const playbackErrorCodeSchema = z
  .string({ error: vk('playbackErrorCodeInvalid') })
  .trim()
  .regex(/^[0-9A-Za-z_.:-]{1,64}$/, { error: vk('playbackErrorCodeInvalid') });

/** The action of the synthetic row of an app-reported playback failure (also its call's path tail). */
export const PLAYBACK_FAILURE_ACTION = 'log/playback-failure';

/** The end-user log's labels of the app-facing calls, by call path without `app-api/`. */
export const END_USER_LOG_ACTIONS: Readonly<Record<string, { en: string; zh: string }>> = {
  'account/email-code': { en: 'Request e-mail code', zh: '获取邮箱验证码' },
  'account/register': { en: 'Sign up', zh: '注册' },
  'account/login': { en: 'Sign in', zh: '登录' },
  'account/renew': { en: 'Renew session', zh: '续期会话' },
  'account/password-find': { en: 'Reset password', zh: '找回密码' },
  'account/logout': { en: 'Sign out', zh: '退出登录' },
  'account/profile': { en: 'View profile', zh: '查看个人信息' },
  'account/profile-update': { en: 'Edit profile', zh: '修改个人信息' },
  'account/delete': { en: 'Delete account', zh: '注销账号' },
  'device/bind': { en: 'Bind device', zh: '绑定设备' },
  'device/unbind': { en: 'Unbind device', zh: '解绑设备' },
  'device/list': { en: 'List devices', zh: '查看设备列表' },
  'goods/list': { en: 'List cloud storage goods', zh: '查看云存储商品' },
  'order/create': { en: 'Place order', zh: '下单' },
  'order/pay': { en: 'Pay order', zh: '支付订单' },
  'order/cancel': { en: 'Cancel order', zh: '取消订单' },
  'order/activate': { en: 'Activate plan', zh: '激活套餐' },
  'order/list': { en: 'List orders', zh: '查看订单列表' },
  'order/get': { en: 'View order', zh: '查看订单' },
  'message/push-token/register': { en: 'Register push token', zh: '注册推送令牌' },
  'message/push-token/remove': { en: 'Remove push token', zh: '移除推送令牌' },
  'message/preferences': { en: 'View message preferences', zh: '查看消息偏好' },
  'message/preferences/update': { en: 'Edit message preferences', zh: '修改消息偏好' },
  'message/inbox/list': { en: 'List messages', zh: '查看消息列表' },
  'message/inbox/get': { en: 'Read message', zh: '查看消息' },
  'message/inbox/unread': { en: 'Count unread messages', zh: '查看未读消息数' },
  'message/inbox/read': { en: 'Mark message read', zh: '标记消息已读' },
  'message/inbox/read-all': { en: 'Mark all messages read', zh: '全部标记已读' },
  'message/inbox/hide': { en: 'Hide message', zh: '隐藏消息' },
  'message/push-outbox': { en: 'Fetch pushes', zh: '拉取推送' },
  'feedback/create': { en: 'Open feedback', zh: '提交意见反馈' },
  'feedback/list': { en: 'List feedback', zh: '查看意见反馈列表' },
  'feedback/get': { en: 'View feedback', zh: '查看意见反馈' },
  'feedback/send': { en: 'Send feedback message', zh: '发送反馈消息' },
  'feedback/history': { en: 'Read feedback messages', zh: '查看反馈消息' },
  'feedback/read': { en: 'Mark feedback read', zh: '标记反馈已读' },
  'feedback/rate': { en: 'Rate feedback', zh: '评价反馈' },
  'feedback/typing': { en: 'Typing in feedback', zh: '正在输入反馈' },
  'feedback/unread': { en: 'Count unread feedback', zh: '查看未读反馈数' },
  'live/ticket': { en: 'Open live channel', zh: '打开实时通道' },
  [PLAYBACK_FAILURE_ACTION]: { en: 'Playback failed', zh: '播放失败' },
};

/** The label of an action in a locale; an action of a call added later without a label reads "Other app call". */
export function endUserLogActionLabel(action: string, locale: string): string {
  const l = END_USER_LOG_ACTIONS[action];
  const zh = locale === 'zh-CN';
  if (!l) return zh ? '其他应用调用' : 'Other app call';
  return zh ? l.zh : l.en;
}

/**
 * An end user's e-mail as the log shows it: the first character of the name and the domain
 * (`j***@example.com`); the portal never answers it whole.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email ? `${email[0]}***` : '';
  return `${email[0]}***${email.slice(at)}`;
}

export const END_USER_LOG_RESULTS = ['success', 'failed'] as const;

export const endUserLogSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The end user, null for a call made before sign-in that named no known end user. */
  endUserId: z.number().int().nullable(),
  /** The end user's e-mail, masked (maskEmail). */
  account: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  /** The call's path under app-api/ (END_USER_LOG_ACTIONS), e.g. 'account/login'. */
  action: z.string(),
  /** 200 for success, else the catalogue code the call was answered with. */
  code: z.number().int(),
  platform: z.string(),
  appVersion: z.string(),
  ip: z.string(),
  /** The device the call named by SN ('' when none). */
  sn: z.string(),
  /** A playback failure's error code as the app reported it ('' otherwise). */
  detail: z.string(),
  durationMs: z.number().int(),
});
export type EndUserLog = z.infer<typeof endUserLogSchema>;

const text = z.string().trim().min(1).max(64);

/** End-user log search: a range of at most 31 days and optional filters; newest first, keyset paging. */
export const endUserLogSearchSchema = z.strictObject({
  range: queryRangeSchema,
  /** The end user's whole e-mail (case-insensitive) or id. */
  account: z.string().trim().min(1).max(EMAIL_MAX_LENGTH).optional(),
  /** An action of END_USER_LOG_ACTIONS (its exact key). */
  action: text.optional(),
  result: z.enum(END_USER_LOG_RESULTS).optional(),
  /** One result code (e.g. 7001). */
  code: z.number().int().min(100).max(99999).optional(),
  platform: endUserLogPlatformSchema.optional(),
  appVersion: text.optional(),
  /** IP address (prefix). */
  ip: z.string().trim().min(1).max(45).optional(),
  /** A device's SN. */
  sn: text.optional(),
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_\d{1,19}$/)
    .optional(),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type EndUserLogSearch = z.input<typeof endUserLogSearchSchema>;

export const endUserLogPageSchema = z.object({
  records: z.array(endUserLogSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});

export const endUserLogCalls = {
  search: defineCall({
    path: 'insight/end-user-log/search',
    auth: { anyOf: ['rmr_qry'] },
    write: false,
    summary:
      "End-user log rows the caller sees, newest first: the end users of the brands in its subtree (a distributor: those bound to devices it sold) in the session's area; at most 31 days; filters by account, action, result, code, platform, app version, IP and SN; keyset paging; e-mails masked.",
    data: endUserLogSearchSchema,
    result: endUserLogPageSchema,
  }),
};

export const endUserLogAppCalls = {
  playbackFailure: defineCall({
    path: `app-api/${PLAYBACK_FAILURE_ACTION}`,
    auth: 'endUser',
    rateLimit: RATE_LIMITS.playbackReport,
    write: true,
    summary:
      "Report that playing a device's video failed in the app: the device (bound to the caller; else 26030), the player's error code, the platform and app version. Kept in the end-user log.",
    data: z.strictObject({
      sn: snSchema,
      errorCode: playbackErrorCodeSchema,
      platform: endUserLogPlatformSchema,
      appVersion: appVersionSchema,
    }),
    result: z.object({}),
  }),
};
