import type { ErrorEntry, ErrorRange } from '../../shared/errors';

/** The numbers of the cloud-storage module's codes (shared/errors.ts). */
export const CLOUD_STORAGE_ERROR_RANGES: readonly ErrorRange[] = [
  // SPEC §8: 7079
  [7070, 7079],
  // SPEC §8: 23003-23017
  [23000, 23999],
  // SPEC §8: 31001
  [31000, 31999],
];

/** The order codes of SPEC §8 (cloud storage goods and orders; 23007-23017 are the end user's device binding, DOMAIN §5). */
export const CLOUD_STORAGE_ERRORS = {
  // Orders (SPEC §8)
  7079: { key: 'productNotExist', endsSession: false, en: 'The product does not exist.', zh: '商品不存在。' },
  23003: { key: 'productNotListed', endsSession: false, en: 'The cloud storage product is not listed.', zh: '云存储商品未上架。' },
  23005: { key: 'productRemoved', endsSession: false, en: 'The product has been removed from the shelves.', zh: '商品已下架。' },
  23007: { key: 'deviceNotBound', endsSession: false, en: 'The device is not bound.', zh: '设备未绑定。' },
  23008: { key: 'deviceNotExist', endsSession: false, en: 'The device does not exist.', zh: '设备不存在。' },
  23009: {
    key: 'boundUserDiffers',
    endsSession: false,
    en: 'The device is bound to a different user.',
    zh: '设备绑定的用户与当前用户不一致。',
  },
  23011: { key: 'productExpired', endsSession: false, en: 'The product has expired.', zh: '商品已过期。' },
  23017: { key: 'deviceNotExist2', endsSession: false, en: 'The device does not exist.', zh: '设备不存在。' },
  31001: { key: 'insufficientStock', endsSession: false, en: 'Insufficient inventory.', zh: '库存不足。' },
} as const satisfies Record<number, ErrorEntry>;
