import { type Locale, LOCALES, type ResourceCode, type SessionUser, type UserType } from '@portal/contract';
import type { Db, Tx } from '../../db/client';
import { presentArea } from '../../lib/area-names';
import { findActingUserNames, findSessionUser, hiddenMenusFor, listAreas } from './session.repository';

/** The session user of SPEC §3 as the browser keeps it; area names in `locale` (default: the session's). */
export async function presentSessionUser(db: Db | Tx, sessionId: number, locale?: Locale): Promise<SessionUser> {
  const row = await findSessionUser(db, sessionId);
  if (!row) throw new Error(`session ${sessionId} not found`);
  const { session, user, company } = row;
  const areaList = await listAreas(db, user.areaIds);
  const current = areaList.find((a) => a.id === session.currentAreaId) ?? areaList[0];
  let remoteAccess: SessionUser['remoteAccess'] = null;
  if (session.actingUserId) {
    const by = await findActingUserNames(db, session.actingUserId);
    remoteAccess = {
      byUserId: session.actingUserId,
      byNickName: by?.nickname ?? '',
      byCoName: by?.coName ?? '',
      expiresAt: session.remoteExpiresAt?.getTime() ?? 0,
    };
  }
  // Hidden-menu lists apply to distributors (SPEC §2), per kind of the current area.
  const hiddenMenus = company.level === 2 ? await hiddenMenusFor(db, current?.kind) : [];
  return {
    userId: user.id,
    nickName: user.nickname,
    email: user.email,
    mobile: user.phone,
    level: company.level,
    userType: user.userType as UserType,
    userAuthType: user.userAuthType as 1 | 2 | 3,
    authResList: user.authResList as ResourceCode[],
    areaList: areaList.map((a) => presentArea(a, locale ?? LOCALES.find((l) => l === session.locale) ?? 'en-US')),
    currentArea: current?.id ?? 0,
    coId: company.id,
    coName: company.name,
    remoteAccess,
    hiddenMenus,
  };
}
