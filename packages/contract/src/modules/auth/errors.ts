import type { ErrorEntry, ErrorRange } from '../../shared/errors';

/** The numbers of the auth module's codes (shared/errors.ts). */
export const AUTH_ERROR_RANGES: readonly ErrorRange[] = [
  // Login, registration, verification
  [7010, 7029],
  // Auth hardening (issue 11 §1, part authsec)
  [7050, 7059],
];

/** The auth module's codes: sign-in, registration, verification codes, and the auth hardening of issue 11 §1. */
export const AUTH_ERRORS = {
  // Login, registration, verification
  7010: {
    key: 'wrongCredentials',
    endsSession: false,
    en: 'Wrong account or password. {remaining} {remaining|attempt|attempts} left before the account is locked.',
    zh: '账号或密码错误，还可尝试 {remaining} 次，之后账号将被锁定。',
  },
  7011: {
    key: 'accountLocked',
    endsSession: false,
    en: 'The account is locked. Please try again in {minutes} minutes.',
    zh: '账号已被锁定，请 {minutes} 分钟后重试。',
  },
  7012: { key: 'verifyCodeWrong', endsSession: false, en: 'The verification code is wrong or has expired.', zh: '验证码错误或已过期。' },
  7013: { key: 'imageCodeWrong', endsSession: false, en: 'The graphic code is wrong or has expired.', zh: '图形验证码错误或已过期。' },
  7014: { key: 'oldPasswordWrong', endsSession: false, en: 'The old password is wrong.', zh: '旧密码错误。' },
  7015: { key: 'emailExists', endsSession: false, en: 'This e-mail already exists.', zh: '该邮箱已存在。' },
  7016: { key: 'userExists', endsSession: false, en: 'The user already exists.', zh: '用户已存在。' },
  7017: {
    key: 'weakPassword',
    endsSession: false,
    en: 'The password must be 8-16 characters and contain at least two of digits, letters and special characters.',
    zh: '密码须为8-16位，且至少包含数字、字母、特殊字符中的两种。',
  },
  7018: { key: 'passwordMismatch', endsSession: false, en: 'The two passwords do not match.', zh: '两次输入的密码不一致。' },
  7019: { key: 'accountNotFound', endsSession: false, en: 'No account uses this e-mail.', zh: '该邮箱未注册账号。' },
  7020: {
    key: 'codeResendWait',
    endsSession: false,
    en: 'A code was sent recently. Please wait {seconds} seconds before asking again.',
    zh: '验证码已发送，请 {seconds} 秒后再获取。',
  },
  7021: {
    key: 'invitationAlreadySent',
    endsSession: false,
    en: 'The invitation was already sent. Do not operate frequently.',
    zh: '邀请已发送，请勿频繁操作。',
  },
  7022: { key: 'linkInvalid', endsSession: false, en: 'The link is invalid, expired or already used.', zh: '链接无效、已过期或已被使用。' },
  7023: {
    key: 'renewFailed',
    endsSession: true,
    en: 'Your login could not be renewed. Please log in again.',
    zh: '登录续期失败，请重新登录。',
  },

  // Auth hardening (issue 11 §1, part authsec)
  7050: {
    key: 'remoteAccessForbidden',
    endsSession: false,
    en: 'Not allowed during remote access: sign-in tokens, passwords, e-mail binding, remote-access consent, invitations, application secrets and payment and push credentials stay with the account’s own users.',
    zh: '远程访问期间不允许此操作：登录令牌、密码、邮箱绑定、远程访问授权、邀请、应用密钥以及收款和推送凭据只能由该账号自己的用户操作。',
  },
  7051: {
    key: 'addressLocked',
    endsSession: false,
    en: 'Too many failed sign-ins from your network. Please try again in {minutes} minutes.',
    zh: '您所在网络的登录失败次数过多，请 {minutes} 分钟后重试。',
  },
  7052: {
    key: 'alreadyDone',
    endsSession: false,
    en: 'This was already done (the form was probably submitted twice).',
    zh: '该操作已完成（表单可能被重复提交）。',
  },
} as const satisfies Record<number, ErrorEntry>;
