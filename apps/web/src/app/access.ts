/**
 * Who sees which menu and may open which route (SPEC §2 route rules, §6). The server decides
 * permissions; this only keeps the UI from offering what the user cannot use.
 */
import type { SessionUser } from '@portal/contract';
import type { NavItem } from '../lib/navigation/nav-context';
import type { AppRoute } from './route-types';

export const LAYOUT_BASE = '/layout';
/** Account level of distributors / dealers (SPEC §3: level 2 means distributor). */
export const DISTRIBUTOR_LEVEL = 2;

export type AccessUser = Pick<SessionUser, 'authResList' | 'userType' | 'level' | 'hiddenMenus'>;

export function isDistributor(user: Pick<SessionUser, 'level'>): boolean {
  return user.level === DISTRIBUTOR_LEVEL;
}

/** The route's own rule: any-of resource codes, user type, and the distributor hiding rules. */
export function isRouteAllowed(route: AppRoute, user: AccessUser): boolean {
  if (route.resources?.length && !route.resources.some((c) => user.authResList.includes(c))) return false;
  if (route.userTypes?.length && !route.userTypes.includes(user.userType)) return false;
  if (isDistributor(user) && (route.hiddenForDistributor || user.hiddenMenus.includes(route.key))) return false;
  return true;
}

function joinPath(base: string, segment: string): string {
  return `${base.replace(/\/$/, '')}/${segment}`;
}

/** The visible side menu. Groups without a visible child disappear. */
export function buildMenu(routes: readonly AppRoute[], user: AccessUser, base = LAYOUT_BASE): NavItem[] {
  const out: NavItem[] = [];
  for (const r of routes) {
    if (r.hideInMenu || !isRouteAllowed(r, user)) continue;
    const path = joinPath(base, r.path);
    if (r.children?.length) {
      const kids = buildMenu(r.children, user, path);
      if (!kids.length) continue;
      if (r.menuLeaf)
        out.push({ key: r.key, path: kids[0].path, titleKey: r.titleKey, descKey: r.descKey ?? kids[0].descKey, icon: r.icon });
      else out.push({ key: r.key, path, titleKey: r.titleKey, descKey: r.descKey, icon: r.icon, children: kids });
    } else {
      out.push({ key: r.key, path, titleKey: r.titleKey, descKey: r.descKey, icon: r.icon });
    }
  }
  return out;
}

/** The absolute paths of every route the user may open (its ancestors allowed too), menu or not. */
export function allowedPaths(routes: readonly AppRoute[], user: AccessUser, base = LAYOUT_BASE): Set<string> {
  const out = new Set<string>();
  for (const r of routes) {
    if (!isRouteAllowed(r, user)) continue;
    const path = joinPath(base, r.path);
    out.add(path);
    if (r.children?.length) for (const p of allowedPaths(r.children, user, path)) out.add(p);
  }
  return out;
}

/** Menu entries that open a page, in menu order (a group's children take the group's icon if they have none). */
export function menuLeaves(menus: readonly NavItem[]): NavItem[] {
  return menus.flatMap((m) => (m.children?.length ? menuLeaves(m.children.map((c) => ({ ...c, icon: c.icon ?? m.icon }))) : [m]));
}

/** Where "the first visible top menu" leads; null when the user can see nothing. */
export function firstVisiblePath(routes: readonly AppRoute[], user: AccessUser): string | null {
  return menuLeaves(buildMenu(routes, user))[0]?.path ?? null;
}

/** The route with this key and its ancestors, outermost first. */
export function findChain(routes: readonly AppRoute[], key: string, ancestors: AppRoute[] = []): AppRoute[] | null {
  for (const r of routes) {
    const chain = [...ancestors, r];
    if (r.key === key) return chain;
    if (r.children) {
      const hit = findChain(r.children, key, chain);
      if (hit) return hit;
    }
  }
  return null;
}

export function chainPath(chain: readonly AppRoute[], base = LAYOUT_BASE): string {
  return chain.reduce((p, r) => joinPath(p, r.path), base);
}

export function pathOf(routes: readonly AppRoute[], key: string): string | null {
  const chain = findChain(routes, key);
  return chain ? chainPath(chain) : null;
}

export type AccessDecision = { action: 'allow' } | { action: 'login' } | { action: 'redirect'; to: string } | { action: 'forbidden' };

/**
 * Decide what happens when `user` opens the route `chain` (ancestors first):
 * distributors opening a distributorToLogin route go to login; an allowed route opens; a route with
 * an allowed fallback goes there; anything else goes to the first visible top menu.
 */
export function decideAccess(routes: readonly AppRoute[], chain: readonly AppRoute[], user: AccessUser): AccessDecision {
  if (isDistributor(user) && chain.some((r) => r.distributorToLogin)) return { action: 'login' };
  if (chain.every((r) => isRouteAllowed(r, user))) return { action: 'allow' };
  const leaf = chain[chain.length - 1];
  if (leaf?.fallbackTo) {
    const fallback = findChain(routes, leaf.fallbackTo);
    if (fallback && fallback.every((r) => isRouteAllowed(r, user))) return { action: 'redirect', to: chainPath(fallback) };
  }
  const first = firstVisiblePath(routes, user);
  return first ? { action: 'redirect', to: first } : { action: 'forbidden' };
}
