import type { MessageText } from '../../shared/messages';

/** Texts of the cloud storage goods' keys (see shared/messages.ts: no zod here). */
export const CLOUD_STORAGE_VALIDATION_MESSAGES = {
  // ----- goods prices -----
  androidPriceBelowGuide: { en: 'The Android price cannot be lower than the guide price.', zh: 'Android售价不能低于指导价。' },
  iosPriceBelowGuide: { en: 'The iOS price cannot be lower than the guide price.', zh: 'iOS售价不能低于指导价。' },
  guidePriceBelowCost: { en: 'The guide price cannot be lower than the cost price.', zh: '指导价不能低于成本价。' },
  // ----- order settings -----
  payMinutesRange: { en: 'The payment window must be 5 to 120 minutes.', zh: '支付时限须为 5 至 120 分钟。' },
  nearExpiryDaysRange: { en: 'Near expiry must be 1 to 30 days.', zh: '即将过期天数须为 1 至 30 天。' },
} satisfies Record<string, MessageText>;

export type CloudStorageValidationName = keyof typeof CLOUD_STORAGE_VALIDATION_MESSAGES;
