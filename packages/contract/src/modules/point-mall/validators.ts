/** Rules of the points mall (SPEC §5): a gift's value and expiry. */
import { z } from 'zod';
import type { SharedValidationName } from '../../shared/messages';
import { validationKeyOf } from '../../shared/validators';
import type { PointMallValidationName } from './messages';

const vk = validationKeyOf<SharedValidationName | PointMallValidationName>();

export function isGiftValueValid(value: number): boolean {
  return Number.isFinite(value) && value > 0;
}

/** The expiry must be strictly later than `now` (epoch ms). */
export function isGiftExpiryValid(expiresAt: number, now: number): boolean {
  return Number.isFinite(expiresAt) && expiresAt > now;
}

/**
 * A gift: value > 0 and expiry (epoch ms) later than now. `now` is a parameter so tests and the
 * server pin the clock; a form that stays open may pass a function read at validation time.
 */
export function giftSchema(now: number | (() => number)) {
  const nowMs = typeof now === 'function' ? now : () => now;
  return z.object({
    value: z.number({ error: vk('giftValuePositive') }).refine(isGiftValueValid, { error: vk('giftValuePositive') }),
    expiresAt: z.number({ error: vk('giftExpiryPast') }).refine((t) => isGiftExpiryValid(t, nowMs()), { error: vk('giftExpiryPast') }),
  });
}
