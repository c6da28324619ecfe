import type { MessageText } from '../../shared/messages';

/** Texts of the account-manage module's keys: users and the signed-in user's account (see shared/messages.ts: no zod here). */
export const ACCOUNT_MANAGE_VALIDATION_MESSAGES = {
  // ----- users and own account -----
  nickNameTooLong: { en: 'The nickname cannot exceed 50 characters.', zh: '昵称不能超过50个字符。' },
  phoneInvalid: {
    en: 'The phone number can contain only digits, spaces and + - ( ), up to 32 characters.',
    zh: '电话号码只能包含数字、空格及 + - ( )，且不超过32个字符。',
  },
  oldPasswordRequired: { en: 'Please enter the old password.', zh: '请输入旧密码。' },
  userConfigTooLarge: { en: 'The saved setting is too large.', zh: '保存的设置内容过大。' },
} satisfies Record<string, MessageText>;

export type AccountManageValidationName = keyof typeof ACCOUNT_MANAGE_VALIDATION_MESSAGES;
