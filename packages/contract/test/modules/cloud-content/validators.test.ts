import { describe, expect, it } from 'vitest';
import * as v from '../../../src/modules/cloud-content';
import { CATEGORY_MAX_COUNTRIES } from '../../../src/modules/cloud-content';
import { issues, key } from '../../support/issues';

describe('folder names and titles', () => {
  it('folder names must not contain \\ / : * ? " < > |', () => {
    expect(v.folderNameError('Firmware 2024')).toBeNull();
    expect(v.folderNameError('固件-v1.2 (beta)')).toBeNull();
    for (const c of v.FOLDER_NAME_FORBIDDEN_CHARS) expect(v.folderNameError(`a${c}b`)).toBe('validation.folderNameInvalid');
    expect(v.folderNameError('a\tb')).toBe('validation.folderNameInvalid');
    expect(v.folderNameError('..')).toBe('validation.folderNameInvalid');
    expect(v.folderNameError(' ')).toBe('validation.folderNameRequired');
    expect(v.folderNameError('a'.repeat(v.FOLDER_NAME_MAX_LENGTH + 1))).toBe('validation.folderNameTooLong');
    expect(v.isFolderNameValid('docs')).toBe(true);
    expect(v.folderNameSchema.parse('  docs ')).toBe('docs');
    expect(key(v.folderNameSchema, 'a/b')).toBe('validation.folderNameInvalid');
  });

  it("titles allow letters of any script, digits, spaces and - _ . , ( ) & '", () => {
    for (const ok of [
      'Smart NVR 4K',
      "Dealer's Choice",
      'IPC-2124 (PoE), v1.0 & more',
      '网络摄像机 4K超清',
      '产品介绍（新款），高清。',
      'Überwachungskamera',
      'كاميرا مراقبة',
      'camera_01',
    ]) {
      expect(v.titleError(ok)).toBeNull();
    }
    for (const c of '<>{}[]|\\^~`@#$%*=+/:;!?"') expect(v.titleError(`a${c}b`)).toBe('validation.titleInvalid');
    expect(v.titleError('line\nbreak')).toBe('validation.titleInvalid');
    expect(v.titleError('')).toBe('validation.titleRequired');
    expect(v.titleError('a'.repeat(v.TITLE_MAX_LENGTH + 1))).toBe('validation.titleTooLong');
    expect(v.isTitleValid('Camera <script>')).toBe(false);
    expect(v.titleSchema.parse('  Hello  ')).toBe('Hello');
    expect(key(v.titleSchema, 'a@b')).toBe('validation.titleInvalid');
  });
});

describe('category countries', () => {
  it('at most 10 distinct ISO country codes', () => {
    const codes = ['CN', 'US', 'DE', 'FR', 'GB', 'IT', 'ES', 'JP', 'KR', 'BR'];
    expect(v.categoryCountriesSchema.parse(codes.map((c) => c.toLowerCase()))).toEqual(codes);
    expect(issues(v.categoryCountriesSchema, [...codes, 'IN'])).toEqual([':validation.countriesMax']);
    expect(issues(v.categoryCountriesSchema, ['CN', 'cn'])).toEqual(['1:validation.countryDuplicate']);
    expect(issues(v.categoryCountriesSchema, ['CHN'])).toEqual(['0:validation.countryInvalid']);
    expect(v.isCategoryCountryCountValid(CATEGORY_MAX_COUNTRIES)).toBe(true);
    expect(v.isCategoryCountryCountValid(CATEGORY_MAX_COUNTRIES + 1)).toBe(false);
  });
});
