import type { MessageText } from '../../shared/messages';

/** Texts of the app-api module's validation keys (no zod here). */
export const APP_API_VALIDATION_MESSAGES = {
  appNameRequired: { en: 'Please enter the application name.', zh: '请输入应用名称。' },
  appNameTooLong: { en: 'The application name can be at most 64 characters.', zh: '应用名称最多64个字符。' },
  deviceCodeRequired: { en: "Please enter the device's verification code.", zh: '请输入设备验证码。' },
} as const satisfies Record<string, MessageText>;

export type AppApiValidationName = keyof typeof APP_API_VALIDATION_MESSAGES;
