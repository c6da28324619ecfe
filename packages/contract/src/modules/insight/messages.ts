import type { MessageText } from '../../shared/messages';

/** Texts of the insight module's validation keys (no zod here): the app's playback-failure report, the monitoring link. */
export const INSIGHT_VALIDATION_MESSAGES = {
  appVersionInvalid: {
    en: 'The app version must be 1 to 32 letters, digits or . _ + - (e.g. 4.2.0).',
    zh: 'App 版本须为 1 至 32 个字母、数字或 . _ + -（如 4.2.0）。',
  },
  playbackErrorCodeInvalid: {
    en: "The player's error code must be 1 to 64 letters, digits or . _ : -.",
    zh: '播放器错误码须为 1 至 64 个字母、数字或 . _ : -。',
  },
  appPlatformInvalid: {
    en: 'The platform must be one of android, ios, harmony, web or other.',
    zh: '平台须为 android、ios、harmony、web 或 other 之一。',
  },
  monitoringUrlInvalid: {
    en: 'The monitoring address must be an http:// or https:// address of at most 500 characters.',
    zh: '监控地址须为 http:// 或 https:// 开头的地址，且不超过 500 个字符。',
  },
} as const satisfies Record<string, MessageText>;

export type InsightValidationName = keyof typeof INSIGHT_VALIDATION_MESSAGES;
