import type { ErrorEntry, ErrorRange } from '../../shared/errors';

/** The numbers of the account-manage module's codes (shared/errors.ts). */
export const ACCOUNT_MANAGE_ERROR_RANGES: readonly ErrorRange[] = [
  // Users and own account
  [7030, 7039],
  // SPEC §8: 20052, an address added and deleted too often
  [20050, 20059],
];

/** The account-manage module's codes: users and their own accounts. */
export const ACCOUNT_MANAGE_ERRORS = {
  // Users and own account
  7031: { key: 'passwordWrong', endsSession: false, en: 'The password is wrong.', zh: '密码错误。' },
  7032: {
    key: 'unregisterRefused',
    endsSession: false,
    en: 'This account cannot be deleted: it is the only owner of a company that still has users or downstream companies.',
    zh: '该账号无法注销：它是公司唯一的所有者，且公司仍有其他用户或下级公司。',
  },
  7033: {
    key: 'cannotOperateSelf',
    endsSession: false,
    en: 'You cannot disable, delete or change the permissions of your own account.',
    zh: '不能禁用、删除自己的账号或修改自己的权限。',
  },
  7034: {
    key: 'notRegistered',
    endsSession: false,
    en: 'The user has not completed registration yet. Send the invitation again instead.',
    zh: '该用户尚未完成注册，请重新发送邀请。',
  },

  // SPEC §8: an e-mail repeatedly added and deleted (users and invitations)
  20052: {
    key: 'emailChurn',
    endsSession: false,
    en: 'This e-mail was added and deleted repeatedly. Please retry in {minutes} minutes.',
    zh: '该邮箱被重复添加/删除，请 {minutes} 分钟后重试。',
  },
} as const satisfies Record<number, ErrorEntry>;
