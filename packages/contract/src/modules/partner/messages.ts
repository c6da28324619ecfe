import type { MessageText } from '../../shared/messages';

/** INVITEE_NAME_MAX of ./validators.ts, repeated (no zod here); test/validation-messages.test.ts checks it. */
const INVITEE_NAME_MAX = 100;

/** Texts of the partner module's keys: invitations, companies, registration audit (see shared/messages.ts: no zod here). */
export const PARTNER_VALIDATION_MESSAGES = {
  // ----- invitations and companies -----
  nameRequired: { en: 'Please enter the name.', zh: '请输入名称。' },
  nameTooLong: {
    en: `The name cannot exceed ${INVITEE_NAME_MAX} characters.`,
    zh: `名称不能超过${INVITEE_NAME_MAX}个字符。`,
  },
  userLimitInvalid: { en: 'The user limit must be a whole number from 1 to 100,000.', zh: '用户上限须为1到100,000之间的整数。' },
  timeZoneInvalid: { en: 'Please choose a time zone from the list.', zh: '请从列表中选择时区。' },

  // ----- registration audit -----
  rejectReasonRequired: { en: 'Please enter the reason for the rejection.', zh: '请输入驳回原因。' },
  rejectReasonTooLong: { en: 'The reason cannot exceed 200 characters.', zh: '驳回原因不能超过200个字符。' },
} satisfies Record<string, MessageText>;

export type PartnerValidationName = keyof typeof PARTNER_VALIDATION_MESSAGES;
