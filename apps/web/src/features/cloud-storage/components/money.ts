/** Prices are integers in minor units (USD cents). */
export const formatMoney = (minor: number | null | undefined) =>
  minor === null || minor === undefined ? '—' : `$${(minor / 100).toFixed(2)}`;
export const toMinor = (major: number | null | undefined) => Math.round((major ?? 0) * 100);
export const toMajor = (minor: number) => minor / 100;
