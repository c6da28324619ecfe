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

describe('reporting time zone', () => {
  it('takes an IANA zone of the list and UTC; anything else is timeZoneInvalid', () => {
    const zones = v.reportingTimeZones();
    expect(zones).toContain('UTC');
    expect(zones).toContain('Asia/Shanghai');
    expect(zones).toContain('Europe/Berlin');
    expect([...zones].sort()).toEqual(zones);
    expect(key(v.timeZoneSchema, 'Asia/Shanghai')).toBeNull();
    expect(key(v.timeZoneSchema, 'UTC')).toBeNull();
    for (const bad of ['Mars/Olympus', '', 'utc+8', 'Europe/berlin', 42])
      expect(key(v.timeZoneSchema, bad)).toBe('validation.timeZoneInvalid');
  });

  it('the corporate information form takes it optionally and refuses an unknown zone', () => {
    const form = { name: 'ACME', contact: '', telephone: '', email: '' };
    expect(issues(v.companyInfoFormSchema, form)).toEqual([]);
    expect(issues(v.companyInfoFormSchema, { ...form, timeZone: 'America/New_York' })).toEqual([]);
    expect(issues(v.companyInfoFormSchema, { ...form, timeZone: 'Nowhere/Land' })).toEqual(['timeZone:validation.timeZoneInvalid']);
  });
});
