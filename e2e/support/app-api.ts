/**
 * The app-facing API as a brand's app calls it (as app-sim does): signed envelope calls with the
 * demo seed's Acme app key (its random secret: e2eDemoApp) before login, the end user's session after.
 */
import { buildBasic, callUrlPath, type CallData, type CallDef, type CallResult } from '@portal/contract';

/** A demo end user of the Acme app (the seed binds them to Acme devices). */
export const demoUserEmail = (n: number) => `user${String(n).padStart(3, '0')}@acme-app.demo.local`;

export type AppCreds = { token: string; signKey: string };

/** One signed call; anything but 200 throws with the code and message. */
export async function appCall<C extends CallDef>(origin: string, call: C, data: CallData<C>, creds: AppCreds): Promise<CallResult<C>> {
  const basic = buildBasic({ token: creds.token, signKey: creds.signKey, path: call.path, data });
  const res = await fetch(`${origin}${callUrlPath(call)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ basic, data }),
  });
  const body = (await res.json()) as { basic: { code: number; msg: string }; data: unknown };
  if (body.basic.code !== 200) throw new Error(`${call.path}: ${body.basic.code} ${body.basic.msg}`);
  return body.data as CallResult<C>;
}
