import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/constants';
import type { MessageText } from '../../shared/messages';

/** Texts of the auth module's keys: passwords, verification codes, registration (see shared/messages.ts: no zod here). */
export const AUTH_VALIDATION_MESSAGES = {
  // ----- passwords and codes -----
  passwordRequired: { en: 'Please enter the password.', zh: '请输入密码。' },
  passwordRule: {
    en: `The password must be ${PASSWORD_MIN}-${PASSWORD_MAX} characters with at least two of digits, letters and special characters.`,
    zh: `密码须为${PASSWORD_MIN}-${PASSWORD_MAX}位，且至少包含数字、字母、特殊字符中的两种。`,
  },
  passwordLength: {
    en: `The password must be ${PASSWORD_MIN}-${PASSWORD_MAX} characters.`,
    zh: `密码长度须为${PASSWORD_MIN}-${PASSWORD_MAX}位。`,
  },
  passwordStrength: {
    en: 'The password is too weak. Combine more kinds of characters: lowercase letters, uppercase letters, digits and special characters.',
    zh: '密码强度不足，请组合使用更多类型的字符：小写字母、大写字母、数字和特殊字符。',
  },
  passwordMismatch: { en: 'The two passwords do not match.', zh: '两次输入的密码不一致。' },
  confirmPasswordRequired: { en: 'Please enter the password again to confirm it.', zh: '请再次输入密码。' },
  verifyCodeRequired: { en: 'Please enter the verification code.', zh: '请输入验证码。' },
  imageCodeRequired: { en: 'Please enter the graphic code.', zh: '请输入图形验证码。' },

  // ----- registration -----
  agreeTerms: { en: 'Please read and agree to the terms.', zh: '请阅读并同意服务条款。' },
} satisfies Record<string, MessageText>;

export type AuthValidationName = keyof typeof AUTH_VALIDATION_MESSAGES;
