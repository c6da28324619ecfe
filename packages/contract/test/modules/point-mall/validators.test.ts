import { describe, expect, it } from 'vitest';
import { DAY_MS as DAY } from '../../../src/shared/validators';
import * as v from '../../../src/modules/point-mall';
import { issues } from '../../support/issues';

describe('gifts', () => {
  it('gift value > 0 and expiry later than now', () => {
    const now = Date.UTC(2025, 0, 1);
    const gift = v.giftSchema(now);
    expect(issues(gift, { value: 100, expiresAt: now + 1 })).toEqual([]);
    expect(issues(gift, { value: 0, expiresAt: now + DAY })).toEqual(['value:validation.giftValuePositive']);
    expect(issues(gift, { value: -5, expiresAt: now + DAY })).toEqual(['value:validation.giftValuePositive']);
    expect(issues(gift, { value: 1, expiresAt: now })).toEqual(['expiresAt:validation.giftExpiryPast']);
    expect(issues(gift, { value: 1, expiresAt: now - DAY })).toEqual(['expiresAt:validation.giftExpiryPast']);
    let clock = now;
    const live = v.giftSchema(() => clock);
    expect(issues(live, { value: 1, expiresAt: now + 10 })).toEqual([]);
    clock = now + 10;
    expect(issues(live, { value: 1, expiresAt: now + 10 })).toEqual(['expiresAt:validation.giftExpiryPast']);
    expect(v.isGiftValueValid(0.01)).toBe(true);
    expect(v.isGiftValueValid(Number.NaN)).toBe(false);
    expect(v.isGiftExpiryValid(now + 1, now)).toBe(true);
    expect(v.isGiftExpiryValid(now, now)).toBe(false);
  });
});
