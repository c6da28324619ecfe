import { describe, expect, it } from 'vitest';
import * as v from '../../../src/modules/license';
import { LICENCE_MAX_CHANNEL_RANGES } from '../../../src/modules/license';
import { issues } from '../../support/issues';

describe('licences', () => {
  it('camera counts step by 5', () => {
    for (const ok of [5, 10, 15, 100]) expect(v.isCameraCountOnInterval(ok)).toBe(true);
    for (const bad of [0, 1, 4, 6, 12, -5, 7.5]) expect(v.isCameraCountOnInterval(bad)).toBe(false);
  });

  it('licence config: price >= cost on price, camera count on the interval', () => {
    const ok = { cameraCount: 10, trialDays: 30, cost: 5, price: 5 };
    expect(issues(v.licenceConfigSchema, ok)).toEqual([]);
    expect(issues(v.licenceConfigSchema, { ...ok, price: 4.99 })).toEqual(['price:validation.priceBelowCost']);
    expect(issues(v.licenceConfigSchema, { ...ok, cameraCount: 12 })).toEqual(['cameraCount:validation.cameraCountInterval']);
    expect(issues(v.licenceConfigSchema, { ...ok, trialDays: -1 })).toEqual(['trialDays:validation.trialDaysInvalid']);
  });

  it('licence price list: price >= cost, at most 5 channel ranges per installer, no repeated range', () => {
    const row = (email: string, channelUpperLimit: number, price = 10, cost = 5) => ({
      email,
      channelUpperLimit,
      validityDays: 365,
      cost,
      price,
    });
    const five = [5, 10, 15, 20, 25].map((n) => row('a@x.com', n));
    expect(issues(v.licencePriceListSchema, [...five, row('b@x.com', 5)])).toEqual([]);
    expect(issues(v.licencePriceListSchema, [...five, row('A@x.com', 30)])).toEqual(['5.channelUpperLimit:validation.licenceRangesMax']);
    expect(issues(v.licencePriceListSchema, [row('a@x.com', 5), row('a@x.com', 5)])).toEqual([
      '1.channelUpperLimit:validation.licenceRangeDuplicate',
    ]);
    expect(issues(v.licencePriceListSchema, [row('a@x.com', 5, 4, 5)])).toEqual(['0.price:validation.priceBelowCost']);
    expect(issues(v.licencePriceListSchema, [row('a@x.com', 7)])).toEqual(['0.channelUpperLimit:validation.cameraCountInterval']);
    expect(issues(v.licencePriceListSchema, [row('not-mail', 5)])).toEqual(['0.email:validation.emailInvalid']);
    expect(issues(v.licencePriceListSchema, [])).toEqual([':validation.importEmpty']);
    expect(v.licenceRangeIssues([...five, row('a@x.com', 30), row('a@x.com', 35)]).map((i) => i.index)).toEqual([5, 6]);
  });

  it('channel ranges of one installer: 1-5, distinct, price >= cost', () => {
    const r = (channelUpperLimit: number, price = 10, cost = 5) => ({ channelUpperLimit, price, cost });
    expect(issues(v.licenceChannelRangesSchema, [r(5), r(10)])).toEqual([]);
    expect(issues(v.licenceChannelRangesSchema, [])).toEqual([':validation.licenceRangeRequired']);
    expect(
      issues(
        v.licenceChannelRangesSchema,
        Array.from({ length: LICENCE_MAX_CHANNEL_RANGES + 1 }, (_, i) => r((i + 1) * 5)),
      ),
    ).toEqual([':validation.licenceRangesMax']);
    expect(issues(v.licenceChannelRangesSchema, [r(5), r(5)])).toEqual(['1.channelUpperLimit:validation.licenceRangeDuplicate']);
    expect(issues(v.licenceChannelRangesSchema, [r(5, 1, 2)])).toEqual(['0.price:validation.priceBelowCost']);
  });
});
