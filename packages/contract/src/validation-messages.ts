import type { Locale } from './errors';

/**
 * Texts of the `validation.*` message keys that contract schemas use, in both locales. The web
 * loads them into i18n under `validation`; the server uses them in 1001 answers.
 */
export const VALIDATION_MESSAGES: Record<string, { en: string; zh: string }> = {
  required: { en: 'This field is required.', zh: '此项为必填项。' },
  emailRequired: { en: 'Please enter the e-mail.', zh: '请输入邮箱。' },
  emailInvalid: { en: 'The e-mail format is invalid.', zh: '邮箱格式不正确。' },
  passwordRequired: { en: 'Please enter the password.', zh: '请输入密码。' },
  passwordRule: {
    en: 'The password must be 8-16 characters with at least two of digits, letters and special characters.',
    zh: '密码须为8-16位，且至少包含数字、字母、特殊字符中的两种。',
  },
  passwordMismatch: { en: 'The two passwords do not match.', zh: '两次输入的密码不一致。' },
  verifyCodeRequired: { en: 'Please enter the verification code.', zh: '请输入验证码。' },
  imageCodeRequired: { en: 'Please enter the graphic code.', zh: '请输入图形验证码。' },
  companyNameRequired: { en: 'Please enter the company name.', zh: '请输入公司名称。' },
  nickNameRequired: { en: 'Please enter the nickname.', zh: '请输入昵称。' },
  agreeTerms: { en: 'Please read and agree to the terms.', zh: '请阅读并同意服务条款。' },
};

/** Message of a `validation.*` key (or of a bare zod message, returned unchanged). */
export function validationMessage(message: string, locale: Locale): string {
  const key = message.startsWith('validation.') ? message.slice('validation.'.length) : null;
  const entry = key ? VALIDATION_MESSAGES[key] : undefined;
  if (!entry) return message;
  return locale === 'zh-CN' ? entry.zh : entry.en;
}
