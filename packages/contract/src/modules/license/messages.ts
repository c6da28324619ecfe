import type { MessageText } from '../../shared/messages';
import { LICENCE_CAMERA_INTERVAL, LICENCE_MAX_CHANNEL_RANGES } from './constants';

/** Texts of the licence keys: configuration and price lists (see shared/messages.ts: no zod here). */
export const LICENSE_VALIDATION_MESSAGES = {
  // ----- licence configuration and price lists -----
  licenceRangeRequired: { en: 'Please add at least one channel upper limit.', zh: '请至少添加一个通道上限。' },
  licenceRangesMax: {
    en: `At most ${LICENCE_MAX_CHANNEL_RANGES} channel upper limits can be set.`,
    zh: `最多可设置${LICENCE_MAX_CHANNEL_RANGES}个通道上限。`,
  },
  licenceRangeDuplicate: { en: 'This channel upper limit is already set.', zh: '通道上限不能重复。' },
  cameraCountInterval: {
    en: `The number of channels must be a multiple of ${LICENCE_CAMERA_INTERVAL} (${LICENCE_CAMERA_INTERVAL}, ${LICENCE_CAMERA_INTERVAL * 2}, ${LICENCE_CAMERA_INTERVAL * 3}, ...).`,
    zh: `通道数须为${LICENCE_CAMERA_INTERVAL}的倍数（${LICENCE_CAMERA_INTERVAL}、${LICENCE_CAMERA_INTERVAL * 2}、${LICENCE_CAMERA_INTERVAL * 3}……）。`,
  },
  priceBelowCost: { en: 'The price cannot be lower than the cost price.', zh: '价格不能低于成本价。' },
  trialDaysInvalid: { en: 'The trial days must be a whole number of 0 or more.', zh: '试用天数须为大于或等于0的整数。' },
} satisfies Record<string, MessageText>;

export type LicenseValidationName = keyof typeof LICENSE_VALIDATION_MESSAGES;
