/** Cloud storage goods (SPEC §9). */
export const STORAGE_DURATION_UNITS = ['day', 'month', 'year'] as const;
/** Camera packages: 30, 90, 180 days, 1 year, 2 years. */
export const CAMERA_PACKAGE_DAYS = [30, 90, 180, 365, 730] as const;
export const ANDROID_CURRENCY = 'USD';
export const STORAGE_CURRENCY = 'USD';
/** Prices are integers in minor units (cents); the largest accepted price is 1,000,000.00. */
export const PRICE_MINOR_MAX = 100_000_000;
/** Stock of a goods item (null: unlimited). */
export const GOODS_STOCK_MAX = 10_000_000;
/** Detail images of the graphic information: this many pixels wide, measured on the server. */
export const DETAIL_IMAGE_MIN_WIDTH = 600;
export const DETAIL_IMAGE_MAX_WIDTH = 820;
export const DETAIL_IMAGES_MAX = 10;
/** Rich text per language (graphic information, service terms), after cleaning. */
export const GOODS_HTML_MAX = 20_000;
export const GOODS_NAME_MAX = 64;
export const GOODS_CODE_MAX = 32;
export const GOODS_REASON_MAX = 500;
/** Payment providers of the payee settings; each has an adapter (a server may turn some off by config). */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'paypal', 'card'] as const;
export const AVAILABLE_PAYMENT_PROVIDERS: readonly (typeof PAYMENT_PROVIDERS)[number][] = PAYMENT_PROVIDERS;
export const PAYMENT_PLATFORMS = ['android', 'ios', 'web'] as const;
/**
 * Bounds of a seller's order settings (storage/setting): the payment window of an unpaid order, in
 * minutes (default STORAGE_ORDER_PAY_MINUTES), and the last days of a running plan shown as near
 * expiry (default STORAGE_NEAR_EXPIRY_DAYS).
 */
export const STORAGE_PAY_MINUTES_MIN = 5;
export const STORAGE_PAY_MINUTES_MAX = 120;
export const STORAGE_NEAR_EXPIRY_DAYS_MIN = 1;
export const STORAGE_NEAR_EXPIRY_DAYS_MAX = 30;
/** Sandbox keys: `sbx_` and at least 16 letters or digits; a key ending in `fail` fails the connection test. */
/** Longest Apple Pay domain association file kept (Apple's are about 10 KB of hex). */
export const APPLE_PAY_ASSOCIATION_MAX = 65_536;
/** Where Apple looks for a merchant domain's association file (served per seller domain). */
export const APPLE_PAY_ASSOCIATION_PATH = '/.well-known/apple-developer-merchantid-domain-association';

export const SANDBOX_KEY_PATTERN = /^sbx_[A-Za-z0-9]{16,64}$/;

/** The portal's order list counts its matches exactly up to this many (a 31-day window of a large seller holds tens of thousands). */
export const ORDER_LIST_TOTAL_CAP = 10_000;
