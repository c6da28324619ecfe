import { type CallData, type CallResult, authRefs, type authCalls } from '@portal/contract';
import { callRef } from '../../../lib/api/client';

/**
 * The login call, by its ref: the login page loads neither zod nor TanStack Query (issue 16). The
 * form checks its fields with the contract's rules first (loginFormIssues); the server checks again.
 */
export function login(data: CallData<typeof authCalls.login>): Promise<CallResult<typeof authCalls.login>> {
  return callRef<typeof authCalls.login>(authRefs.login, data);
}
