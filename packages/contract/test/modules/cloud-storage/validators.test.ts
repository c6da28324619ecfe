import { describe, expect, it } from 'vitest';
import * as v from '../../../src/modules/cloud-storage';
import { issues } from '../../support/issues';

describe('goods prices', () => {
  it('goods prices: Android >= guide, iOS >= guide, guide >= cost, each on its own field', () => {
    const ok = { androidPrice: 3, iosPrice: 3.99, guidePrice: 2.99, costPrice: 1 };
    expect(issues(v.goodsPriceSchema, ok)).toEqual([]);
    expect(issues(v.goodsPriceSchema, { androidPrice: 2, iosPrice: 2, guidePrice: 2, costPrice: 2 })).toEqual([]);
    expect(issues(v.goodsPriceSchema, { ...ok, androidPrice: 2.98 })).toEqual(['androidPrice:validation.androidPriceBelowGuide']);
    expect(issues(v.goodsPriceSchema, { ...ok, iosPrice: 1 })).toEqual(['iosPrice:validation.iosPriceBelowGuide']);
    expect(issues(v.goodsPriceSchema, { ...ok, costPrice: 3 })).toEqual(['guidePrice:validation.guidePriceBelowCost']);
    expect(issues(v.goodsPriceSchema, { androidPrice: 1, iosPrice: 1, guidePrice: 2, costPrice: 3 })).toEqual([
      'androidPrice:validation.androidPriceBelowGuide',
      'iosPrice:validation.iosPriceBelowGuide',
      'guidePrice:validation.guidePriceBelowCost',
    ]);
    expect(issues(v.goodsPriceSchema, { ...ok, costPrice: undefined })).toEqual(['costPrice:validation.priceRequired']);
    expect(v.goodsPriceIssues({ androidPrice: 0.3, iosPrice: 0.3, guidePrice: 0.1 + 0.2, costPrice: 0 })).toEqual([]);
  });
});
