import { describe, expect, it } from 'vitest';
import { IP_UPDATE_EFFECTS, ipUpdateEffectSchema } from '../../../src/modules/system';
import { describeMachine } from '../../support/machines';

describeMachine('ipUpdate', {
  states: ['to_be_confirmed', 'not_ready', 'ready', 'completed', 'revoked'],
  transitions: [
    'to_be_confirmed --confirm--> not_ready',
    'not_ready --prepare--> ready',
    'ready --execute--> completed',
    'to_be_confirmed --revoke--> revoked',
    'not_ready --revoke--> revoked',
    'ready --revoke--> revoked',
    'completed --rollback--> revoked',
  ],
});

describe('IP update', () => {
  it('IP update effect is manual or automatic', () => {
    expect(IP_UPDATE_EFFECTS).toEqual(['manual', 'automatic']);
    expect(ipUpdateEffectSchema.safeParse('automatic').success).toBe(true);
    expect(ipUpdateEffectSchema.safeParse('auto').success).toBe(false);
  });
});
