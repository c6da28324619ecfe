import { describe, expect, it } from 'vitest';
import {
  paramColumnHeader,
  parseSheetBoolean,
  PRODUCT_IMPORT_REASONS,
  PRODUCT_SHEET_HEADERS,
  productImportReason,
  splitMultiValue,
} from '../../../src/modules/cloud-content';

describe('the products workbook', () => {
  it('reads yes/no in either language and as true/false, any case', () => {
    for (const s of ['yes', 'YES', 'true', 'TRUE', '是', ' y ']) expect(parseSheetBoolean(s)).toBe(true);
    for (const s of ['no', 'No', 'false', 'FALSE', '否', '0']) expect(parseSheetBoolean(s)).toBe(false);
    for (const s of ['', 'maybe', '对']) expect(parseSheetBoolean(s)).toBeNull();
  });

  it('splits multi-values on ; (half or full width) and drops blanks', () => {
    expect(splitMultiValue('WDR; PoE;；AI ')).toEqual(['WDR', 'PoE', 'AI']);
    expect(splitMultiValue('')).toEqual([]);
  });

  it('puts the unit in brackets', () => {
    expect(paramColumnHeader('Resolution', 'MP')).toBe('Resolution (MP)');
    expect(paramColumnHeader('Lens', '')).toBe('Lens');
  });

  it('has every header and reason in both locales, the headers distinct', () => {
    const headers = Object.values(PRODUCT_SHEET_HEADERS).flatMap((h) => [h.en.toLowerCase(), h.zh.toLowerCase()]);
    expect(new Set(headers).size).toBe(headers.length);
    for (const r of Object.values(PRODUCT_IMPORT_REASONS)) {
      expect(r.en).not.toBe('');
      expect(r.zh).not.toBe('');
    }
    expect(productImportReason('modelRepeated', 'zh-CN', { row: 3 })).toBe('文件中型号重复（首次出现在第3行）。');
    expect(productImportReason('numberInvalid', 'en-US', { value: 'x' })).toBe('"x" is not a number.');
  });
});
