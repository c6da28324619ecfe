import { describe, expect, it } from 'vitest';
import {
  COVER_IMAGE_MAX_BYTES,
  IMPORT_MAX_ROWS,
  LICENCE_FILE_MAX_BYTES,
  LOGO_STORED_MAX_BYTES,
  LOGO_UPLOAD_MAX_BYTES,
  PORT_MAX,
  PORT_MIN,
} from '../../src/shared/constants';
import * as v from '../../src/shared/validators';
import { issues, key } from '../support/issues';

const DAY = v.DAY_MS;

describe('e-mail', () => {
  it('email is required, checked and lower-cased', () => {
    expect(v.emailSchema.parse('  Dealer@Example.COM ')).toBe('dealer@example.com');
    expect(key(v.emailSchema, '')).toBe('validation.emailRequired');
    expect(key(v.emailSchema, '   ')).toBe('validation.emailRequired');
    expect(key(v.emailSchema, undefined)).toBe('validation.emailRequired');
    expect(key(v.emailSchema, 'not-an-email')).toBe('validation.emailInvalid');
    expect(key(v.emailSchema, 'a@b')).toBe('validation.emailInvalid');
    expect(key(v.emailSchema, `${'a'.repeat(250)}@b.com`)).toBe('validation.emailInvalid');
    expect(v.isEmailValid('x@y.io')).toBe(true);
    expect(v.isEmailValid('x@')).toBe(false);
  });
});

