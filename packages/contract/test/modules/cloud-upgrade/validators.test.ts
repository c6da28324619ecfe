import { describe, expect, it } from 'vitest';
import { VERSION_COUNT_MAX, VERSION_COUNT_MIN } from '../../../src/shared/constants';
import { findDuplicates } from '../../../src/shared/validators';
import * as v from '../../../src/modules/cloud-upgrade';
import { issues, key } from '../../support/issues';

describe('devices', () => {
  it('normalises the accepted MAC formats to 12 upper-case hex digits', () => {
    expect(v.normalizeMac('AA:BB:CC:DD:EE:FF')).toBe('AABBCCDDEEFF');
    expect(v.normalizeMac('aa-bb-cc-dd-ee-ff')).toBe('AABBCCDDEEFF');
    expect(v.normalizeMac('aabbccddeeff')).toBe('AABBCCDDEEFF');
    expect(v.normalizeMac(' 00:1a:2B:3c:4D:5e ')).toBe('001A2B3C4D5E');
    for (const bad of [
      '',
      'AA:BB:CC:DD:EE',
      'AA:BB:CC:DD:EE:FF:00',
      'AA:BB-CC:DD:EE:FF',
      'GG:BB:CC:DD:EE:FF',
      'AABBCCDDEEF',
      'AABB.CCDD.EEFF',
      'A:BB:CC:DD:EE:FF',
    ]) {
      expect(v.normalizeMac(bad)).toBeNull();
    }
    expect(v.formatMac('AABBCCDDEEFF')).toBe('AA:BB:CC:DD:EE:FF');
    expect(v.formatMac('AABBCCDDEEFF', '-')).toBe('AA-BB-CC-DD-EE-FF');
  });

  it('MAC is required and must be valid', () => {
    expect(v.macError('')).toBe('validation.macRequired');
    expect(v.macError(undefined)).toBe('validation.macRequired');
    expect(v.macError('xyz')).toBe('validation.macInvalid');
    expect(v.isMacValid('AA-BB-CC-DD-EE-FF')).toBe(true);
    expect(v.macSchema.parse('aa:bb:cc:dd:ee:ff')).toBe('AABBCCDDEEFF');
    expect(key(v.macSchema, '  ')).toBe('validation.macRequired');
    expect(key(v.macSchema, 'AA:BB')).toBe('validation.macInvalid');
  });

  it('MAC ranges share the first 6 hex digits and end >= start', () => {
    expect(v.macRangeError('AA:BB:CC:00:00:01', 'aabbcc0000ff')).toBeNull();
    expect(v.macRangeError('AA:BB:CC:00:00:01', 'AA-BB-CC-00-00-01')).toBeNull(); // one device
    expect(v.macRangeError('AA:BB:CC:00:00:01', 'AA:BB:CD:00:00:01')).toBe('validation.macRangeOuiMismatch');
    expect(v.macRangeError('AA:BB:CC:00:00:01', 'AB:BB:CC:00:00:02')).toBe('validation.macRangeOuiMismatch');
    expect(v.macRangeError('AA:BB:CC:00:00:10', 'AA:BB:CC:00:00:0F')).toBe('validation.macRangeOrder');
    expect(v.macRangeError('AA:BB:CC:10:00:00', 'AA:BB:CC:0F:FF:FF')).toBe('validation.macRangeOrder');
    expect(v.macRangeError('', 'AA:BB:CC:00:00:01')).toBe('validation.macRequired');
    expect(v.macRangeError('AA:BB:CC:00:00:01', 'nope')).toBe('validation.macInvalid');
    expect(v.macRangeSize('AA:BB:CC:00:00:01', 'AA:BB:CC:00:01:00')).toBe(256);
    expect(v.macRangeSize('AA:BB:CC:00:00:02', 'AA:BB:CC:00:00:01')).toBe(0);
    expect(v.macRangeSchema.parse({ start: 'aa-bb-cc-00-00-01', end: 'AABBCC0000FF' })).toEqual({
      start: 'AABBCC000001',
      end: 'AABBCC0000FF',
    });
    expect(issues(v.macRangeSchema, { start: 'AABBCC000002', end: 'AABBCC000001' })).toEqual(['end:validation.macRangeOrder']);
    expect(issues(v.macRangeSchema, { start: 'AABBCC000001', end: 'AABBCD000001' })).toEqual(['end:validation.macRangeOuiMismatch']);
    expect(issues(v.macRangeSchema, { start: '', end: 'x' })).toEqual(['start:validation.macRequired', 'end:validation.macInvalid']);
  });

  it('SN is trimmed and upper-cased', () => {
    expect(v.normalizeSn('  ab12cd-3 ')).toBe('AB12CD-3');
    expect(v.snSchema.parse(' 210235c3ek3201000123 ')).toBe('210235C3EK3201000123');
    expect(v.snError('')).toBe('validation.snRequired');
    expect(v.snError('   ')).toBe('validation.snRequired');
    expect(v.snError('AB 12')).toBe('validation.snInvalid');
    expect(v.snError('AB<12>')).toBe('validation.snInvalid');
    expect(v.snError('A'.repeat(v.SN_MAX_LENGTH + 1))).toBe('validation.snInvalid');
    expect(key(v.snSchema, 'ab_12')).toBeNull();
  });
});

