import type { MessageText } from '../../shared/messages';

/** Texts of the points mall's keys: gifts (see shared/messages.ts: no zod here). */
export const POINT_MALL_VALIDATION_MESSAGES = {
  // ----- gifts -----
  giftValuePositive: { en: 'The gift value must be greater than 0.', zh: '礼品价值须大于0。' },
  giftExpiryPast: { en: 'The expiry time must be later than now.', zh: '有效期须晚于当前时间。' },
} satisfies Record<string, MessageText>;

export type PointMallValidationName = keyof typeof POINT_MALL_VALIDATION_MESSAGES;