describe('network', () => {
  it('public/redirect port is 1024-65535, from a number or a digit string', () => {
    expect(v.portSchema.parse(PORT_MIN)).toBe(1024);
    expect(v.portSchema.parse(PORT_MAX)).toBe(65535);
    expect(v.portSchema.parse(' 8080 ')).toBe(8080);
    expect(key(v.portSchema, PORT_MIN - 1)).toBe('validation.portRange');
    expect(key(v.portSchema, PORT_MAX + 1)).toBe('validation.portRange');
    expect(key(v.portSchema, '80')).toBe('validation.portRange');
    expect(key(v.portSchema, 0)).toBe('validation.portRange');
    expect(key(v.portSchema, 8080.5)).toBe('validation.portInvalid');
    expect(key(v.portSchema, '80a')).toBe('validation.portInvalid');
    expect(key(v.portSchema, '-2000')).toBe('validation.portInvalid');
    expect(key(v.portSchema, '')).toBe('validation.portRequired');
    expect(key(v.portSchema, null)).toBe('validation.portRequired');
    expect(v.isPortValid(1024)).toBe(true);
    expect(v.isPortValid(1023)).toBe(false);
    expect(v.isPortValid(65536)).toBe(false);
    expect(v.isPortValid(2000.1)).toBe(false);
  });

  it('SMTP port is digits only and 1-65535', () => {
    for (const ok of ['25', '465', '587', '1', '65535', 25]) expect(v.isSmtpPortValid(ok)).toBe(true);
    expect(v.smtpPortError('25a')).toBe('validation.smtpPortDigits');
    expect(v.smtpPortError('2 5')).toBe('validation.smtpPortDigits');
    expect(v.smtpPortError('+25')).toBe('validation.smtpPortDigits');
    expect(v.smtpPortError('25.0')).toBe('validation.smtpPortDigits');
    expect(v.smtpPortError(-25)).toBe('validation.smtpPortDigits');
    expect(v.smtpPortError('0')).toBe('validation.smtpPortRange');
    expect(v.smtpPortError('65536')).toBe('validation.smtpPortRange');
    expect(v.smtpPortError('')).toBe('validation.smtpPortRequired');
    expect(v.smtpPortError(null)).toBe('validation.smtpPortRequired');
    expect(v.smtpPortSchema.parse('587')).toBe(587);
    expect(key(v.smtpPortSchema, '5x')).toBe('validation.smtpPortDigits');
    expect(key(v.smtpPortSchema, '70000')).toBe('validation.smtpPortRange');
    expect(key(v.smtpPortSchema, '')).toBe('validation.smtpPortRequired');
  });

  it('private key encryption key has at least 5 characters', () => {
    expect(v.isPrivateKeyPassphraseValid('12345')).toBe(true);
    expect(v.isPrivateKeyPassphraseValid('1234')).toBe(false);
    expect(key(v.privateKeyPassphraseSchema, 'secret')).toBeNull();
    expect(key(v.privateKeyPassphraseSchema, 'abcd')).toBe('validation.privateKeyPassphraseMin');
    expect(key(v.privateKeyPassphraseSchema, '')).toBe('validation.privateKeyPassphraseRequired');
  });

  it('IPv4: four segments 0-255, first and last not 0', () => {
    for (const ok of ['192.168.1.1', '10.0.0.1', '1.0.0.255', '255.255.255.255', '8.8.8.8', ' 172.16.0.10 '])
      expect(v.ipv4Error(ok)).toBeNull();
    expect(v.ipv4Error('0.1.2.3')).toBe('validation.ipZeroSegment');
    expect(v.ipv4Error('192.168.1.0')).toBe('validation.ipZeroSegment');
    expect(v.ipv4Error('0.0.0.0')).toBe('validation.ipZeroSegment');
    expect(v.ipv4Error('256.1.1.1')).toBe('validation.ipSegmentRange');
    expect(v.ipv4Error('1.1.1.300')).toBe('validation.ipSegmentRange');
    expect(v.ipv4Error('1.999.1.1')).toBe('validation.ipSegmentRange');
    expect(v.ipv4Error('1.2.3')).toBe('validation.ipInvalid');
    expect(v.ipv4Error('1.2.3.4.5')).toBe('validation.ipInvalid');
    expect(v.ipv4Error('1.2.3.a')).toBe('validation.ipInvalid');
    expect(v.ipv4Error('1..3.4')).toBe('validation.ipInvalid');
    expect(v.ipv4Error('1.2.3.-4')).toBe('validation.ipInvalid');
    expect(v.ipv4Error('192.168.01.1')).toBe('validation.ipInvalid');
    expect(v.ipv4Error('1.2.3.1000')).toBe('validation.ipInvalid');
    expect(v.ipv4Error('')).toBe('validation.ipRequired');
    expect(v.isIpv4Valid('1.1.1.1')).toBe(true);
    expect(key(v.ipv4Schema, '10.1.1.0')).toBe('validation.ipZeroSegment');
    expect(v.ipv4Schema.parse(' 10.1.1.1 ')).toBe('10.1.1.1');
  });

  it('domain format, at least one web domain', () => {
    for (const ok of ['portal.example.com', 'Example.COM', 'a-b.example.co.uk', 'xn--fiqs8s.xn--fiqz9s', 'x1.io'])
      expect(v.isDomainValid(ok)).toBe(true);
    for (const bad of [
      'example',
      '-a.com',
      'a-.com',
      'a..com',
      'http://a.com',
      'a.com/x',
      'a.com:8080',
      'a_b.com',
      'a.c',
      'a.123',
      `${'a'.repeat(64)}.com`,
      '',
    ]) {
      expect(v.isDomainValid(bad)).toBe(false);
    }
    expect(v.isDomainValid(`${'abcdefghi.'.repeat(25)}com`)).toBe(true); // exactly 253 characters
    expect(v.isDomainValid(`${'abcdefghi.'.repeat(25)}coms`)).toBe(false);
    expect(v.domainSchema.parse(' Portal.Example.com ')).toBe('portal.example.com');
    expect(key(v.domainSchema, '')).toBe('validation.domainRequired');
    expect(key(v.domainSchema, 'bad domain')).toBe('validation.domainInvalid');
    expect(issues(v.webDomainsSchema, ['a.com', 'b.com'])).toEqual([]);
    expect(issues(v.webDomainsSchema, [])).toEqual([':validation.webDomainRequired']);
    expect(issues(v.webDomainsSchema, ['a.com', 'A.com'])).toEqual(['1:validation.domainDuplicate']);
  });
});

