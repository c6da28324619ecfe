/** Cloud storage goods (SPEC §9). */
export const STORAGE_DURATION_UNITS = ['day', 'month', 'year'] as const;
/** Camera packages: 30, 90, 180 days, 1 year, 2 years. */
export const CAMERA_PACKAGE_DAYS = [30, 90, 180, 365, 730] as const;
export const ANDROID_CURRENCY = 'USD';
