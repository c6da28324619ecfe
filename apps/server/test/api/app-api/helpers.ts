/** The app-facing API from a test: an app's credentials, an end user's session, codes from the outbox. */
import { appApiCalls } from '@portal/contract';
import { expect } from 'vitest';
import type { TestApp } from '../../support/app';

export interface Creds {
  token: string;
  signKey: string;
  renewToken: string;
}

/** An app's credentials for 'appKey' calls: its appId as the token, its secret as the sign key. */
export const appCreds = (k: { appId: string; secret: string }): Creds => ({ token: k.appId, signKey: k.secret, renewToken: '' });

/** The 6-digit code of the last mail to an address. */
export async function mailedCode(t: TestApp, email: string): Promise<string> {
  const mail = await t.lastMailTo(email);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  expect(code, `a code mailed to ${email}`).toBeTruthy();
  return code!;
}

/** Register an end user through the app (code from the outbox); answers its session. */
export async function registerEndUser(t: TestApp, app: Creds, email: string, password = 'Appuser#123', locale?: string): Promise<Creds> {
  const sent = await t.call(appApiCalls.emailCode, { email, purpose: 'register' }, app);
  expect(sent.basic.code, sent.basic.msg).toBe(200);
  const emailCode = await mailedCode(t, email);
  const r = await t.call(
    appApiCalls.register,
    { email, emailCode, password, nickname: email.split('@')[0]! },
    app,
    locale ? { locale } : {},
  );
  expect(r.basic.code, r.basic.msg).toBe(200);
  return r.data;
}