describe('validity and texts per language', () => {
  it('validity is at least n days', () => {
    expect(v.isValidityDaysValid(30, 30)).toBe(true);
    expect(v.isValidityDaysValid(29, 30)).toBe(false);
    expect(v.isValidityDaysValid(30.5, 1)).toBe(false);
    expect(key(v.validityDaysSchema(7), 7)).toBeNull();
    expect(key(v.validityDaysSchema(7), 6)).toBe('validation.validityDaysMin');
    expect(key(v.validityDaysSchema(), 0)).toBe('validation.validityDaysMin');
    expect(key(v.validityDaysSchema(), 1)).toBeNull();
    expect(key(v.validityDaysSchema(), undefined)).toBe('validation.validityDaysMin');
  });

  it('description is required for the default locale; blank other languages are dropped', () => {
    expect(v.descriptionsSchema.parse({ 'en-US': 'Fixes', 'zh-CN': '修复' })).toEqual({ 'en-US': 'Fixes', 'zh-CN': '修复' });
    expect(v.descriptionsSchema.parse({ 'en-US': 'Fixes', 'zh-CN': '  ' })).toEqual({ 'en-US': 'Fixes' });
    expect(issues(v.descriptionsSchema, { 'en-US': ' ', 'zh-CN': '修复' })).toEqual(['en-US:validation.descriptionRequired']);
    expect(issues(v.descriptionsSchema, { 'zh-CN': '修复' })).toEqual(['en-US:validation.descriptionRequired']);
    expect(issues(v.descriptionsSchema, undefined)).toEqual([':validation.descriptionRequired']);
    expect(v.missingLocales({ 'en-US': 'x', 'zh-CN': '' }, ['en-US', 'zh-CN'])).toEqual(['zh-CN']);
    const both = v.localizedTextSchema('validation.descriptionRequired', ['en-US', 'zh-CN']);
    expect(issues(both, { 'en-US': 'x' })).toEqual(['zh-CN:validation.descriptionRequired']);
  });
});

describe('imports', () => {
  it('device import is xlsx, licence import is xlsx or xls up to 2MB', () => {
    expect(v.importFileError('device', { name: 'devices.xlsx', size: 1000 })).toBeNull();
    expect(v.importFileError('device', { name: 'DEVICES.XLSX', size: 1000 })).toBeNull();
    expect(v.importFileError('device', { name: 'devices.xls', size: 1000 })).toBe('validation.importFileType');
    expect(v.importFileError('device', { name: 'devices.csv', size: 1000 })).toBe('validation.importFileType');
    expect(v.importFileError('device', { name: 'xlsx', size: 1000 })).toBe('validation.importFileType');
    expect(v.importFileError('device', { name: 'devices.xlsx', size: 0 })).toBe('validation.importFileEmpty');
    expect(v.importFileError('licence', { name: 'prices.xls', size: LICENCE_FILE_MAX_BYTES })).toBeNull();
    expect(v.importFileError('licence', { name: 'prices.xlsx', size: 10 })).toBeNull();
    expect(v.importFileError('licence', { name: 'prices.xlsx', size: LICENCE_FILE_MAX_BYTES + 1 })).toBe('validation.importFileTooLarge');
    expect(v.importFileError('licence', { name: 'prices.pdf', size: 10 })).toBe('validation.importFileType');
    expect(key(v.licenceImportFileSchema, { name: 'p.xls', size: 10, type: 'application/vnd.ms-excel' })).toBeNull();
    expect(key(v.deviceImportFileSchema, { name: 'p.xls', size: 10 })).toBe('validation.importFileType');
    expect(v.fileExtension('a.b.XLSX')).toBe('xlsx');
    expect(v.fileExtension('.hidden')).toBe('');
    expect(v.fileExtension('C:\\dir.x\\file')).toBe('');
  });

  it('an import has 1-5000 rows', () => {
    expect(v.importRowCountError(1)).toBeNull();
    expect(v.importRowCountError(IMPORT_MAX_ROWS)).toBeNull();
    expect(v.importRowCountError(IMPORT_MAX_ROWS + 1)).toBe('validation.importTooManyRows');
    expect(v.importRowCountError(0)).toBe('validation.importEmpty');
    expect(v.isDeviceImportRowCountValid(5000)).toBe(true);
    expect(v.isDeviceImportRowCountValid(5001)).toBe(false);
  });

  it('finds missing required columns', () => {
    expect(v.missingColumns([' Email ', 'PRICE', 'cost'], ['email', 'price', 'cost'])).toEqual([]);
    expect(v.missingColumns(['email'], ['email', 'price', 'cost'])).toEqual(['price', 'cost']);
  });
});

