import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX } from '../../src/shared/constants';
import { emailIssue, loginFormIssues, loginPasswordIssue, normalizeEmail } from '../../src/shared/rules';
import { emailCodeFormIssues, findPasswordFormIssues, registerFormIssues, type RegisterFormValues } from '../../src/shared/register-rules';
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

  it('registerFormIssues reports, per field, what the self-register call schema reports', () => {
    const good: RegisterFormValues = {
      email: 'new@customer.test',
      imageCode: '',
      emailCode: '123456',
      password: 'Abcdef12',
      confirmPassword: 'Abcdef12',
      companyName: 'Customer Co',
      nickName: 'Pat',
      agree: true,
    };
    const variants: Partial<RegisterFormValues>[] = [
      {},
      { email: '' },
      { email: 'bad' },
      { emailCode: '  ' },
      { password: '' },
      { password: 'short1' },
      { password: 'onlyletters' },
      { password: 'x1'.repeat(9) },
      { confirmPassword: '' },
      { confirmPassword: 'Abcdef13' },
      { password: 'onlyletters', confirmPassword: 'other' },
      { companyName: '   ' },
      { nickName: '' },
      { agree: false },
      { email: '', emailCode: '', password: '', confirmPassword: '', companyName: '', nickName: '', agree: false },
    ];
    for (const change of variants) {
      const values = { ...good, ...change };
      const { imageCode: _image, ...data } = values;
      const res = authCalls.selfRegister.data.safeParse(data);
      const fromSchema: Record<string, string> = {};
      for (const issue of res.success ? [] : res.error.issues) {
        const field = String(issue.path[0]);
        fromSchema[field] ??= issue.message;
      }
      expect(registerFormIssues(values), JSON.stringify(change)).toEqual(fromSchema);
      // Password finding: the same rules on its fields, as its own call schema reports them.
      const { email, emailCode, password, confirmPassword } = values;
      const found = authCalls.findPassword.data.safeParse({ email, emailCode, password, confirmPassword });
      const fromFind: Record<string, string> = {};
      for (const issue of found.success ? [] : found.error.issues) fromFind[String(issue.path[0])] ??= issue.message;
      expect(findPasswordFormIssues({ ...values }), JSON.stringify(change)).toEqual(fromFind);
    }
  });

  it('emailCodeFormIssues checks the address and the graphic code as the e-mail code call does', () => {
    expect(emailCodeFormIssues({ email: '', imageCode: ' ' })).toEqual({
      email: 'validation.emailRequired',
      imageCode: 'validation.imageCodeRequired',
    });
    expect(emailCodeFormIssues({ email: 'a@b.co', imageCode: 'x7' })).toEqual({});
    const res = authCalls.emailCode.data.safeParse({ email: 'a@b.co', purpose: 'register', imageCodeId: 'id', imageCode: ' ' });
    expect(res.success ? null : res.error.issues[0]?.message).toBe('validation.imageCodeRequired');
  });
});
