import { type CallData, type CallResult, authRefs, type authCalls } from '@portal/contract';
import { callRef } from '../../../lib/api/client';

/**
 * The calls of the registration and password-finding pages, by their refs: like the login page,
 * those pages load neither zod nor TanStack Query (issue 16). Their forms check fields with the
 * contract's rules first (registerFormIssues, emailCodeFormIssues); the server checks again.
 */
export function fetchImageCode(signal?: AbortSignal): Promise<CallResult<typeof authCalls.imageCode>> {
  return callRef<typeof authCalls.imageCode>(authRefs.imageCode, {}, { signal });
}

export function sendEmailCode(data: CallData<typeof authCalls.emailCode>): Promise<CallResult<typeof authCalls.emailCode>> {
  return callRef<typeof authCalls.emailCode>(authRefs.emailCode, data);
}

export function selfRegister(data: CallData<typeof authCalls.selfRegister>): Promise<CallResult<typeof authCalls.selfRegister>> {
  return callRef<typeof authCalls.selfRegister>(authRefs.selfRegister, data);
}

export function findPassword(data: CallData<typeof authCalls.findPassword>): Promise<CallResult<typeof authCalls.findPassword>> {
  return callRef<typeof authCalls.findPassword>(authRefs.findPassword, data);
}