describe('prices', () => {
  it('prices are >= 0 with at most two decimals', () => {
    for (const ok of [0, 1, 9.99, 0.1 + 0.2, 1000000]) expect(v.isPriceValid(ok)).toBe(true);
    for (const bad of [-0.01, 1.001, Number.NaN, Number.POSITIVE_INFINITY]) expect(v.isPriceValid(bad)).toBe(false);
    expect(key(v.priceSchema, 10)).toBeNull();
    expect(key(v.priceSchema, undefined)).toBe('validation.priceRequired');
    expect(key(v.priceSchema, null)).toBe('validation.priceRequired');
    expect(key(v.priceSchema, '10')).toBe('validation.priceInvalid');
    expect(key(v.priceSchema, -1)).toBe('validation.priceInvalid');
    expect(v.isPriceAtLeast(0.3, 0.1 + 0.2)).toBe(true);
  });
});

describe('images', () => {
  const MB = 1024 * 1024;

  it('cover: PNG/JPG/GIF up to 5MB', () => {
    for (const name of ['c.png', 'c.jpg', 'c.JPEG', 'c.gif']) expect(v.imageFileError('cover', { name, size: MB })).toBeNull();
    expect(v.imageFileError('cover', { name: 'c.png', size: COVER_IMAGE_MAX_BYTES })).toBeNull();
    expect(v.imageFileError('cover', { name: 'c.png', size: COVER_IMAGE_MAX_BYTES + 1 })).toBe('validation.imageTooLarge');
    expect(v.imageFileError('cover', { name: 'c.bmp', size: MB })).toBe('validation.imageTypeNotAllowed');
    expect(v.imageFileError('cover', { name: 'c.webp', size: MB })).toBe('validation.imageTypeNotAllowed');
    expect(v.imageFileError('cover', { name: 'c.png', size: 0 })).toBe('validation.fileEmpty');
    expect(key(v.coverImageFileSchema, { name: 'c.gif', size: 10, type: 'image/gif' })).toBeNull();
  });

  it('the MIME type, when known, must agree with the extension', () => {
    expect(v.imageFormatOf({ name: 'a.jpg', type: 'image/jpeg' })).toBe('jpg');
    expect(v.imageFormatOf({ name: 'a.png', type: 'IMAGE/PNG' })).toBe('png');
    expect(v.imageFormatOf({ name: 'a.png', type: 'image/gif' })).toBeNull();
    expect(v.imageFormatOf({ name: 'a.png', type: '' })).toBe('png');
    expect(v.imageFileError('cover', { name: 'a.png', size: 10, type: 'text/html' })).toBe('validation.imageTypeNotAllowed');
  });

  it('logo: JPG/PNG, 2MB upload, stored at most 500KB, 720x200 or 700x200 recommended', () => {
    expect(v.imageFileError('logo', { name: 'l.png', size: LOGO_UPLOAD_MAX_BYTES })).toBeNull();
    expect(v.imageFileError('logo', { name: 'l.jpg', size: 100 })).toBeNull();
    expect(v.imageFileError('logo', { name: 'l.png', size: LOGO_UPLOAD_MAX_BYTES + 1 })).toBe('validation.imageTooLarge');
    expect(v.imageFileError('logo', { name: 'l.gif', size: 100 })).toBe('validation.imageTypeNotAllowed');
    expect(key(v.logoFileSchema, { name: 'l.gif', size: 100 })).toBe('validation.imageTypeNotAllowed');
    expect(v.isLogoStoredSizeValid(LOGO_STORED_MAX_BYTES)).toBe(true);
    expect(v.isLogoStoredSizeValid(LOGO_STORED_MAX_BYTES + 1)).toBe(false);
    expect(v.isRecommendedLogoSize(720, 200)).toBe(true);
    expect(v.isRecommendedLogoSize(700, 200)).toBe(true);
    expect(v.isRecommendedLogoSize(200, 720)).toBe(false);
    expect(v.isRecommendedLogoSize(710, 200)).toBe(false);
    expect(v.imageDimensionsError('logo', { width: 10, height: 10 })).toBeNull(); // a hint, not an error
  });

  it('icon is 18x18', () => {
    expect(v.isIconSizeValid(18, 18)).toBe(true);
    expect(v.isIconSizeValid(18, 19)).toBe(false);
    expect(v.isIconSizeValid(36, 36)).toBe(false);
    expect(v.imageDimensionsError('icon', { width: 18, height: 18 })).toBeNull();
    expect(v.imageDimensionsError('icon', { width: 17, height: 18 })).toBe('validation.iconSize');
    expect(key(v.iconFileSchema, { name: 'i.png', size: 100 })).toBeNull();
  });

  it('detail images are 600-820 px wide', () => {
    expect(v.isDetailImageWidthValid(600)).toBe(true);
    expect(v.isDetailImageWidthValid(820)).toBe(true);
    expect(v.isDetailImageWidthValid(599)).toBe(false);
    expect(v.isDetailImageWidthValid(821)).toBe(false);
    expect(v.imageDimensionsError('detail', { width: 750, height: 3000 })).toBeNull();
    expect(v.imageDimensionsError('detail', { width: 1000, height: 300 })).toBe('validation.detailImageWidth');
    expect(key(v.detailImageFileSchema, { name: 'd.gif', size: 100 })).toBeNull();
    expect(v.imageDimensionsError('cover', { width: 1, height: 1 })).toBeNull();
  });

  it('sniffs the format and reads the pixel size of PNG, GIF and JPEG headers', () => {
    const png = new Uint8Array(24);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(png.buffer).setUint32(16, 720);
    new DataView(png.buffer).setUint32(20, 200);
    expect(v.sniffImageFormat(png)).toBe('png');
    expect(v.readImageSize(png)).toEqual({ width: 720, height: 200 });
    expect(v.readImageSize(png.subarray(0, 20))).toBeNull();

    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 18, 0, 18, 0]);
    expect(v.sniffImageFormat(gif)).toBe('gif');
    expect(v.readImageSize(gif)).toEqual({ width: 18, height: 18 });

    // SOI, an APP0 segment of 16 bytes, a DHT marker segment, then SOF0 with height 200 and width 700.
    const jpg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xc4,
      0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0xc8, 0x02, 0xbc, 0x03, 0x01, 0x22, 0x00,
    ]);
    expect(v.sniffImageFormat(jpg)).toBe('jpg');
    expect(v.readImageSize(jpg)).toEqual({ width: 700, height: 200 });

    expect(v.sniffImageFormat(new TextEncoder().encode('<svg></svg>'))).toBeNull();
    expect(v.readImageSize(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});

