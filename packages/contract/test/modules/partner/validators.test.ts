import { describe, expect, it } from 'vitest';
import * as v from '../../../src/modules/partner';
import { issues, key } from '../../support/issues';

describe('invitations', () => {
  it('an invitation needs a name and an e-mail', () => {
    expect(issues(v.inviteeSchema, { name: 'ACME Installers', email: 'ops@acme.com' })).toEqual([]);
    expect(issues(v.inviteeSchema, { name: ' ', email: '' })).toEqual(['name:validation.nameRequired', 'email:validation.emailRequired']);
    expect(key(v.inviteeNameSchema, 'x'.repeat(v.INVITEE_NAME_MAX + 1))).toBe('validation.nameTooLong');
  });
});
