import type { ResourceCode, UserDetail, UserRecord } from '@portal/contract';
import type { Actor } from '../../lib/context';
import { availableActions } from './users.policy';
import type { UserListRow } from './users.repository';

type Row = UserListRow;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** A user row as the contract shape; a deleted user shows its former address, never the tombstone. */
export function presentUser(actor: Actor, r: Row): UserRecord {
  return {
    id: r.id,
    companyId: r.companyId,
    companyName: r.companyName,
    email: r.deletedEmail ?? r.email,
    nickName: r.nickname,
    phone: r.phone,
    userType: r.userType as UserRecord['userType'],
    userAuthType: r.userAuthType as UserRecord['userAuthType'],
    status: r.status as UserRecord['status'],
    registered: r.registered,
    invitedAt: iso(r.invitedAt),
    createdAt: iso(r.createdAt)!,
    actions: availableActions(actor, r),
  };
}

export function presentUserDetail(
  actor: Actor,
  r: Row & { authResList: string[]; areaIds: number[]; companyIds: number[]; appIds: string[] },
  names: { id: number; name: string }[],
): UserDetail {
  return {
    ...presentUser(actor, r),
    authResList: r.authResList as ResourceCode[],
    areaIds: r.areaIds,
    companyIds: r.companyIds,
    appIds: r.appIds,
    companyNames: names.map((n) => ({ id: n.id, name: n.name })),
  };
}
