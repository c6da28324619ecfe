import { API_PREFIX, authCalls, buildBasic, companyCalls, ErrorCodes, REQUEST_BODY_MAX_BYTES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { ENGINES } from '../support/db';

describe.each(ENGINES)('wire envelope (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  it('answers { basic: { code: 200 }, data } to a good signed call', async () => {
    const r = await t.call(authCalls.userExist, { email: 'owner-a@test.local' });
    expect(r.basic.code).toBe(200);
    expect(r.data).toEqual({ exists: null });
  });

  it('refuses a missing basic block with 9103', async () => {
    const r = await t.raw(authCalls.userExist, { data: { email: 'x@y.z' } });
    expect(r.basic.code).toBe(ErrorCodes.missingBasic);
  });

  it('refuses a bad sign with 9100', async () => {
    const r = await t.call(authCalls.userExist, { email: 'owner-a@test.local' }, null, { basic: { sign: '0'.repeat(64) } });
    expect(r.basic.code).toBe(ErrorCodes.badSign);
  });

  it('refuses data changed after signing (tampering) with 9100', async () => {
    const data = { email: 'owner-a@test.local' };
    const basic = buildBasic({ token: '', signKey: '', path: authCalls.userExist.path, data, now: t.clock.now() });
    const r = await t.raw(authCalls.userExist, { basic, data: { email: 'owner-b@test.local' } });
    expect(r.basic.code).toBe(ErrorCodes.badSign);
  });

  it('refuses a replayed nonce with 9101', async () => {
    const data = { email: 'owner-a@test.local' };
    const basic = buildBasic({ token: '', signKey: '', path: authCalls.userExist.path, data, now: t.clock.now() });
    expect((await t.raw(authCalls.userExist, { basic, data })).basic.code).toBe(200);
    expect((await t.raw(authCalls.userExist, { basic, data })).basic.code).toBe(ErrorCodes.replayedNonce);
  });

  it('refuses a replayed nonce of a signed call, whether its session was cached or not', async () => {
    const s = await t.login('dealer-a@test.local');
    const data = { pageNum: 1, pageSize: 10 };
    // The first call after login reads the session; the next ones find it in the read cache.
    const first = buildBasic({ token: s.token, signKey: s.signKey, path: companyCalls.list.path, data, now: t.clock.now() });
    expect((await t.raw(companyCalls.list, { basic: first, data })).basic.code).toBe(200);
    const second = buildBasic({ token: s.token, signKey: s.signKey, path: companyCalls.list.path, data, now: t.clock.now() });
    expect((await t.raw(companyCalls.list, { basic: second, data })).basic.code).toBe(200);
    expect((await t.raw(companyCalls.list, { basic: first, data })).basic.code).toBe(ErrorCodes.replayedNonce);
    expect((await t.raw(companyCalls.list, { basic: second, data })).basic.code).toBe(ErrorCodes.replayedNonce);
  });

  it('refuses a time outside ±5 minutes with 9102', async () => {
    const data = { email: 'owner-a@test.local' };
    const stale = buildBasic({ token: '', signKey: '', path: authCalls.userExist.path, data, now: t.clock.now() - 6 * 60_000 });
    expect((await t.raw(authCalls.userExist, { basic: stale, data })).basic.code).toBe(ErrorCodes.staleTime);
    const future = buildBasic({ token: '', signKey: '', path: authCalls.userExist.path, data, now: t.clock.now() + 6 * 60_000 });
    expect((await t.raw(authCalls.userExist, { basic: future, data })).basic.code).toBe(ErrorCodes.staleTime);
  });

  it('signs with the session key: a call signed with the public key under a token is refused', async () => {
    const s = await t.login('owner-a@test.local');
    const data = { pageNum: 1, pageSize: 10 };
    const basic = buildBasic({ token: s.token, signKey: '', path: companyCalls.list.path, data, now: t.clock.now() });
    expect((await t.raw(companyCalls.list, { basic, data })).basic.code).toBe(ErrorCodes.badSign);
  });

  it('answers malformed JSON with 1002, localized, never a 500', async () => {
    const r = await t.raw(authCalls.userExist, '{"basic": {', { 'x-locale': 'zh-CN' });
    expect(r.status).toBe(200);
    expect(r.basic.code).toBe(ErrorCodes.malformedJson);
    expect(r.basic.msg).toBe('请求内容不是有效的 JSON。');
  });

  it('answers wrong types, unknown and missing fields with 1001 naming the field', async () => {
    const wrongType = await t.call(authCalls.userExist, { email: 42 } as never);
    expect(wrongType.basic.code).toBe(ErrorCodes.invalidParams);
    expect(wrongType.basic.msg).toContain('email');
    const unknown = await t.call(authCalls.userExist, { email: 'a@b.cd', extra: 1 } as never);
    expect(unknown.basic.code).toBe(ErrorCodes.invalidParams);
    const missing = await t.call(authCalls.userExist, {} as never, null, { locale: 'zh-CN' });
    expect(missing.basic.code).toBe(ErrorCodes.invalidParams);
    expect(missing.basic.msg).toMatch(/^参数错误/);
  });

  it('answers an unknown field in basic with 9103', async () => {
    const data = { email: 'owner-a@test.local' };
    const basic = { ...buildBasic({ token: '', signKey: '', path: authCalls.userExist.path, data, now: t.clock.now() }), extra: 1 };
    expect((await t.raw(authCalls.userExist, { basic, data })).basic.code).toBe(ErrorCodes.missingBasic);
  });

  it('answers an oversize body with 1003', async () => {
    const r = await t.raw(authCalls.userExist, { basic: {}, data: { pad: 'x'.repeat(REQUEST_BODY_MAX_BYTES + 10) } });
    expect(r.basic.code).toBe(ErrorCodes.bodyTooLarge);
    expect(r.status).toBe(413);
  });

  it('answers an unknown call with HTTP 404 and 1006', async () => {
    const r = await t.raw(`${API_PREFIX}/no/such/call`, { basic: {}, data: {} });
    expect(r.status).toBe(404);
    expect(r.basic.code).toBe(ErrorCodes.unknownCall);
  });

  it('answers a wrong content type with a catalogue error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/${authCalls.userExist.path}`,
      payload: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().basic.code).toBe(ErrorCodes.invalidParams);
  });

  it('carries a request id on every answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});
