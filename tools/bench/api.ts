/**
 * A minimal client of the portal API for the benchmark: log in, then build signed envelopes.
 * Every envelope gets a fresh basic (time, id, nonce, sign), as the browser would send it.
 */
import { API_PREFIX, NONCE_MAX, buildBasic, callUrlPath, type CallDef, type ResponseEnvelope } from '@portal/contract';

export interface Session {
  token: string;
  signKey: string;
}

/**
 * Nonces from one counter, starting at a random point: random nonces would collide about once in
 * 50,000 calls (birthday bound over 2^31), which the server rightly rejects as a replay.
 */
let nonceCounter = Math.floor(Math.random() * NONCE_MAX);
export function nextNonce(): number {
  nonceCounter = (nonceCounter + 1) % NONCE_MAX;
  return nonceCounter;
}

/** The JSON body of a call: `{ basic, data }`, signed with the session's key (or the public key before login). */
export function envelope(session: Session | null, path: string, data: unknown): string {
  const basic = buildBasic({ token: session?.token ?? '', signKey: session?.signKey ?? '', path, data, nonce: nextNonce() });
  return JSON.stringify({ basic, data });
}

export const JSON_HEADERS = { 'content-type': 'application/json' };

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
  ) {
    super(message);
  }
}

/** One call through fetch; throws unless HTTP 2xx and basic.code 200. */
export async function call<T>(origin: string, path: string, session: Session | null, data: unknown): Promise<T> {
  return callAt<T>(`${origin}${API_PREFIX}/${path}`, path, session, data);
}

/** One call of a contract definition (a portal or an app-api call) through fetch, as `call`. */
export async function callDef<T>(origin: string, def: Pick<CallDef, 'auth' | 'path'>, session: Session | null, data: unknown): Promise<T> {
  return callAt<T>(`${origin}${callUrlPath(def)}`, def.path, session, data);
}

async function callAt<T>(url: string, path: string, session: Session | null, data: unknown): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: JSON_HEADERS, body: envelope(session, path, data) });
  const text = await res.text();
  let body: ResponseEnvelope<T> | undefined;
  try {
    body = JSON.parse(text) as ResponseEnvelope<T>;
  } catch {
    // reported below
  }
  if (!res.ok || body?.basic?.code !== 200) {
    throw new ApiError(
      `${path}: HTTP ${res.status} code ${body?.basic?.code ?? '-'} ${body?.basic?.msg ?? text.slice(0, 200)}`,
      res.status,
      body?.basic?.code,
    );
  }
  return body.data as T;
}

export async function login(origin: string, account: string, password: string): Promise<Session> {
  const data = await call<{ token: string; signKey: string }>(origin, 'auth/login', null, { account, password });
  return { token: data.token, signKey: data.signKey };
}

/** Whether an API answer is a success: HTTP 2xx and basic.code 200. */
export function isApiSuccess(status: number, body: string): boolean {
  if (status < 200 || status >= 300) return false;
  // Cheaper than JSON.parse on every answer, and exact for the server's `{"basic":{"code":200,...` form.
  if (body.startsWith('{"basic":{"code":200')) return true;
  try {
    return (JSON.parse(body) as ResponseEnvelope).basic?.code === 200;
  } catch {
    return false;
  }
}
