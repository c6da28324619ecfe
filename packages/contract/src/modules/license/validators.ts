/** Licence rules (SPEC §5): camera counts, licence configuration and price lists, channel ranges. */
import { z } from 'zod';
import { IMPORT_MAX_ROWS } from '../../shared/constants';
import type { SharedValidationName } from '../../shared/messages';
import {
  emailSchema,
  flagRepeats,
  isPriceAtLeast,
  priceSchema,
  validationKeyOf,
  validityDaysSchema,
  type ValidationKeyOf,
} from '../../shared/validators';
import { LICENCE_CAMERA_INTERVAL, LICENCE_MAX_CHANNEL_RANGES } from './constants';
import type { LicenseValidationName } from './messages';

const vk = validationKeyOf<SharedValidationName | LicenseValidationName>();
type Key = ValidationKeyOf<LicenseValidationName>;

/** Licence camera (channel) counts step by 5: 5, 10, 15, ... (SPEC §5). */
export function isCameraCountOnInterval(n: number): boolean {
  return Number.isInteger(n) && n > 0 && n % LICENCE_CAMERA_INTERVAL === 0;
}

const cameraCountSchema = z
  .number({ error: vk('cameraCountInterval') })
  .refine(isCameraCountOnInterval, { error: vk('cameraCountInterval') });

/** Licence configuration: camera count on the interval of 5, trial days, price >= cost. */
export const licenceConfigSchema = z
  .object({
    cameraCount: cameraCountSchema,
    trialDays: z
      .number({ error: vk('trialDaysInvalid') })
      .int({ error: vk('trialDaysInvalid') })
      .min(0, { error: vk('trialDaysInvalid') }),
    cost: priceSchema,
    price: priceSchema,
  })
  .refine((c) => isPriceAtLeast(c.price, c.cost), { path: ['price'], error: vk('priceBelowCost') });

/** One row of a licence price list: an installer's price for licences up to a channel upper limit. */
export const licencePriceRowSchema = z
  .object({
    email: emailSchema,
    channelUpperLimit: cameraCountSchema,
    validityDays: validityDaysSchema(1),
    cost: priceSchema,
    price: priceSchema,
  })
  .refine((r) => isPriceAtLeast(r.price, r.cost), { path: ['price'], error: vk('priceBelowCost') });
export type LicencePriceRow = z.infer<typeof licencePriceRowSchema>;

/**
 * Rows over the limit of 5 channel ranges per installer, and repeated (installer, upper limit)
 * rows: each reported at its row index.
 */
export function licenceRangeIssues(rows: readonly { email: string; channelUpperLimit: number }[]): { index: number; key: Key }[] {
  const perEmail = new Map<string, Set<number>>();
  const issues: { index: number; key: Key }[] = [];
  rows.forEach((r, index) => {
    const email = r.email.trim().toLowerCase();
    const limits = perEmail.get(email) ?? new Set<number>();
    perEmail.set(email, limits);
    if (limits.has(r.channelUpperLimit)) issues.push({ index, key: vk('licenceRangeDuplicate') });
    else if (limits.size >= LICENCE_MAX_CHANNEL_RANGES) issues.push({ index, key: vk('licenceRangesMax') });
    else limits.add(r.channelUpperLimit);
  });
  return issues;
}

/** A whole licence price list (the parsed import): 1-5000 rows, at most 5 ranges per installer. */
export const licencePriceListSchema = z
  .array(licencePriceRowSchema)
  .min(1, { error: vk('importEmpty') })
  .max(IMPORT_MAX_ROWS, { error: vk('importTooManyRows') })
  .superRefine((rows, ctx) => {
    for (const { index, key } of licenceRangeIssues(rows))
      ctx.addIssue({ code: 'custom', message: key, path: [index, 'channelUpperLimit'] });
  });

/** The channel ranges of one installer (or one licence product): 1-5 distinct upper limits. */
export const licenceChannelRangesSchema = z
  .array(
    z
      .object({ channelUpperLimit: cameraCountSchema, cost: priceSchema, price: priceSchema })
      .refine((r) => isPriceAtLeast(r.price, r.cost), { path: ['price'], error: vk('priceBelowCost') }),
  )
  .min(1, { error: vk('licenceRangeRequired') })
  .max(LICENCE_MAX_CHANNEL_RANGES, { error: vk('licenceRangesMax') })
  .superRefine((ranges, ctx) =>
    flagRepeats(
      ranges.map((r) => r.channelUpperLimit),
      vk('licenceRangeDuplicate'),
      ctx,
      (i) => [i, 'channelUpperLimit'],
    ),
  );
