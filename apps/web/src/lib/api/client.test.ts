import {
  ALL_CALLS,
  API_PREFIX,
  HTTP_TIMEOUT_MS,
  PUBLIC_SIGN_KEY,
  RENEWAL_GRACE_MS,
  RENEWAL_TIMEOUT_MS,
  TOKEN_REFRESH_GUARD_MS,
  UPLOAD_TIMEOUT_MS,
  authCalls,
  basicSchema,
  dataDigest,
  errorMessage,
  hmacSha256Hex,
  signingString,
  systemCalls,
  type Basic,
} from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockApi, partnerOwner, signIn, tokensFor } from '../../test/fixtures';
import { setLocale } from '../i18n';
import { setNavigator } from '../navigation/navigator';
import { setMessageApi } from '../notify';
import { ACTIVITY_KEY, getSession } from '../session/session-store';
import { ApiError } from './api-error';
import { call, resetApiClientState } from './client';
import { uploadContentFile } from './upload';

const toasts = vi.fn();
const navigate = vi.fn();

/** Whether `basic` signs `data` for the call at `path` (any call's path when not given). */
function verifySign(basic: Basic, data: unknown, signKey: string, path?: string) {
  const { sign, ...rest } = basic;
  const paths = path ? [path] : ALL_CALLS.map((c) => c.path);
  return paths.some((p) => hmacSha256Hex(signKey, signingString(rest, dataDigest(data), p)) === sign);
}

beforeEach(async () => {
  await setLocale('en-US');
  resetApiClientState();
  toasts.mockReset();
  navigate.mockReset();
  setMessageApi({ open: toasts });
  setNavigator(navigate);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setMessageApi(null);
  setNavigator(null);
});

