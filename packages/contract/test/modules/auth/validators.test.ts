import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../src/shared/constants';
import * as auth from '../../../src/modules/auth';
import * as rules from '../../../src/shared/register-rules';

const v = { ...auth, ...rules };
import { issues, key } from '../../support/issues';

describe('passwords', () => {
  it('counts character kinds and scores strength levels', () => {
    expect(v.passwordKinds('abcdefgh')).toBe(1);
    expect(v.passwordKinds('abcDEF12')).toBe(3);
    expect(v.passwordKinds('aB1!')).toBe(4);
    expect(v.passwordStrength('abcdefgh')).toBe(1);
    expect(v.passwordStrength('12345678')).toBe(1);
    expect(v.passwordStrength('abcd1234')).toBe(2);
    expect(v.passwordStrength('abcD1234')).toBe(2);
    expect(v.passwordStrength('abcD123!')).toBe(3);
    expect(v.passwordStrength('Ab1 ')).toBe(3); // a space is a special character
  });

  it('accepts 8-16 characters only', () => {
    expect(v.isPasswordLengthValid('a'.repeat(PASSWORD_MIN - 1))).toBe(false);
    expect(v.isPasswordLengthValid('a'.repeat(PASSWORD_MIN))).toBe(true);
    expect(v.isPasswordLengthValid('a'.repeat(PASSWORD_MAX))).toBe(true);
    expect(v.isPasswordLengthValid('a'.repeat(PASSWORD_MAX + 1))).toBe(false);
  });

  it('strongPasswordSchema checks length first, then the strength level', () => {
    const level2 = v.strongPasswordSchema(2);
    const level3 = v.strongPasswordSchema(3);
    expect(key(level2, 'abcd1234')).toBeNull();
    expect(key(level2, 'abcdefgh')).toBe('validation.passwordStrength');
    expect(key(level2, 'ab12')).toBe('validation.passwordLength');
    expect(key(level2, 'abcd1234abcd12345')).toBe('validation.passwordLength');
    expect(key(level2, '')).toBe('validation.passwordRequired');
    expect(key(level2, undefined)).toBe('validation.passwordRequired');
    expect(key(level3, 'abcD1234')).toBe('validation.passwordStrength');
    expect(key(level3, 'abcD123!')).toBeNull();
    expect(key(v.strongPasswordSchema(1), 'abcdefgh')).toBeNull();
  });

  it('registration password needs two of digits, letters, special characters', () => {
    expect(v.isRegistrationPasswordValid('abcd1234')).toBe(true);
    expect(v.isRegistrationPasswordValid('abcdefg!')).toBe(true);
    expect(v.isRegistrationPasswordValid('1234567!')).toBe(true);
    expect(v.isRegistrationPasswordValid('abcdEFGH')).toBe(false); // letters only, whatever the case
    expect(v.isRegistrationPasswordValid('12345678')).toBe(false);
    expect(v.isRegistrationPasswordValid('!@#$%^&*')).toBe(false);
    expect(v.isRegistrationPasswordValid('ab12')).toBe(false);
    expect(v.isRegistrationPasswordValid('abcd1234abcd12345')).toBe(false);
    expect(key(v.passwordSchema, 'abcd1234')).toBeNull();
    expect(key(v.passwordSchema, 'abcdefgh')).toBe('validation.passwordRule');
    expect(key(v.passwordSchema, '')).toBe('validation.passwordRequired');
  });

  it('confirmation must match and is reported on confirmPassword', () => {
    expect(issues(v.passwordConfirmSchema, { password: 'abcd1234', confirmPassword: 'abcd1234' })).toEqual([]);
    expect(issues(v.passwordConfirmSchema, { password: 'abcd1234', confirmPassword: 'abcd1235' })).toEqual([
      'confirmPassword:validation.passwordMismatch',
    ]);
    expect(issues(v.passwordConfirmSchema, { password: 'abcd1234', confirmPassword: '' })).toEqual([
      'confirmPassword:validation.confirmPasswordRequired',
    ]);
    expect(v.passwordsMatch('a', 'a')).toBe(true);
    expect(v.passwordsMatch('a', 'A')).toBe(false);
  });
});

describe('codes', () => {
  it('verification and graphic codes are required', () => {
    expect(key(v.verifyCodeSchema, '123456')).toBeNull();
    expect(key(v.verifyCodeSchema, ' ')).toBe('validation.verifyCodeRequired');
    expect(key(v.verifyCodeSchema, undefined)).toBe('validation.verifyCodeRequired');
    expect(key(v.imageCodeSchema, 'aB3d')).toBeNull();
    expect(key(v.imageCodeSchema, '')).toBe('validation.imageCodeRequired');
  });
});
