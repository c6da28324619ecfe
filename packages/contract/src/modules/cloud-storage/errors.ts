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
  // Issue 12 (23020-23039). Numbers still kept: 23029 wrong verification code, 23030 app key invalid
  // (the app-api module answers these with its own 25xxx codes).
  23020: {
    key: 'goodsAreaMismatch',
    endsSession: false,
    en: 'The sale area is not one of your areas.',
    zh: '销售区域不在您的区域范围内。',
  },
  23021: {
    key: 'freeGoodsOnSale',
    endsSession: false,
    en: 'You already have a free product on sale in this area.',
    zh: '您在该区域已有在售的免费商品。',
  },
  23022: {
    key: 'freePlanUsed',
    endsSession: false,
    en: 'This device has already had the free plan of this seller.',
    zh: '该设备已领取过该商家的免费套餐。',
  },
  23023: {
    key: 'noVerifiedPayee',
    endsSession: false,
    en: 'Paid goods need a verified payee account: set one up and test its connection first.',
    zh: '付费商品需要已验证的收款账户：请先配置收款账户并测试连接。',
  },
  23024: {
    key: 'orderClosed',
    endsSession: false,
    en: 'The order has been cancelled or paid already.',
    zh: '订单已取消或已支付。',
  },
  23025: { key: 'paymentDeclined', endsSession: false, en: 'The payment was declined.', zh: '支付被拒绝。' },
  23026: {
    key: 'idempotencyKeyReused',
    endsSession: false,
    en: 'This idempotency key was already used for a different request.',
    zh: '该幂等键已用于另一个不同的请求。',
  },
  23027: {
    key: 'payeeTestFailed',
    endsSession: false,
    en: 'The connection test failed ({reason}): check the account ID, secret key and mode.',
    zh: '连接测试失败（{reason}）：请检查账户ID、密钥和模式。',
  },
  23028: {
    key: 'refundTooLarge',
    endsSession: false,
    en: 'Nothing more can be refunded for this order.',
    zh: '该订单已无可退款金额。',
  },
  23031: {
    key: 'payeeProviderUnavailable',
    endsSession: false,
    en: 'This payment provider is turned off on this server; choose another one.',
    zh: '该支付渠道已在本服务器停用，请选择其他渠道。',
  },
  23032: {
    key: 'detailImageWidth',
    endsSession: false,
    en: 'Detail images must be 600 to 820 pixels wide (this one is {width} px).',
    zh: '详情图片宽度须为 600 至 820 像素（当前 {width} 像素）。',
  },
  23033: {
    key: 'goodsCodeTaken',
    endsSession: false,
    en: 'Goods ID {code} is already in use.',
    zh: '商品ID {code} 已被使用。',
  },
  23034: { key: 'planDisabled', endsSession: false, en: 'The plan is disabled.', zh: '该套餐已停用。' },
  23035: {
    key: 'goodsUnderReview',
    endsSession: false,
    en: 'Goods under review cannot be changed; withdraw them first.',
    zh: '审核中的商品不可修改，请先撤回。',
  },
  23036: {
    key: 'refundRefused',
    endsSession: false,
    en: 'The payment provider did not refund ({reason}); nothing was changed. Try again later.',
    zh: '支付渠道未完成退款（{reason}），订单未作更改，请稍后重试。',
  },
  // Hosted checkout (23040-23069).
  23040: {
    key: 'checkoutLinkInvalid',
    endsSession: false,
    en: 'This payment link is not valid. Ask the seller or the app for a new one.',
    zh: '该支付链接无效，请向商家或应用重新获取。',
  },
  23041: {
    key: 'checkoutLinkExpired',
    endsSession: false,
    en: 'This payment link has expired: the order was not paid in time.',
    zh: '该支付链接已过期：订单未在规定时间内支付。',
  },
  23042: {
    key: 'checkoutMethodUnsupported',
    endsSession: false,
    en: "The seller's payment method cannot be used on this page: pay in the app.",
    zh: '该商家的支付方式无法在此页面使用，请在应用内支付。',
  },
  31001: { key: 'insufficientStock', endsSession: false, en: 'Insufficient inventory.', zh: '库存不足。' },
} as const satisfies Record<number, ErrorEntry>;
