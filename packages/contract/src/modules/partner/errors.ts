import type { ErrorEntry, ErrorRange } from '../../shared/errors';

/** The numbers of the partner module's codes (shared/errors.ts). */
export const PARTNER_ERROR_RANGES: readonly ErrorRange[] = [[7040, 7049]];

/** The partner module's codes: registration audit, companies, remote access. */
export const PARTNER_ERRORS = {
  // Partner network: registration audit, companies, remote access
  7040: {
    key: 'registrationPending',
    endsSession: false,
    en: 'Your registration is waiting for approval by {company}. You can log in once it is approved.',
    zh: '您的注册正在等待{company}审核，审核通过后即可登录。',
  },
  7041: {
    key: 'registrationRejected',
    endsSession: false,
    en: 'Your registration was rejected by {company}. Reason: {reason}',
    zh: '您的注册已被{company}驳回。原因：{reason}',
  },
  7042: {
    key: 'remoteAccessNotAllowed',
    endsSession: false,
    en: 'This account does not allow superior access. Ask its administrator to turn on "Allow superior access".',
    zh: '该账号未开启“允许上级访问”，请联系该账号的管理员开启。',
  },
  7043: {
    key: 'userLimitBelowUsers',
    endsSession: false,
    en: 'The user limit cannot be lower than the company’s current number of users ({count}).',
    zh: '用户上限不能低于该公司当前的用户数（{count}）。',
  },
  7044: { key: 'partnerOnly', endsSession: false, en: 'Only partners (level 1) can do this.', zh: '仅合作伙伴（一级）可以执行此操作。' },
  7045: {
    key: 'userLimitReached',
    endsSession: false,
    en: 'The company has reached its user limit ({limit} users). Raise the limit or remove users first.',
    zh: '该公司已达到用户上限（{limit} 个用户），请先提高上限或删除用户。',
  },
} as const satisfies Record<number, ErrorEntry>;
