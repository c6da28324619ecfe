/**
 * The app-facing API as a brand's app calls it (DOMAIN §5): the envelope signed with the
 * application's secret before login and with the end user's session key after; an expired session
 * (7004) is renewed once with the renewal token and the call made again. Also the portal's mail
 * outbox (read as the supplier) for the e-mailed codes.
 */
import {
  APP_PLATFORM_HEADER,
  APP_VERSION_HEADER,
  appApiCalls,
  authCalls,
  buildBasic,
  callUrlPath,
  ErrorCodes,
  systemCalls,
  type CallData,
  type CallDef,
  type CallResult,
  type EndUserSession,
} from '@portal/contract';

export class CallError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${code} ${message}`);
  }
}

/** One signed POST; answers `data` or throws CallError with the catalogue code. */
export async function signedCall<C extends CallDef>(
  origin: string,
  call: C,
  data: CallData<C>,
  creds: { token: string; signKey: string },
  locale = 'en-US',
  headers: Record<string, string> = {},
): Promise<CallResult<C>> {
  const basic = buildBasic({ token: creds.token, signKey: creds.signKey, path: call.path, data });
  const res = await fetch(`${origin}${callUrlPath(call)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-locale': locale, ...headers },
    body: JSON.stringify({ basic, data }),
  });
  const body = (await res.json()) as { basic: { code: number; msg: string; params?: Record<string, string | number> }; data: unknown };
  if (body.basic.code !== 200) throw new CallError(body.basic.code, body.basic.msg, body.basic.params);
  return body.data as CallResult<C>;
}

export interface AppKey {
  appId: string;
  secret: string;
}

/** What the app says about itself with every call (the end-user log's platform and app version). */
export interface AppInstall {
  platform: 'android' | 'ios';
  appVersion: string;
}

/** An app of a brand: its key, and the session of the end user signed in (if any). */
export class AppClient {
  session: EndUserSession | null = null;
  private readonly headers: Record<string, string>;
  constructor(
    readonly origin: string,
    readonly key: AppKey,
    readonly locale = 'en-US',
    readonly install: AppInstall = { platform: 'android', appVersion: '4.2.0' },
  ) {
    this.headers = { [APP_PLATFORM_HEADER]: install.platform, [APP_VERSION_HEADER]: install.appVersion };
  }

  /** A call before login ('appKey'). */
  asApp<C extends CallDef>(call: C, data: CallData<C>): Promise<CallResult<C>> {
    return signedCall(this.origin, call, data, { token: this.key.appId, signKey: this.key.secret }, this.locale, this.headers);
  }

  /** A call of the signed-in end user ('endUser'), renewing an expired session once. */
  async asUser<C extends CallDef>(call: C, data: CallData<C>): Promise<CallResult<C>> {
    if (!this.session) throw new Error('app-sim: no end user signed in');
    try {
      return await signedCall(this.origin, call, data, this.session, this.locale, this.headers);
    } catch (err) {
      if (!(err instanceof CallError) || err.code !== ErrorCodes.tokenExpired) throw err;
      this.session = await this.asApp(appApiCalls.renew, { renewToken: this.session.renewToken });
      return signedCall(this.origin, call, data, this.session, this.locale, this.headers);
    }
  }
}

/** The portal's mail outbox, read as a supplier account (development servers keep mail there). */
export class Outbox {
  private session: { token: string; signKey: string } | null = null;
  constructor(
    private readonly origin: string,
    private readonly account: { email: string; password: string },
  ) {}

  /** The newest 6-digit code mailed to an address since `since` (epoch ms), or null. */
  async codeFor(email: string, since: number): Promise<string | null> {
    this.session ??= await signedCall(
      this.origin,
      authCalls.login,
      { account: this.account.email, password: this.account.password },
      { token: '', signKey: '' },
    );
    const page = await signedCall(this.origin, systemCalls.mailOutbox, { pageNum: 1, pageSize: 5, to: email }, this.session);
    for (const m of page.records) {
      if (Date.parse(m.createdAt) < since - 5000) continue;
      const code = /\b(\d{6})\b/.exec(m.text)?.[1];
      if (code) return code;
    }
    return null;
  }
}
