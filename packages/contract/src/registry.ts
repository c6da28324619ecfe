import { authCalls, ssoCalls } from './auth';
import { companyCalls } from './company';
import type { CallDef } from './define';
import { systemCalls } from './system';
import { partnerCalls } from './partner';
import { userCalls } from './users';
import { deviceCalls, upgradeCalls } from './upgrade';

/** Every call of the API. The server must implement each one; tests iterate over this list. */
export const ALL_CALLS: readonly CallDef[] = [
  ...Object.values(authCalls),
  ...Object.values(ssoCalls),
  ...Object.values(companyCalls),
  ...Object.values(systemCalls),
  ...Object.values(userCalls),
  ...Object.values(partnerCalls),
  ...Object.values(deviceCalls),
  ...Object.values(upgradeCalls),
];
