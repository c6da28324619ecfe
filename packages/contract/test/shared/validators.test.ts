import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CATEGORY_MAX_COUNTRIES,
  CHAT_FILES_MAX,
  CHAT_TEXT_MAX,
  COVER_IMAGE_MAX_BYTES,
  IMPORT_MAX_ROWS,
  LICENCE_FILE_MAX_BYTES,
  LICENCE_MAX_CHANNEL_RANGES,
  LOGO_STORED_MAX_BYTES,
  LOGO_UPLOAD_MAX_BYTES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PORT_MAX,
  PORT_MIN,
  VERSION_COUNT_MAX,
  VERSION_COUNT_MIN,
} from '../src/constants';
import * as v from '../src/validators';

const { firstIssueKey: key } = v;
const DAY = v.DAY_MS;

/** All issues of a failed parse as `path:message`, for compact assertions. */
function issues(schema: { safeParse(x: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown) {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error!.issues.map((i) => `${i.path.map(String).join('.')}:${i.message}`);
}

describe('message keys', () => {
  it('are unique and all of the form validation.<name>', () => {
    expect(new Set(v.VALIDATION_MESSAGE_KEYS).size).toBe(v.VALIDATION_MESSAGE_KEYS.length);
    for (const k of v.VALIDATION_MESSAGE_KEYS) expect(k).toMatch(/^validation\.[a-zA-Z0-9]+$/);
  });

  it('cover every validation.* key written in the contract sources, and are all listed in the header comment', () => {
    const srcDir = fileURLToPath(new URL('../src', import.meta.url));
    const files: string[] = [];
    const walk = (d: string) => {
      for (const f of readdirSync(d)) {
        const p = join(d, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.ts')) files.push(p);
      }
    };
    walk(srcDir);
    const used = new Set<string>();
    for (const f of files) for (const m of readFileSync(f, 'utf8').matchAll(/['"`](validation\.[a-zA-Z0-9]+)['"`]/g)) used.add(m[1]);
    const validatorsSrc = readFileSync(join(srcDir, 'validators.ts'), 'utf8');
    for (const m of validatorsSrc.matchAll(/vk\('([a-zA-Z0-9]+)'\)/g)) used.add(`validation.${m[1]}`);
    const listed = new Set<string>(v.VALIDATION_MESSAGE_KEYS);
    expect([...used].filter((k) => !listed.has(k))).toEqual([]);

    const header = validatorsSrc.slice(0, validatorsSrc.indexOf('import {'));
    expect(v.VALIDATION_MESSAGE_KEYS.filter((k) => !new RegExp(`${k.replace('.', '\\.')}\\b`).test(header))).toEqual([]);
  });
});

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
    expect(issues(v.passwordConfirmSchema, { password: 'abcd1234', confirmPassword: 'abcd1235' })).toEqual(['confirmPassword:validation.passwordMismatch']);
    expect(issues(v.passwordConfirmSchema, { password: 'abcd1234', confirmPassword: '' })).toEqual(['confirmPassword:validation.confirmPasswordRequired']);
    expect(v.passwordsMatch('a', 'a')).toBe(true);
    expect(v.passwordsMatch('a', 'A')).toBe(false);
  });
});

describe('accounts', () => {
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

  it('verification and graphic codes are required', () => {
    expect(key(v.verifyCodeSchema, '123456')).toBeNull();
    expect(key(v.verifyCodeSchema, ' ')).toBe('validation.verifyCodeRequired');
    expect(key(v.verifyCodeSchema, undefined)).toBe('validation.verifyCodeRequired');
    expect(key(v.imageCodeSchema, 'aB3d')).toBeNull();
    expect(key(v.imageCodeSchema, '')).toBe('validation.imageCodeRequired');
  });

  it('an invitation needs a name and an e-mail', () => {
    expect(issues(v.inviteeSchema, { name: 'ACME Installers', email: 'ops@acme.com' })).toEqual([]);
    expect(issues(v.inviteeSchema, { name: ' ', email: '' })).toEqual(['name:validation.nameRequired', 'email:validation.emailRequired']);
    expect(key(v.inviteeNameSchema, 'x'.repeat(v.INVITEE_NAME_MAX + 1))).toBe('validation.nameTooLong');
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
    for (const ok of ['192.168.1.1', '10.0.0.1', '1.0.0.255', '255.255.255.255', '8.8.8.8', ' 172.16.0.10 ']) expect(v.ipv4Error(ok)).toBeNull();
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

  it('the same region cannot be released twice', () => {
    expect(v.findDuplicates([1, 2, 3])).toEqual([]);
    expect(v.findDuplicates([1, 2, 1, 3, 2, 1])).toEqual([1, 2]);
    expect(v.findDuplicateRegions(['CN', 'US', 'CN'])).toEqual(['CN']);
    expect(issues(v.releaseRegionsSchema, [1, 2, 3])).toEqual([]);
    expect(issues(v.releaseRegionsSchema, [1, 2, 1, 'DE', 'DE'])).toEqual(['2:validation.regionDuplicate', '4:validation.regionDuplicate']);
    expect(issues(v.releaseRegionsSchema, [])).toEqual([':validation.regionRequired']);
  });

  it('domain format, at least one web domain', () => {
    for (const ok of ['portal.example.com', 'Example.COM', 'a-b.example.co.uk', 'xn--fiqs8s.xn--fiqz9s', 'x1.io']) expect(v.isDomainValid(ok)).toBe(true);
    for (const bad of ['example', '-a.com', 'a-.com', 'a..com', 'http://a.com', 'a.com/x', 'a.com:8080', 'a_b.com', 'a.c', 'a.123', `${'a'.repeat(64)}.com`, '']) {
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

describe('devices', () => {
  it('normalises the accepted MAC formats to 12 upper-case hex digits', () => {
    expect(v.normalizeMac('AA:BB:CC:DD:EE:FF')).toBe('AABBCCDDEEFF');
    expect(v.normalizeMac('aa-bb-cc-dd-ee-ff')).toBe('AABBCCDDEEFF');
    expect(v.normalizeMac('aabbccddeeff')).toBe('AABBCCDDEEFF');
    expect(v.normalizeMac(' 00:1a:2B:3c:4D:5e ')).toBe('001A2B3C4D5E');
    for (const bad of ['', 'AA:BB:CC:DD:EE', 'AA:BB:CC:DD:EE:FF:00', 'AA:BB-CC:DD:EE:FF', 'GG:BB:CC:DD:EE:FF', 'AABBCCDDEEF', 'AABB.CCDD.EEFF', 'A:BB:CC:DD:EE:FF']) {
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
    expect(v.macRangeSchema.parse({ start: 'aa-bb-cc-00-00-01', end: 'AABBCC0000FF' })).toEqual({ start: 'AABBCC000001', end: 'AABBCC0000FF' });
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

  it('titles allow letters of any script, digits, spaces and - _ . , ( ) & \'', () => {
    for (const ok of ['Smart NVR 4K', "Dealer's Choice", 'IPC-2124 (PoE), v1.0 & more', '网络摄像机 4K超清', '产品介绍（新款），高清。', 'Überwachungskamera', 'كاميرا مراقبة', 'camera_01']) {
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

describe('licences and prices', () => {
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

  it('camera counts step by 5', () => {
    for (const ok of [5, 10, 15, 100]) expect(v.isCameraCountOnInterval(ok)).toBe(true);
    for (const bad of [0, 1, 4, 6, 12, -5, 7.5]) expect(v.isCameraCountOnInterval(bad)).toBe(false);
  });

  it('licence config: price >= cost on price, camera count on the interval', () => {
    const ok = { cameraCount: 10, trialDays: 30, cost: 5, price: 5 };
    expect(issues(v.licenceConfigSchema, ok)).toEqual([]);
    expect(issues(v.licenceConfigSchema, { ...ok, price: 4.99 })).toEqual(['price:validation.priceBelowCost']);
    expect(issues(v.licenceConfigSchema, { ...ok, cameraCount: 12 })).toEqual(['cameraCount:validation.cameraCountInterval']);
    expect(issues(v.licenceConfigSchema, { ...ok, trialDays: -1 })).toEqual(['trialDays:validation.trialDaysInvalid']);
  });

  it('licence price list: price >= cost, at most 5 channel ranges per installer, no repeated range', () => {
    const row = (email: string, channelUpperLimit: number, price = 10, cost = 5) => ({ email, channelUpperLimit, validityDays: 365, cost, price });
    const five = [5, 10, 15, 20, 25].map((n) => row('a@x.com', n));
    expect(issues(v.licencePriceListSchema, [...five, row('b@x.com', 5)])).toEqual([]);
    expect(issues(v.licencePriceListSchema, [...five, row('A@x.com', 30)])).toEqual(['5.channelUpperLimit:validation.licenceRangesMax']);
    expect(issues(v.licencePriceListSchema, [row('a@x.com', 5), row('a@x.com', 5)])).toEqual(['1.channelUpperLimit:validation.licenceRangeDuplicate']);
    expect(issues(v.licencePriceListSchema, [row('a@x.com', 5, 4, 5)])).toEqual(['0.price:validation.priceBelowCost']);
    expect(issues(v.licencePriceListSchema, [row('a@x.com', 7)])).toEqual(['0.channelUpperLimit:validation.cameraCountInterval']);
    expect(issues(v.licencePriceListSchema, [row('not-mail', 5)])).toEqual(['0.email:validation.emailInvalid']);
    expect(issues(v.licencePriceListSchema, [])).toEqual([':validation.importEmpty']);
    expect(v.licenceRangeIssues([...five, row('a@x.com', 30), row('a@x.com', 35)]).map((i) => i.index)).toEqual([5, 6]);
  });

  it('channel ranges of one installer: 1-5, distinct, price >= cost', () => {
    const r = (channelUpperLimit: number, price = 10, cost = 5) => ({ channelUpperLimit, price, cost });
    expect(issues(v.licenceChannelRangesSchema, [r(5), r(10)])).toEqual([]);
    expect(issues(v.licenceChannelRangesSchema, [])).toEqual([':validation.licenceRangeRequired']);
    expect(issues(v.licenceChannelRangesSchema, Array.from({ length: LICENCE_MAX_CHANNEL_RANGES + 1 }, (_, i) => r((i + 1) * 5)))).toEqual([':validation.licenceRangesMax']);
    expect(issues(v.licenceChannelRangesSchema, [r(5), r(5)])).toEqual(['1.channelUpperLimit:validation.licenceRangeDuplicate']);
    expect(issues(v.licenceChannelRangesSchema, [r(5, 1, 2)])).toEqual(['0.price:validation.priceBelowCost']);
  });

  it('goods prices: Android >= guide, iOS >= guide, guide >= cost, each on its own field', () => {
    const ok = { androidPrice: 3, iosPrice: 3.99, guidePrice: 2.99, costPrice: 1 };
    expect(issues(v.goodsPriceSchema, ok)).toEqual([]);
    expect(issues(v.goodsPriceSchema, { androidPrice: 2, iosPrice: 2, guidePrice: 2, costPrice: 2 })).toEqual([]);
    expect(issues(v.goodsPriceSchema, { ...ok, androidPrice: 2.98 })).toEqual(['androidPrice:validation.androidPriceBelowGuide']);
    expect(issues(v.goodsPriceSchema, { ...ok, iosPrice: 1 })).toEqual(['iosPrice:validation.iosPriceBelowGuide']);
    expect(issues(v.goodsPriceSchema, { ...ok, costPrice: 3 })).toEqual(['guidePrice:validation.guidePriceBelowCost']);
    expect(issues(v.goodsPriceSchema, { androidPrice: 1, iosPrice: 1, guidePrice: 2, costPrice: 3 })).toEqual([
      'androidPrice:validation.androidPriceBelowGuide',
      'iosPrice:validation.iosPriceBelowGuide',
      'guidePrice:validation.guidePriceBelowCost',
    ]);
    expect(issues(v.goodsPriceSchema, { ...ok, costPrice: undefined })).toEqual(['costPrice:validation.priceRequired']);
    expect(v.goodsPriceIssues({ androidPrice: 0.3, iosPrice: 0.3, guidePrice: 0.1 + 0.2, costPrice: 0 })).toEqual([]);
  });

  it('gift value > 0 and expiry later than now', () => {
    const now = Date.UTC(2025, 0, 1);
    const gift = v.giftSchema(now);
    expect(issues(gift, { value: 100, expiresAt: now + 1 })).toEqual([]);
    expect(issues(gift, { value: 0, expiresAt: now + DAY })).toEqual(['value:validation.giftValuePositive']);
    expect(issues(gift, { value: -5, expiresAt: now + DAY })).toEqual(['value:validation.giftValuePositive']);
    expect(issues(gift, { value: 1, expiresAt: now })).toEqual(['expiresAt:validation.giftExpiryPast']);
    expect(issues(gift, { value: 1, expiresAt: now - DAY })).toEqual(['expiresAt:validation.giftExpiryPast']);
    let clock = now;
    const live = v.giftSchema(() => clock);
    expect(issues(live, { value: 1, expiresAt: now + 10 })).toEqual([]);
    clock = now + 10;
    expect(issues(live, { value: 1, expiresAt: now + 10 })).toEqual(['expiresAt:validation.giftExpiryPast']);
    expect(v.isGiftValueValid(0.01)).toBe(true);
    expect(v.isGiftValueValid(Number.NaN)).toBe(false);
    expect(v.isGiftExpiryValid(now + 1, now)).toBe(true);
    expect(v.isGiftExpiryValid(now, now)).toBe(false);
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
      0xff, 0xd8,
      0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
      0xff, 0xc4, 0x00, 0x04, 0x00, 0x00,
      0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0xc8, 0x02, 0xbc, 0x03, 0x01, 0x22, 0x00,
    ]);
    expect(v.sniffImageFormat(jpg)).toBe('jpg');
    expect(v.readImageSize(jpg)).toEqual({ width: 700, height: 200 });

    expect(v.sniffImageFormat(new TextEncoder().encode('<svg></svg>'))).toBeNull();
    expect(v.readImageSize(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});

describe('chat', () => {
  it('text is non-blank and at most 1000 characters', () => {
    expect(v.chatTextError('hello')).toBeNull();
    expect(v.chatTextError('x'.repeat(CHAT_TEXT_MAX))).toBeNull();
    expect(v.chatTextError('😀'.repeat(CHAT_TEXT_MAX))).toBeNull(); // code points, not UTF-16 units
    expect(v.chatTextError('x'.repeat(CHAT_TEXT_MAX + 1))).toBe('validation.chatMessageTooLong');
    expect(v.chatTextError('  \n ')).toBe('validation.chatMessageRequired');
    expect(v.chatTextError('')).toBe('validation.chatMessageRequired');
    expect(key(v.chatTextSchema, ' ')).toBe('validation.chatMessageRequired');
    expect(v.chatTextSchema.parse('  keep spacing ')).toBe('  keep spacing ');
    expect(v.charCount('a😀b')).toBe(3);
  });

  it('a send carries up to 3 files and may be text-less only with files', () => {
    expect(issues(v.chatMessageSchema, { text: 'see screenshot', files: ['f/1.png', 'f/2.png', 'f/3.png'] })).toEqual([]);
    expect(issues(v.chatMessageSchema, { text: '', files: ['f/1.png'] })).toEqual([]);
    expect(issues(v.chatMessageSchema, { files: ['1', '2', '3', '4'], text: 'x' })).toEqual(['files:validation.chatTooManyFiles']);
    expect(issues(v.chatMessageSchema, { text: '  ' })).toEqual(['text:validation.chatMessageRequired']);
    expect(issues(v.chatMessageSchema, {})).toEqual(['text:validation.chatMessageRequired']);
    expect(issues(v.chatMessageSchema, { text: 'x'.repeat(CHAT_TEXT_MAX + 1), files: ['1'] })).toEqual(['text:validation.chatMessageTooLong']);
    expect(CHAT_FILES_MAX).toBe(3);
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