describe('date ranges', () => {
  const jan1 = Date.UTC(2025, 0, 1);
  const endOf = (t: number) => t + DAY - 1;

  it('query range is at most 31 days', () => {
    expect(v.isQueryRangeValid(jan1, endOf(jan1 + 30 * DAY))).toBe(true); // 1-31 January
    expect(v.isQueryRangeValid(jan1, jan1 + 31 * DAY)).toBe(true);
    expect(v.isQueryRangeValid(jan1, jan1 + 31 * DAY + 1)).toBe(false);
    expect(v.isQueryRangeValid(jan1, endOf(jan1 + 31 * DAY))).toBe(false); // 1 January-1 February
    expect(v.isQueryRangeValid(jan1, jan1)).toBe(true);
    expect(v.isQueryRangeValid(jan1, jan1 - 1)).toBe(false);
    expect(issues(v.queryRangeSchema, { from: jan1, to: jan1 + 40 * DAY })).toEqual(['to:validation.queryRangeTooLong']);
    expect(issues(v.queryRangeSchema, { from: jan1, to: jan1 - DAY })).toEqual(['to:validation.dateRangeOrder']);
    expect(issues(v.queryRangeSchema, { from: jan1 })).toEqual(['to:validation.dateRangeRequired']);
  });

  it('export range is at most 90 days', () => {
    expect(v.isExportRangeValid(jan1, endOf(jan1 + 89 * DAY))).toBe(true);
    expect(v.isExportRangeValid(jan1, jan1 + 90 * DAY)).toBe(true);
    expect(v.isExportRangeValid(jan1, jan1 + 90 * DAY + 1)).toBe(false);
    expect(issues(v.exportRangeSchema, { from: jan1, to: jan1 + 60 * DAY })).toEqual([]);
    expect(issues(v.exportRangeSchema, { from: jan1, to: jan1 + 91 * DAY })).toEqual(['to:validation.exportRangeTooLong']);
    expect(v.dateRangeError(null, jan1, 90)).toBe('validation.dateRangeRequired');
    expect(v.dateRangeError(jan1, Number.NaN, 90)).toBe('validation.dateRangeRequired');
  });
});
