import { RESOURCE_GROUPS, type SessionUser } from '@portal/contract';

/** i18n keys describing the user's role: company type and administrator kind. */
export function roleKeys(user: Pick<SessionUser, 'userType' | 'userAuthType'>): { typeKey: string; authKey: string } {
  return { typeKey: `userType.${user.userType}`, authKey: `userAuthType.${user.userAuthType}` };
}

/** The user's resource codes grouped by module as Query / Operation (for account information). */
export function permissionSummary(authResList: readonly string[]): Array<{ module: string; query: boolean; operation: boolean }> {
  return RESOURCE_GROUPS.map((g) => ({
    module: g.module,
    query: !!g.query && authResList.includes(g.query),
    operation: !!g.operation && authResList.includes(g.operation),
  })).filter((g) => g.query || g.operation);
}

export function currentAreaOf(user: Pick<SessionUser, 'areaList' | 'currentArea'>) {
  return user.areaList.find((a) => a.id === user.currentArea) ?? null;
}