describe('call: envelope', () => {
  it('POSTs { basic, data } to the call path with a sign the contract can verify', async () => {
    const session = signIn(partnerOwner());
    const { calls, fetchMock } = mockApi((path) => (path === 'auth/session/get' ? { data: session.user } : undefined));
    const user = await call(authCalls.me, {});
    expect(user.nickName).toBe('Pat Partner');

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(`${API_PREFIX}/auth/session/get`);
    expect(init?.method).toBe('POST');
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(calls[0].headers['X-Locale']).toBe('en-US');
    const { basic, data } = calls[0].body;
    expect(Object.keys(calls[0].body).sort()).toEqual(['basic', 'data']);
    const parsed = basicSchema.parse(basic);
    expect(parsed.token).toBe(session.token);
    expect(parsed.ver).toBe('1.0');
    expect(data).toEqual({});
    expect(verifySign(parsed, data, session.signKey, 'auth/session/get')).toBe(true);
    expect(verifySign(parsed, data, session.signKey, 'auth/logout')).toBe(false);
    expect(verifySign(parsed, data, 'another-key')).toBe(false);
  });

  it('signs public calls with the public key and no token, even with a session', async () => {
    signIn(partnerOwner());
    const { calls } = mockApi();
    await call(authCalls.customerWebsite, { domain: 'portal.example.com' });
    const basic = basicSchema.parse(calls[0].body.basic);
    expect(basic.token).toBe('');
    expect(verifySign(basic, { domain: 'portal.example.com' }, PUBLIC_SIGN_KEY)).toBe(true);
  });

  it('sends the data as validated by the call schema (defaults applied) and signs exactly that', async () => {
    const session = signIn(partnerOwner());
    const { calls } = mockApi(() => ({ data: { records: [], total: 0, pageNum: 1, pageSize: 10 } }));
    await call(systemCalls.mailOutbox, { to: 'someone@' } as never);
    const { basic, data } = calls[0].body;
    expect(data).toEqual({ pageNum: 1, pageSize: 10, to: 'someone@' });
    expect(verifySign(basicSchema.parse(basic), data, session.signKey)).toBe(true);
  });

  it('rejects invalid data before sending, with the localized validation text', async () => {
    const { fetchMock } = mockApi();
    const err = await call(authCalls.userExist, { email: 'not-an-email' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(1001);
    expect((err as ApiError).message).toContain('e-mail');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an answer is not activity: a poll answered while nobody is there keeps the idle clock where it was', async () => {
    signIn(partnerOwner());
    localStorage.setItem(ACTIVITY_KEY, '1000');
    mockApi(() => ({ data: partnerOwner() }));
    await call(authCalls.me, {});
    expect(localStorage.getItem(ACTIVITY_KEY)).toBe('1000');
  });

  it('a renewal is not activity either (it follows a background call as often as a click)', async () => {
    const first = signIn(partnerOwner());
    localStorage.setItem(ACTIVITY_KEY, '1000');
    const renewed = tokensFor(partnerOwner(), 2);
    mockApi((path, _data, rec) => {
      if (path === 'auth/token/renew') return envelope(renewed);
      return (rec.body.basic as { token: string }).token === first.token ? { code: 7004, msg: 'expired' } : { data: partnerOwner() };
    });
    await call(authCalls.me, {});
    expect(getSession()?.token).toBe(renewed.token);
    expect(localStorage.getItem(ACTIVITY_KEY)).toBe('1000');
  });
});

describe('call: errors', () => {
  it('rejects other codes with ApiError { code, message } and one toast per code', async () => {
    mockApi(() => ({ code: 7010, msg: 'server text', params: { remaining: 3 } }));
    const err = (await call(authCalls.login, { account: 'a@b.co', password: 'x' }).catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe(7010);
    expect(err.message).toBe(errorMessage(7010, 'en-US', { remaining: 3 }));
    expect(err.message).toContain('3 attempts left');
    await call(authCalls.login, { account: 'a@b.co', password: 'x' }).catch(() => undefined);
    expect(toasts).toHaveBeenCalledTimes(2);
    expect(toasts.mock.calls[0][0]).toMatchObject({ type: 'error', key: 'api-error-7010' });
    expect(toasts.mock.calls[1][0].key).toBe(toasts.mock.calls[0][0].key);
  });

  it("keeps the server's message when it carries no params", async () => {
    mockApi(() => ({ code: 7010, msg: 'Wrong account or password. 2 attempts left before the account is locked.' }));
    const err = (await call(authCalls.login, { account: 'a@b.co', password: 'x' }).catch((e: unknown) => e)) as ApiError;
    expect(err.message).toContain('2 attempts left');
  });

  it('treats an answer without a basic block as a generic response error', async () => {
    mockApi(() => new Response(JSON.stringify({ data: {} }), { status: 200 }));
    const err = (await call(authCalls.imageCode, {}).catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('response');
    expect(err.message).toBe('The server returned an unexpected response. Please try again later.');
  });

  it('has a distinct message for HTTP 404', async () => {
    mockApi(() => new Response('<html>Not Found</html>', { status: 404 }));
    const err = (await call(authCalls.imageCode, {}).catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('http404');
    expect(err.message).toBe('The requested service was not found (404).');
    expect(toasts.mock.calls[0][0].content).toBe(err.message);
  });

  it('has a distinct message for network errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const err = (await call(authCalls.imageCode, {}).catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('network');
    expect(err.message).toBe('Network error. Check your connection and try again.');
  });

  it('times out after HTTP_TIMEOUT_MS, uploads after UPLOAD_TIMEOUT_MS', async () => {
    vi.useFakeTimers();
    const hang = vi.fn(
      (_url: unknown, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', hang);

    const normal = call(authCalls.imageCode, {}).catch((e: unknown) => e);
    const upload = call(authCalls.imageCode, {}, { upload: true }).catch((e: unknown) => e);
    let uploadSettled = false;
    void upload.then(() => (uploadSettled = true));

    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS + 1);
    const err = (await normal) as ApiError;
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('The request timed out. Please try again later.');
    expect(uploadSettled).toBe(false);

    await vi.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS - HTTP_TIMEOUT_MS);
    expect(((await upload) as ApiError).kind).toBe('timeout');
  });

  it('localizes client-side messages (zh-CN)', async () => {
    await setLocale('zh-CN');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const err = (await call(authCalls.imageCode, {}).catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe('网络异常，请检查网络连接后重试。');
  });
});

describe('call: session-ending codes', () => {
  it.each([7003, 7009, 7088, 7090, 10002, 9100, 9101, 9102, 9103, 9104, 7023])('%i clears the session and goes to login', async (code) => {
    signIn(partnerOwner());
    mockApi(() => ({ code, msg: '' }));
    const err = (await call(authCalls.me, {}).catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe(code);
    expect(err.kind).toBe('session');
    expect(getSession()).toBeNull();
    expect(sessionStorage.getItem('portal.token')).toBeNull();
    expect(sessionStorage.getItem('portal.signKey')).toBeNull();
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login/), { replace: true });
    expect(toasts).toHaveBeenCalledTimes(1);
    expect(toasts.mock.calls[0][0]).toMatchObject({ key: `api-error-${code}`, content: errorMessage(code, 'en-US') });
  });

  it('shows the message in the current locale', async () => {
    await setLocale('zh-CN');
    signIn(partnerOwner());
    mockApi(() => ({ code: 7088, msg: '' }));
    await call(authCalls.me, {}).catch(() => undefined);
    expect(toasts.mock.calls[0][0].content).toBe(errorMessage(7088, 'zh-CN'));
  });

  it('keeps the chosen locale when the session ends', async () => {
    await setLocale('zh-CN');
    signIn(partnerOwner());
    mockApi(() => ({ code: 7003 }));
    await call(authCalls.me, {}).catch(() => undefined);
    expect(sessionStorage.getItem('locale')).toBe('zh-CN');
  });
});

describe('call: token renewal (7004)', () => {
  it('renews once for two concurrent calls, then retries both with new nonce, time and sign', async () => {
    const first = signIn(partnerOwner(), 1);
    const renewed = tokensFor(partnerOwner({ nickName: 'Pat Renewed' }), 2);
    let releaseRenew!: () => void;
    const renewGate = new Promise<void>((r) => (releaseRenew = r));
    const { calls } = mockApi((path, _data, rec) => {
      if (path === 'auth/token/renew') return renewGate.then(() => envelope(renewed));
      const token = (rec.body.basic as { token: string }).token;
      if (token === first.token) return { code: 7004 };
      return { data: { records: [], total: 0, pageNum: 1, pageSize: 10 } };
    });

    const a = call(systemCalls.mailOutbox, { pageNum: 1, pageSize: 10 });
    const b = call(systemCalls.mailOutbox, { pageNum: 2, pageSize: 10 });
    await vi.waitFor(() => expect(calls.filter((c) => c.path === 'auth/token/renew')).toHaveLength(1));
    releaseRenew();
    await expect(Promise.all([a, b])).resolves.toHaveLength(2);

    const renewCalls = calls.filter((c) => c.path === 'auth/token/renew');
    expect(renewCalls).toHaveLength(1);
    expect(renewCalls[0].body.data).toEqual({ renewToken: first.renewToken });
    expect(basicSchema.parse(renewCalls[0].body.basic).token).toBe('');

    const logCalls = calls.filter((c) => c.path === 'system/mail-outbox/page');
    expect(logCalls).toHaveLength(4);
    const retries = logCalls.filter((c) => (c.body.basic as { token: string }).token === renewed.token);
    expect(retries).toHaveLength(2);
    for (const r of retries) expect(verifySign(basicSchema.parse(r.body.basic), r.body.data, renewed.signKey)).toBe(true);
    const nonces = new Set(logCalls.map((c) => (c.body.basic as { nonce: number }).nonce));
    expect(nonces.size).toBe(4);

    expect(getSession()?.token).toBe(renewed.token);
    expect(getSession()?.user.nickName).toBe('Pat Renewed');
    expect(toasts).not.toHaveBeenCalled();
  });

  it('renews an expired token for a raw upload too, and sends the bytes again signed with the new token', async () => {
    const first = signIn(partnerOwner(), 1);
    const renewed = tokensFor(partnerOwner(), 2);
    const asset = { url: `/content-assets/${'b'.repeat(64)}-320.jpg` };
    const { calls } = mockApi((path, _data, rec) => {
      if (path === 'auth/token/renew') return envelope(renewed);
      if (path.startsWith('content/upload'))
        return (rec.body.basic as { token: string }).token === first.token ? { code: 7004 } : { data: asset };
      return undefined;
    });
    const file = new File([new Uint8Array([1, 2, 3])], 'night.jpg', { type: 'image/jpeg' });
    await expect(uploadContentFile('richImage', file)).resolves.toEqual(asset);
    const uploads = calls.filter((c) => c.path.startsWith('content/upload'));
    expect(uploads.map((c) => (c.body.basic as { token: string }).token)).toEqual([first.token, renewed.token]);
    expect(calls.filter((c) => c.path === 'auth/token/renew')).toHaveLength(1);
    expect(getSession()?.token).toBe(renewed.token);
    expect(toasts).not.toHaveBeenCalled();
  });

  /**
   * The server rotates the token when it renews: a call that carried the old token and reached it
   * after the rotation is answered 7003, though the session lives on under the new token.
   */
  function rotatingServer(first: { token: string }, renewed: ReturnType<typeof tokensFor>, renewAnswer: Promise<void>) {
    let rotated = false;
    const answerGates = new Map<string, Promise<void>>();
    const api = mockApi((path, data, rec) => {
      if (path === 'auth/token/renew') {
        rotated = true;
        return renewAnswer.then(() => envelope(renewed));
      }
      const token = (rec.body.basic as { token: string }).token;
      const ok = path === 'auth/session/get' ? partnerOwner() : { records: [], total: 0, pageNum: 1, pageSize: 10 };
      const answer = token !== first.token ? { data: ok } : rotated ? { code: 7003 } : { code: 7004 };
      const gate = answerGates.get(JSON.stringify(data));
      return gate ? gate.then(() => envelope(answer.data ?? {}, answer.code ?? 200)) : answer;
    });
    return { ...api, holdAnswerTo: (data: unknown, until: Promise<void>) => answerGates.set(JSON.stringify(data), until) };
  }

  it('sends again with the new token a call answered 7003 for the token a renewal in flight replaced, and keeps the session', async () => {
    const first = signIn(partnerOwner(), 1);
    const renewed = tokensFor(partnerOwner(), 2);
    let releaseRenew!: () => void;
    const { calls } = rotatingServer(first, renewed, new Promise<void>((r) => (releaseRenew = r)));

    // The first call meets 7004 and starts the renewal; the server has rotated, its answer is on the way.
    const a = call(authCalls.me, {});
    await vi.waitFor(() => expect(calls.filter((c) => c.path === 'auth/token/renew')).toHaveLength(1));
    // A call sent with the old token meanwhile (e.g. a chat reply beside a typing notice) is answered 7003.
    const b = call(systemCalls.mailOutbox, { pageNum: 1, pageSize: 10 });
    await vi.waitFor(() => expect(calls.filter((c) => c.path === 'system/mail-outbox/page')).toHaveLength(1));
    releaseRenew();
    await expect(Promise.all([a, b])).resolves.toHaveLength(2);

    const sent = calls.filter((c) => c.path === 'system/mail-outbox/page').map((c) => (c.body.basic as { token: string }).token);
    expect(sent).toEqual([first.token, renewed.token]);
    expect(calls.filter((c) => c.path === 'auth/token/renew')).toHaveLength(1);
    expect(getSession()?.token).toBe(renewed.token);
    expect(navigate).not.toHaveBeenCalled();
    expect(toasts).not.toHaveBeenCalled();
  });

  it('sends again a call whose 7003 for the old token arrives after the renewal was stored', async () => {
    const first = signIn(partnerOwner(), 1);
    const renewed = tokensFor(partnerOwner(), 2);
    let releaseRenew!: () => void;
    let releaseAnswer!: () => void;
    const server = rotatingServer(first, renewed, new Promise<void>((r) => (releaseRenew = r)));
    server.holdAnswerTo({ pageNum: 2, pageSize: 10 }, new Promise<void>((r) => (releaseAnswer = r)));

    const a = call(authCalls.me, {});
    await vi.waitFor(() => expect(server.calls.filter((c) => c.path === 'auth/token/renew')).toHaveLength(1));
    const b = call(systemCalls.mailOutbox, { pageNum: 2, pageSize: 10 });
    await vi.waitFor(() => expect(server.calls.filter((c) => c.path === 'system/mail-outbox/page')).toHaveLength(1));
    releaseRenew();
    await a;
    expect(getSession()?.token).toBe(renewed.token);
    releaseAnswer();
    await expect(b).resolves.toBeDefined();

    const sent = server.calls.filter((c) => c.path === 'system/mail-outbox/page').map((c) => (c.body.basic as { token: string }).token);
    expect(sent).toEqual([first.token, renewed.token]);
    expect(getSession()?.token).toBe(renewed.token);
    expect(navigate).not.toHaveBeenCalled();
    expect(toasts).not.toHaveBeenCalled();
  });

  it('sends again a raw upload answered 7003 for the token a renewal replaced', async () => {
    const first = signIn(partnerOwner(), 1);
    const renewed = tokensFor(partnerOwner(), 2);
    const asset = { url: `/content-assets/${'c'.repeat(64)}-320.jpg` };
    let releaseRenew!: () => void;
    let rotated = false;
    const { calls } = mockApi((path, _data, rec) => {
      if (path === 'auth/token/renew') {
        rotated = true;
        return new Promise<void>((r) => (releaseRenew = r)).then(() => envelope(renewed));
      }
      const token = (rec.body.basic as { token: string }).token;
      if (token !== first.token) return path.startsWith('content/upload') ? { data: asset } : { data: partnerOwner() };
      return rotated ? { code: 7003 } : { code: 7004 };
    });
    const a = call(authCalls.me, {});
    await vi.waitFor(() => expect(calls.filter((c) => c.path === 'auth/token/renew')).toHaveLength(1));
    const upload = uploadContentFile('richImage', new File([new Uint8Array([1, 2, 3])], 'night.jpg', { type: 'image/jpeg' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.path.startsWith('content/upload'))).toHaveLength(1));
    releaseRenew();
    await a;
    await expect(upload).resolves.toEqual(asset);
    const uploads = calls.filter((c) => c.path.startsWith('content/upload'));
    expect(uploads.map((c) => (c.body.basic as { token: string }).token)).toEqual([first.token, renewed.token]);
    expect(getSession()?.token).toBe(renewed.token);
    expect(toasts).not.toHaveBeenCalled();
  });

  it('still ends the session on 7003 for the token in use (no renewal replaced it)', async () => {
    signIn(partnerOwner(), 1);
    const { calls } = mockApi(() => ({ code: 7003 }));
    const err = (await call(authCalls.me, {}).catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('session');
    expect(calls).toHaveLength(1);
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login/), { replace: true });
  });

  it('ends the session when the renewal fails', async () => {
    signIn(partnerOwner(), 1);
    const { calls } = mockApi((path) => (path === 'auth/token/renew' ? { code: 7003 } : { code: 7004 }));
    const err = (await call(authCalls.me, {}).catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('session');
    expect(calls.filter((c) => c.path === 'auth/session/get')).toHaveLength(1);
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login/), { replace: true });
    expect(toasts).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the renewal gets no answer (network down, tried twice), and renews with the next call', async () => {
    signIn(partnerOwner(), 1);
    let online = false;
    const { calls } = mockApi((path, _data, rec) => {
      if (path === 'auth/token/renew') return online ? { data: tokensFor(partnerOwner(), 2) } : Promise.reject(new TypeError('offline'));
      return (rec.body.basic as { token: string }).token === 'token-2' ? { data: partnerOwner() } : { code: 7004 };
    });
    const err = (await call(authCalls.me, {}).catch((e: unknown) => e)) as ApiError;
    expect(err.kind).toBe('network');
    expect(calls.filter((c) => c.path === 'auth/token/renew')).toHaveLength(2);
    expect(getSession()?.token).toBe('token-1');
    expect(navigate).not.toHaveBeenCalled();
    online = true;
    await expect(call(authCalls.me, {})).resolves.toMatchObject({ nickName: partnerOwner().nickName });
    expect(calls.filter((c) => c.path === 'auth/token/renew')).toHaveLength(3);
    expect(getSession()?.token).toBe('token-2');
  });

  it(`sends a renewal that hangs past ${RENEWAL_TIMEOUT_MS} ms once more with the same renewal token, inside the server's grace`, async () => {
    vi.useFakeTimers();
    const first = signIn(partnerOwner(), 1);
    const { calls, fetchMock } = mockApi((path, _data, rec) => {
      if (path === 'auth/token/renew') return { data: tokensFor(partnerOwner(), 2) };
      return (rec.body.basic as { token: string }).token === 'token-2' ? { data: partnerOwner() } : { code: 7004 };
    });
    // The first renewal reached the server, but its answer never comes back (until the client aborts).
    let renewals = 0;
    vi.stubGlobal('fetch', (url: RequestInfo | URL, init?: RequestInit) => {
      const answer = fetchMock(url, init);
      if (!String(url).endsWith('auth/token/renew') || ++renewals > 1) return answer;
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    });
    const result = call(authCalls.me, {});
    await vi.advanceTimersByTimeAsync(RENEWAL_TIMEOUT_MS + 1);
    await expect(result).resolves.toMatchObject({ nickName: partnerOwner().nickName });
    const renewCalls = calls.filter((c) => c.path === 'auth/token/renew');
    expect(renewCalls.map((c) => c.body.data)).toEqual([{ renewToken: first.renewToken }, { renewToken: first.renewToken }]);
    expect(RENEWAL_TIMEOUT_MS * 2).toBeLessThan(RENEWAL_GRACE_MS);
    expect(getSession()?.token).toBe('token-2');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('retries only once: 7004 again after renewal ends the session', async () => {
    signIn(partnerOwner(), 1);
    const { calls } = mockApi((path) => (path === 'auth/token/renew' ? { data: tokensFor(partnerOwner(), 2) } : { code: 7004 }));
    await call(authCalls.me, {}).catch(() => undefined);
    expect(calls.filter((c) => c.path === 'auth/token/renew')).toHaveLength(1);
    expect(calls.filter((c) => c.path === 'auth/session/get')).toHaveLength(2);
    expect(getSession()).toBeNull();
    expect(toasts.mock.calls[0][0].content).toBe(errorMessage(7023, 'en-US'));
  });

  it(`does not renew more than once per ${TOKEN_REFRESH_GUARD_MS} ms`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    signIn(partnerOwner(), 1);
    let n = 1;
    const { calls } = mockApi((path, _data, rec) => {
      if (path === 'auth/token/renew') return { data: tokensFor(partnerOwner(), ++n) };
      // The first call after each renewal succeeds; the next one finds its token expired again.
      const token = (rec.body.basic as { token: string }).token;
      return calls.filter((c) => (c.body.basic as { token: string }).token === token).length > 1
        ? { code: 7004 }
        : token === 'token-1'
          ? { code: 7004 }
          : { data: partnerOwner() };
    });
    await call(authCalls.me, {});
    expect(calls.filter((c) => c.path === 'auth/token/renew')).toHaveLength(1);

    vi.setSystemTime(Date.now() + TOKEN_REFRESH_GUARD_MS / 2);
    await call(authCalls.me, {}).catch(() => undefined);
    expect(calls.filter((c) => c.path === 'auth/token/renew')).toHaveLength(1);
    expect(getSession()).toBeNull();
  });
});
