/** The app-facing API's calls (DOMAIN §5): the end user's account and devices. */
import { appApiCalls, ErrorCodes } from '@portal/contract';
import { implement } from '../../lib/implement';
import * as account from './account.service';
import * as devices from './app-devices.service';

const brandOnly = { none: "acts only within the application key's brand (every query names it; tested by app-api tests)" };
const selfOnly = { none: "acts only on the signed-in end user's own account and session" };
/**
 * These calls check an e-mailed code or a password: the attempt is counted and committed before
 * the check, on the database, so they run without the router's transaction (see auth.calls.ts);
 * their own writes go in one transaction.
 */
const secretChecked = { transaction: false } as const;

export const appApiImpls = [
  implement(appApiCalls.emailCode, brandOnly, (ctx, d) => account.sendCode(ctx, d)),
  implement(appApiCalls.register, brandOnly, (ctx, d) => account.register(ctx, d), secretChecked),
  implement(appApiCalls.login, brandOnly, (ctx, d) => account.login(ctx, d)),
  implement(appApiCalls.renew, brandOnly, (ctx, d) => account.renew(ctx, d.renewToken)),
  implement(appApiCalls.passwordFind, brandOnly, (ctx, d) => account.findPassword(ctx, d), secretChecked),
  implement(appApiCalls.logout, selfOnly, (ctx) => account.logout(ctx)),
  implement(appApiCalls.profile, selfOnly, (ctx) => account.profile(ctx)),
  implement(appApiCalls.profileUpdate, selfOnly, (ctx, d) => account.updateProfile(ctx, d)),
  implement(appApiCalls.deleteAccount, selfOnly, (ctx, d) => account.deleteAccount(ctx, d), secretChecked),
  implement(
    appApiCalls.deviceBind,
    // Another brand's device, with its right verification code: answered as an unknown one.
    { otherTenant: (fx) => ({ sn: fx.otherDeviceSn, verifyCode: fx.otherDeviceVerifyCode }), refusedWith: [ErrorCodes.deviceCodeWrong] },
    (ctx, d) => devices.bind(ctx, d),
  ),
  implement(
    appApiCalls.deviceUnbind,
    { otherTenant: (fx) => ({ deviceId: fx.otherDeviceId }), refusedWith: [ErrorCodes.deviceNotBound] },
    (ctx, d) => devices.unbind(ctx, d.deviceId),
  ),
  implement(appApiCalls.deviceList, selfOnly, (ctx, d) => devices.list(ctx, d)),
];
