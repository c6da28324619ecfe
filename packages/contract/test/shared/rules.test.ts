import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX } from '../../src/shared/constants';
import { emailIssue, loginFormIssues, loginPasswordIssue, normalizeEmail } from '../../src/shared/rules';
import { authCalls, ssoCalls } from '../../src/modules/auth';
import { authRefs } from '../../src/shared/refs';
import { emailSchema } from '../../src/shared/validators';

const EMAILS: unknown[] = [
  '',
  '   ',
  'a@b.co',
  ' Pat@Partner.Test ',
  'no-at-sign',
  'a@b',
  'a@b.c',
  '.a@b.co',
  'a..b@c.co',
  'a.b@c.co',
  "o'neil@x.org",
  'a+tag@x.org',
  'a@-x.org',
  'a@x-.org',
  `${'a'.repeat(245)}@x.org`,
  `${'a'.repeat(250)}@x.org`,
  'a@x.org.',
  'user@sub.domain.example',
  'ü@x.org',
  123,
  null,
  undefined,
];

describe('zod-free rules (login path without zod)', () => {
  it('emailIssue reports what emailSchema reports, for every sample', () => {
    for (const value of EMAILS) {
      const res = emailSchema.safeParse(value);
      expect(emailIssue(value), String(value)).toBe(res.success ? undefined : res.error.issues[0]?.message);
      if (res.success) expect(normalizeEmail(value as string)).toBe(res.data);
    }
  });

  it('the login password is required and at most PASSWORD_MAX long', () => {
    expect(loginPasswordIssue('')).toBe('validation.passwordRequired');
    expect(loginPasswordIssue(undefined)).toBe('validation.passwordRequired');
    expect(loginPasswordIssue('x')).toBeUndefined();
    expect(loginPasswordIssue('x'.repeat(PASSWORD_MAX))).toBeUndefined();
    expect(loginPasswordIssue('x'.repeat(PASSWORD_MAX + 1))).toBe('validation.passwordLength');
    expect(loginFormIssues({ account: 'bad', password: '' })).toEqual({
      account: 'validation.emailInvalid',
      password: 'validation.passwordRequired',
    });
    expect(loginFormIssues({ account: 'a@b.co', password: 'secret' })).toEqual({});
  });

  it('the call refs are the paths and access of the full call definitions', () => {
    for (const [name, ref] of Object.entries(authRefs)) {
      const def = name === 'exchangeSsoToken' ? ssoCalls.exchangeSsoToken : authCalls[name as keyof typeof authCalls];
      expect({ path: def.path, auth: def.auth }).toEqual(ref);
    }
  });
});
