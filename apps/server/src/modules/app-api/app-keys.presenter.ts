/** Application keys and end users in their contract shape, with the caller's abilities (the policies). */
import type { AppKey, AppLanguage, EndUser } from '@portal/contract';
import type { Actor } from '../../lib/context';
import { allowedActions } from '../../lib/policy';
import type { AppKeyRow } from './app-keys.repository';
import { appKeyPolicy, endUserPolicy } from './app-keys.policy';
import type { EndUserListRow } from './end-users.repository';

export function presentAppKeys(actor: Actor, rows: AppKeyRow[]): AppKey[] {
  return rows.map((k) => ({
    id: k.id,
    appId: k.appId,
    name: k.name,
    companyId: k.companyId,
    companyName: k.companyName,
    status: k.status as AppKey['status'],
    secretLast4: k.secretLast4,
    createdAt: k.createdAt.getTime(),
    rotatedAt: k.rotatedAt?.getTime() ?? null,
    endUserCount: k.endUserCount,
    actions: allowedActions(appKeyPolicy, actor, k),
  }));
}

export function presentEndUsers(actor: Actor, rows: EndUserListRow[]): EndUser[] {
  return rows.map((u) => ({
    id: u.id,
    companyId: u.companyId,
    companyName: u.companyName,
    email: u.email,
    nickname: u.nickname,
    locale: u.locale as AppLanguage,
    country: u.country,
    areaId: u.areaId,
    status: u.status as EndUser['status'],
    deviceCount: u.deviceCount,
    createdAt: u.createdAt.getTime(),
    actions: allowedActions(endUserPolicy, actor, u),
  }));
}
