import type { ErrorEntry, ErrorRange } from '../../shared/errors';

/** The numbers of the app-api module's codes (shared/errors.ts). */
export const APP_API_ERROR_RANGES: readonly ErrorRange[] = [[25000, 25999]];

/**
 * The app-facing API's own codes (DOMAIN §5). Everything else it answers is the shared catalogue:
 * 7003/7004 for the end user's session, 7010/7011/7051 for the login lockout, 7012 for an e-mailed
 * code, 23007-23009 for the device binding.
 */
export const APP_API_ERRORS = {
  25001: {
    key: 'appKeyInvalid',
    endsSession: false,
    en: 'The application key is invalid or disabled.',
    zh: '应用密钥无效或已停用。',
  },
  25002: {
    key: 'deviceCodeWrong',
    endsSession: false,
    en: 'The SN or the verification code of the device is wrong.',
    zh: '设备SN或验证码错误。',
  },
  25003: {
    key: 'endUserFrozen',
    endsSession: false,
    en: 'This account is frozen. Please contact the app provider.',
    zh: '该账号已被冻结，请联系应用提供方。',
  },
  25004: {
    key: 'endUserEmailTaken',
    endsSession: false,
    en: 'This e-mail is already registered in this app.',
    zh: '该邮箱已在此应用中注册。',
  },
  25005: {
    key: 'appBrandInvalid',
    endsSession: false,
    en: 'An application key belongs to a partner brand: choose one.',
    zh: '应用密钥必须属于一个合作伙伴品牌，请选择。',
  },
} as const satisfies Record<number, ErrorEntry>;