describe('firmware', () => {
  const md5 = '9e107d9d372bb6826bd81d3542a419d6';

  it('md5 is 32 hex digits and compared case-insensitively with the computed one', () => {
    expect(v.isMd5Hex(md5)).toBe(true);
    expect(v.isMd5Hex(md5.toUpperCase())).toBe(true);
    expect(v.isMd5Hex(md5.slice(1))).toBe(false);
    expect(v.isMd5Hex(`${md5.slice(1)}g`)).toBe(false);
    expect(v.md5Schema.parse(` ${md5.toUpperCase()} `)).toBe(md5);
    expect(key(v.md5Schema, '')).toBe('validation.md5Required');
    expect(key(v.md5Schema, 'abc')).toBe('validation.md5Invalid');
    expect(v.md5Matches(md5.toUpperCase(), md5)).toBe(true);
    expect(v.md5Matches(md5, 'e4d909c290d0fb1ca068ffaddf22cbd0')).toBe(false);
    expect(v.md5Matches('not-hex', 'not-hex')).toBe(false);
    expect(v.md5MismatchError(md5, md5)).toBeNull();
    expect(v.md5MismatchError(md5, 'e4d909c290d0fb1ca068ffaddf22cbd0')).toBe('validation.md5Mismatch');
  });

  it('version count is 50-1000', () => {
    expect(v.isVersionCountValid(VERSION_COUNT_MIN)).toBe(true);
    expect(v.isVersionCountValid(VERSION_COUNT_MAX)).toBe(true);
    expect(v.isVersionCountValid(VERSION_COUNT_MIN - 1)).toBe(false);
    expect(v.isVersionCountValid(VERSION_COUNT_MAX + 1)).toBe(false);
    expect(v.isVersionCountValid(100.5)).toBe(false);
    expect(key(v.versionCountSchema, 500)).toBeNull();
    expect(key(v.versionCountSchema, 49)).toBe('validation.versionCountRange');
    expect(key(v.versionCountSchema, undefined)).toBe('validation.versionCountRange');
  });
});

describe('release regions', () => {
  it('the same region cannot be released twice', () => {
    expect(findDuplicates([1, 2, 3])).toEqual([]);
    expect(findDuplicates([1, 2, 1, 3, 2, 1])).toEqual([1, 2]);
    expect(v.findDuplicateRegions(['CN', 'US', 'CN'])).toEqual(['CN']);
    expect(issues(v.releaseRegionsSchema, [1, 2, 3])).toEqual([]);
    expect(issues(v.releaseRegionsSchema, [1, 2, 1, 'DE', 'DE'])).toEqual(['2:validation.regionDuplicate', '4:validation.regionDuplicate']);
    expect(issues(v.releaseRegionsSchema, [])).toEqual([':validation.regionRequired']);
  });
});
