import type { ErrorEntry, ErrorRange } from '../../shared/errors';

/** The numbers of the message centre's codes (shared/errors.ts); 27050-27099 belong to the feedback chat. */
export const MESSAGE_CENTER_ERROR_RANGES: readonly ErrorRange[] = [[27000, 27049]];

/** The message centre's codes: composing, audiences, scheduling. */
export const MESSAGE_CENTER_ERRORS = {
  27001: {
    key: 'messageSingleLanguageOnly',
    endsSession: false,
    en: 'Only supplier and partner users can write a message in several languages. Keep one language.',
    zh: '仅供应商和合作伙伴用户可配置多语言消息，请只保留一种语言。',
  },
  27002: {
    key: 'messagePreferredLanguageWithoutContent',
    endsSession: false,
    en: 'The preferred language ({language}) has no title and body. Write it, or choose another preferred language.',
    zh: '首选语言（{language}）没有填写标题和正文，请填写或选择其他首选语言。',
  },
  27003: {
    key: 'messageAudienceEmpty',
    endsSession: false,
    en: 'Nobody matches the chosen audience.',
    zh: '所选接收对象中没有任何用户。',
  },
  27004: {
    key: 'messageScheduleInPast',
    endsSession: false,
    en: 'The release time has passed. Choose a time in the future.',
    zh: '发布时间已过，请选择将来的时间。',
  },
  27005: {
    key: 'messageAreaNotYours',
    endsSession: false,
    en: 'You can only target your own areas ({areas} is not one of them).',
    zh: '只能选择您自己的区域（{areas}不属于您）。',
  },
  27006: {
    key: 'messageUsersUnknown',
    endsSession: false,
    en: 'These users are unknown or out of your reach: {users}.',
    zh: '以下用户不存在或不在您的范围内：{users}。',
  },
  27007: {
    key: 'messageBodyEmptyAfterCleaning',
    endsSession: false,
    en: 'The body of {language} holds no text once unsafe markup is removed.',
    zh: '{language}的正文在清除不安全的标记后没有内容。',
  },
  27008: {
    key: 'messageNotImage',
    endsSession: false,
    en: 'Only uploaded images (PNG, JPG, GIF) can be attached to a message.',
    zh: '消息只能附带已上传的图片（PNG、JPG、GIF）。',
  },
  27009: {
    key: 'pushCredentialsInvalid',
    endsSession: false,
    en: 'The push credentials cannot be used: {detail}',
    zh: '推送凭据无法使用：{detail}',
  },
  27010: {
    key: 'messageEndUsersUnknown',
    endsSession: false,
    en: "These end users are unknown or not your brand's: {users}.",
    zh: '以下终端用户不存在或不属于您的品牌：{users}。',
  },
  27011: {
    key: 'messageEndUsersTooMany',
    endsSession: false,
    en: 'A message can name at most {max} end users; {count} were given.',
    zh: '一条消息最多指定 {max} 个终端用户，当前为 {count} 个。',
  },
} as const satisfies Record<number, ErrorEntry>;
