import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_VERSION, NONCE_MAX } from '../../src/shared/constants';
import { PUBLIC_SIGN_KEY, buildBasic, canonicalJson, dataDigest, signingPath, signingString } from '../../src/shared/envelope';
import { basicSchema, requestEnvelopeSchema } from '../../src/shared/envelope-schema';

describe('canonicalJson', () => {
  it('sorts object keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: 2, c: { z: 1, y: [{ d: 1, c: 2 }] } })).toBe('{"a":2,"b":1,"c":{"y":[{"c":2,"d":1}],"z":1}}');
    expect(canonicalJson({ b: 1, a: 2 })).toBe(canonicalJson({ a: 2, b: 1 }));
  });

  it('sorts keys by UTF-16 code units, not by locale', () => {
    expect(canonicalJson({ b: 1, B: 2, a: 3, _: 4, '1': 5, é: 6, 中: 7 })).toBe('{"1":5,"B":2,"_":4,"a":3,"b":1,"é":6,"中":7}');
    // U+1F600 (surrogate pair D83D DE00) sorts before U+FF21 as UTF-16 units say.
    expect(canonicalJson({ Ａ: 1, '😀': 2 })).toBe('{"😀":2,"Ａ":1}');
  });

  it('keeps array order, including nested arrays, and writes undefined items as null', () => {
    expect(canonicalJson([3, 1, 2])).toBe('[3,1,2]');
    expect(canonicalJson([[2, 1], [], [[{ b: 1, a: 1 }]]])).toBe('[[2,1],[],[[{"a":1,"b":1}]]]');
    expect(canonicalJson([1, undefined, null])).toBe('[1,null,null]');
  });

  it('drops undefined members but keeps null ones', () => {
    expect(canonicalJson({ a: undefined, b: null, c: 1 })).toBe('{"b":null,"c":1}');
    expect(canonicalJson({ a: undefined })).toBe('{}');
    expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson({ a: 1 }));
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson(null)).toBe('null');
  });

  it('writes strings, numbers and booleans as JSON does, with no whitespace', () => {
    expect(canonicalJson({ s: '固件 "升级"\n😀', n: 1.5, i: -0, e: 1e21, t: true, f: false })).toBe(
      `{"e":1e+21,"f":false,"i":0,"n":1.5,"s":${JSON.stringify('固件 "升级"\n😀')},"t":true}`,
    );
    expect(canonicalJson('日本語')).toBe('"日本語"');
  });

  it('agrees with JSON.stringify on data that is already in key order', () => {
    const data = { a: [1, { b: 'x', c: null }], d: { e: true }, f: 'ü' };
    expect(canonicalJson(data)).toBe(JSON.stringify(data));
  });

  it('refuses values that cannot be signed', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow();
    expect(() => canonicalJson({ x: Number.POSITIVE_INFINITY })).toThrow();
    expect(() => canonicalJson(() => 1)).toThrow();
    expect(() => canonicalJson(BigInt(1))).toThrow();
  });
});

describe('buildBasic', () => {
  const data = { pageNum: 1, pageSize: 10, searchText: '经销商', filter: { status: undefined, area: [1, 2] } };

  it('produces a sign that node:crypto HMAC over signingString verifies', () => {
    const basic = buildBasic({
      token: 'tok-123',
      signKey: 'session-secret',
      path: 'customer/company/list',
      data,
      now: 1_700_000_000_000,
      id: 'req-1',
      nonce: 42,
    });
    expect(basic).toMatchObject({ ver: API_VERSION, time: 1_700_000_000_000, id: 'req-1', nonce: 42, token: 'tok-123' });
    const digest = createHash('sha256').update(canonicalJson(data), 'utf8').digest('hex');
    expect(dataDigest(data)).toBe(digest);
    const { sign, ...unsigned } = basic;
    const str = signingString(unsigned, digest, 'customer/company/list');
    expect(str).toBe(['1.0', '1700000000000', 'req-1', '42', 'tok-123', 'customer/company/list', digest].join('\n'));
    expect(sign).toBe(createHmac('sha256', 'session-secret').update(str, 'utf8').digest('hex'));
    expect(basicSchema.parse(basic)).toEqual(basic);
    expect(requestEnvelopeSchema.safeParse({ basic, data }).success).toBe(true);
  });

  it('signs with the public key before login and covers missing data as null', () => {
    const basic = buildBasic({ token: '', signKey: '', path: 'customer/login', data: undefined, now: 1, id: 'a', nonce: 0 });
    const { sign, ...unsigned } = basic;
    const digest = createHash('sha256').update('null').digest('hex');
    expect(sign).toBe(
      createHmac('sha256', PUBLIC_SIGN_KEY)
        .update(signingString(unsigned, digest, 'customer/login'))
        .digest('hex'),
    );
  });

  it('changes the sign when the data, the token or the key change, not when key order changes', () => {
    const base = { token: 't', signKey: 'k', path: 'customer/a', now: 5, id: 'i', nonce: 7 };
    const s1 = buildBasic({ ...base, data: { a: 1, b: 2 } }).sign;
    expect(buildBasic({ ...base, data: { b: 2, a: 1 } }).sign).toBe(s1);
    expect(buildBasic({ ...base, data: { a: 1, b: 3 } }).sign).not.toBe(s1);
    expect(buildBasic({ ...base, token: 'u', data: { a: 1, b: 2 } }).sign).not.toBe(s1);
    expect(buildBasic({ ...base, signKey: 'other', data: { a: 1, b: 2 } }).sign).not.toBe(s1);
  });

  it('covers the call path: the same body signed for another call has another sign', () => {
    const base = { token: 't', signKey: 'k', now: 5, id: 'i', nonce: 7, data: { a: 1 } };
    const s1 = buildBasic({ ...base, path: 'customer/user/delete' }).sign;
    expect(buildBasic({ ...base, path: 'customer/user/create' }).sign).not.toBe(s1);
    // The full URL path, a leading slash or a query sign the same as the bare call path.
    expect(buildBasic({ ...base, path: '/v1.0/customer-api/customer/user/delete' }).sign).toBe(s1);
    expect(buildBasic({ ...base, path: '/customer/user/delete?x=1' }).sign).toBe(s1);
    expect(signingPath('/v1.0/customer-api/file/upload?purpose=logo')).toBe('file/upload');
  });

  it('fills time, id and nonce when not given, within the envelope limits', () => {
    const before = Date.now();
    const basic = buildBasic({ token: 't', signKey: 'k', path: 'customer/a', data: {} });
    expect(basic.time).toBeGreaterThanOrEqual(before);
    expect(basic.time).toBeLessThanOrEqual(Date.now());
    expect(basic.id).toMatch(/^[0-9a-f]{16}$/);
    expect(Number.isInteger(basic.nonce)).toBe(true);
    expect(basic.nonce).toBeGreaterThanOrEqual(0);
    expect(basic.nonce).toBeLessThanOrEqual(NONCE_MAX);
    expect(basicSchema.safeParse(basic).success).toBe(true);
  });
});
