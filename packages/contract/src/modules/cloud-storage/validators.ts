/** Rules of cloud storage goods (SPEC §5): Android and iOS prices at least the guide price, the guide price at least the cost. */
import { z } from 'zod';
import type { SharedValidationName } from '../../shared/messages';
import { isPriceAtLeast, priceSchema, validationKeyOf, type ValidationKeyOf } from '../../shared/validators';
import type { CloudStorageValidationName } from './messages';

const vk = validationKeyOf<SharedValidationName | CloudStorageValidationName>();
type Key = ValidationKeyOf<CloudStorageValidationName>;

export interface GoodsPrices {
  androidPrice: number;
  iosPrice: number;
  guidePrice: number;
  costPrice: number;
}

/** Android sale >= guide, iOS sale >= guide, guide >= cost (SPEC §5); each on the field to fix. */
export function goodsPriceIssues(p: GoodsPrices): { path: keyof GoodsPrices; key: Key }[] {
  const issues: { path: keyof GoodsPrices; key: Key }[] = [];
  if (!isPriceAtLeast(p.androidPrice, p.guidePrice)) issues.push({ path: 'androidPrice', key: vk('androidPriceBelowGuide') });
  if (!isPriceAtLeast(p.iosPrice, p.guidePrice)) issues.push({ path: 'iosPrice', key: vk('iosPriceBelowGuide') });
  if (!isPriceAtLeast(p.guidePrice, p.costPrice)) issues.push({ path: 'guidePrice', key: vk('guidePriceBelowCost') });
  return issues;
}

export const goodsPriceSchema = z
  .object({ androidPrice: priceSchema, iosPrice: priceSchema, guidePrice: priceSchema, costPrice: priceSchema })
  .superRefine((p, ctx) => {
    for (const { path, key } of goodsPriceIssues(p)) ctx.addIssue({ code: 'custom', message: key, path: [path] });
  });
