import type { MessageText } from '../../shared/messages';

/** Texts of the cloud storage goods' keys (see shared/messages.ts: no zod here). */
export const CLOUD_STORAGE_VALIDATION_MESSAGES = {
  // ----- goods prices -----
  androidPriceBelowGuide: { en: 'The Android price cannot be lower than the guide price.', zh: 'Android售价不能低于指导价。' },
  iosPriceBelowGuide: { en: 'The iOS price cannot be lower than the guide price.', zh: 'iOS售价不能低于指导价。' },
  guidePriceBelowCost: { en: 'The guide price cannot be lower than the cost price.', zh: '指导价不能低于成本价。' },
} satisfies Record<string, MessageText>;

export type CloudStorageValidationName = keyof typeof CLOUD_STORAGE_VALIDATION_MESSAGES;
