import { NONCE_MAX, PUBLIC_SIGN_KEY, dataDigest, hmacSha256Hex, signingString } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { envelope, isApiSuccess, nextNonce } from '../bench/api';
import { BENCH_CASES, cycle } from '../bench/cases';

describe('bench helpers', () => {
  it('signs every envelope afresh with a new nonce', () => {
    const session = { token: 'tok', signKey: 'key' };
    const a = JSON.parse(envelope(session, { pageNum: 1, pageSize: 10 }));
    const b = JSON.parse(envelope(session, { pageNum: 1, pageSize: 10 }));
    expect(a.basic.nonce).not.toBe(b.basic.nonce);
    expect(a.basic.token).toBe('tok');
    const { sign, ...rest } = a.basic;
    expect(sign).toBe(hmacSha256Hex('key', signingString(rest, dataDigest(a.data))));
    const pub = JSON.parse(envelope(null, {}));
    const { sign: pubSign, ...pubRest } = pub.basic;
    expect(pubSign).toBe(hmacSha256Hex(PUBLIC_SIGN_KEY, signingString(pubRest, dataDigest({}))));
  });

  it('never repeats a nonce within a run and stays in range', () => {
    const nonces = Array.from({ length: 100_000 }, () => nextNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(nonces.every((n) => Number.isInteger(n) && n >= 0 && n <= NONCE_MAX)).toBe(true);
  });

  it('counts an answer as a success only for HTTP 2xx and basic.code 200', () => {
    expect(isApiSuccess(200, '{"basic":{"code":200,"msg":"ok"},"data":{}}')).toBe(true);
    expect(isApiSuccess(200, '{"data":{},"basic":{"msg":"ok","code":200}}')).toBe(true);
    expect(isApiSuccess(200, '{"basic":{"code":7004,"msg":"expired"}}')).toBe(false);
    expect(isApiSuccess(500, '{"basic":{"code":200}}')).toBe(false);
    expect(isApiSuccess(200, 'not json')).toBe(false);
  });

  it('registers baseline and company-list, company-list as a ratio case', () => {
    const baseline = BENCH_CASES.get('baseline');
    const list = BENCH_CASES.get('company-list');
    expect(baseline?.kind).toBe('load');
    expect(list?.kind === 'load' && list.ratio).toBe(true);
    const next = cycle([1, 2, 3]);
    expect([next(), next(), next(), next()]).toEqual([1, 2, 3, 1]);
  });
});
