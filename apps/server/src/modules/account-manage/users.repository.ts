/**
 * Users, always scoped to the caller's subtree and resource range. The list is the module's hot
 * path (100,000 users in a large partner's subtree): one statement, newest first; a search is a
 * prefix search that the covering `users_*_search_idx` indexes answer with its total; an unsearched
 * page takes its total from the short-lived total cache.
 */
import { and, asc, count, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client';
import { companies, userEmailEvents, users } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { escapeLike, paginate, prefixRange, scopedToSubtree } from '../../lib/tenancy';
import type { DataDeps } from '../../lib/data-versions';
import type { ReadCache } from '../../lib/read-cache';
import type { TotalCache } from '../../lib/total-cache';

type AnyDb = Db | Tx;

/** Where the caller may act: its subtree, narrowed to its resource range when it has one. */
export interface ActorScope {
  actor: Actor;
  /** Paths of the downstream companies of the caller's resource range; null: the whole subtree. */
  rangePaths: string[] | null;
  /** The caller's own application permissions (empty: unrestricted). */
  appIds: string[];
  companyAreaId: number | null;
}

export async function loadActorScope(db: AnyDb, actor: Actor): Promise<ActorScope> {
  const [me] = await db
    .select({ companyIds: users.companyIds, appIds: users.appIds, companyAreaId: companies.areaId })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, actor.userId));
  let rangePaths: string[] | null = null;
  if (me && me.companyIds.length) {
    const rows = await db
      .select({ path: companies.path })
      .from(companies)
      .where(and(inArray(companies.id, me.companyIds), scopedToSubtree(companies.path, actor)));
    rangePaths = rows.map((r) => r.path);
  }
  return { actor, rangePaths, appIds: me?.appIds ?? [], companyAreaId: me?.companyAreaId ?? null };
}

/** Whether a company path is inside the scope (own company always; downstream ones within the range). */
export function pathInScope(scope: ActorScope, path: string, companyId: number): boolean {
  if (!path.startsWith(scope.actor.companyPath)) return false;
  if (companyId === scope.actor.companyId || scope.rangePaths === null) return true;
  return scope.rangePaths.some((p) => path.startsWith(p));
}

export interface UserListFilter {
  searchText?: string;
  status?: string;
  companyId?: number;
  userType?: string;
}

export interface UserListRow {
  id: number;
  companyId: number;
  companyName: string;
  email: string;
  deletedEmail: string | null;
  nickname: string;
  phone: string;
  userType: string;
  userAuthType: number;
  status: string;
  registered: boolean;
  invitedAt: Date | null;
  createdAt: Date;
}

const toDate = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

/**
 * The user list's conditions with only the filters given (each combination is its own prepared
 * statement, so a type or status filter can walk its index instead of the whole subtree): those on
 * the user's company (`c`: the subtree, the resource range) and those on the user (`u`).
 */
function listWhere(scope: ActorScope, f: UserListFilter) {
  const { actor } = scope;
  const params: unknown[] = [escapeLike(actor.companyPath) + '%'];
  const companyConds: string[] = ['c.path like $1'];
  // The same conditions on the user's own copy of its company's path (migration 0022), for the search.
  const pathConds: string[] = ['u.company_path like $1'];
  const userConds: string[] = [];
  let shape = '';
  const add = (conds: string[], flag: string, cond: (n: number) => string, value: unknown) => {
    params.push(value);
    conds.push(cond(params.length));
    shape += flag;
  };
  if (scope.rangePaths) {
    params.push(actor.companyId);
    add(
      companyConds,
      'r',
      (n) => `(c.id = $${n - 1}::int or c.path like any($${n}::text[]))`,
      scope.rangePaths.map((p) => escapeLike(p) + '%'),
    );
    const n = params.length;
    pathConds.push(`(u.company_id = $${n - 1}::int or u.company_path like any($${n}::text[]))`);
  }
  if (f.status) add(userConds, 'x', (n) => `u.status = $${n}`, f.status);
  else userConds.push(`u.status <> 'deleted'`);
  if (f.companyId) add(userConds, 'c', (n) => `u.company_id = $${n}::int`, f.companyId);
  if (f.userType) add(userConds, 't', (n) => `u.user_type = $${n}`, f.userType);
  // The search text is a prefix of the e-mail, nickname or phone (or a deleted user's address), case-insensitive.
  const searchPrefix = f.searchText ? f.searchText.toLowerCase() : null;
  const search = searchPrefix !== null ? escapeLike(searchPrefix) + '%' : null;
  return { companyConds, pathConds, userConds, params, shape, search, searchPrefix };
}

/** What a user page is read from. */
const USER_PAGE_DEPS: DataDeps = { tables: ['users', 'companies'] };

function toUserListRow(r: Record<string, unknown>): UserListRow {
  return {
    id: Number(r.id),
    companyId: Number(r.company_id),
    companyName: String(r.company_name),
    email: String(r.email),
    deletedEmail: (r.deleted_email as string | null) ?? null,
    nickname: String(r.nickname),
    phone: String(r.phone),
    userType: String(r.user_type),
    userAuthType: Number(r.user_auth_type),
    status: String(r.status),
    registered: r.registered === true || r.registered === 't',
    invitedAt: toDate(r.invited_at),
    createdAt: toDate(r.created_at)!,
  };
}

const USER_COLUMNS = `u.id, u.company_id, c.name as company_name, u.email, u.deleted_email, u.nickname, u.phone, u.user_type,
              u.user_auth_type, u.status, u.registered, u.invited_at, u.created_at`;

/**
 * A searched page and its total in one statement, prepared per combination of filters (planned
 * once per connection): each searched column is matched by its prefix range (`~>=~ lo and ~<~ hi`,
 * bound parameters an index range can use in a generic plan), the LIKE kept as the exact condition.
 * The matches are the union of one index-only scan per searched column: the covering indexes
 * (migrations 0013, 0022) carry id, company, company path, status and type, so the subtree, the
 * resource range and the filters are checked in the index, without a lookup per match; they are
 * counted, and only the page's ids are then read in full. A page past the last still answers the
 * total (one row of nulls). A prefix with no upper bound (only U+10FFFF) is planned for itself.
 */
function searchStatement(w: ReturnType<typeof listWhere>, page: { pageNum: number; pageSize: number }) {
  const prefix = w.searchPrefix!;
  const range = prefixRange(prefix);
  const params = [...w.params, w.search, page.pageSize, (page.pageNum - 1) * page.pageSize, range.lo, range.hi];
  const s = w.params.length + 1;
  const conds = [...w.userConds, ...w.pathConds].map((c) => ` and ${c}`).join('');
  const inRange = (col: string) =>
    range.hi === null ? `${col} ~>=~ $${s + 3}::text` : `${col} ~>=~ $${s + 3}::text and ${col} ~<~ $${s + 4}::text`;
  const match = (col: string) => `${inRange(col)} and ${col} like $${s}`;
  const branch = (matches: string) => `select u.id from users u where ${matches}${conds}`;
  const text = `with m as materialized (
           ${branch(match('lower(u.email)'))}
           union ${branch(match('lower(u.nickname)'))}
           union ${branch(match('u.phone'))}
           union ${branch(`${match('lower(u.deleted_email)')} and u.deleted_email is not null`)})
         select ${USER_COLUMNS}, t.total_rows
           from (select count(*)::int as total_rows from m) t
           left join lateral (select m.id from m order by m.id desc limit $${s + 1} offset $${s + 2}) p on true
           left join users u on u.id = p.id
           left join companies c on c.id = u.company_id
          order by u.id desc`;
  if (range.hi === null) params.pop();
  return { text, params, name: range.hi === null ? undefined : `user_search_${w.shape || 'all'}` };
}

export async function listUsers(
  database: Database,
  { totals, reads }: { totals: TotalCache; reads: ReadCache },
  scope: ActorScope,
  f: UserListFilter,
  page: { pageNum: number; pageSize: number },
) {
  const { actor } = scope;
  const w = listWhere(scope, f);
  if (w.search) {
    // Each search is its own total (the total cache would hardly ever hold it): counted with its page.
    const q = searchStatement(w, page);
    return reads.get(`users.search|${w.shape}|${JSON.stringify(q.params)}`, USER_PAGE_DEPS, async () => {
      const { rows } = await database.query<Record<string, unknown>>(q.text, q.params, q.name ? { name: q.name } : undefined);
      return { records: rows.filter((r) => r.id !== null).map(toUserListRow), total: Number(rows[0]?.total_rows ?? 0) };
    });
  }
  const n = w.params.length;
  const matching = `from users u join companies c on c.id = u.company_id
        where ${[...w.companyConds, ...w.userConds].join('\n        and ')}`;
  const key = `users|${actor.companyPath}|${(scope.rangePaths ?? []).join(',')}||${f.status ?? ''}|${f.companyId ?? ''}|${f.userType ?? ''}`;
  const countAll = async () => {
    const r = await database.query<{ n: number }>(`select count(*)::int as n ${matching}`, w.params);
    return Number(r.rows[0]?.n ?? 0);
  };
  // The page is kept until a user or company changes (the read cache); its key is the statement's
  // shape and every value bound to it. Each combination of filters is a prepared statement,
  // planned once per connection.
  return paginate(
    page,
    ({ limit, offset }) =>
      reads.get(`users.page|${w.shape}|${JSON.stringify([...w.params, limit, offset])}`, USER_PAGE_DEPS, async () => {
        const { rows } = await database.query<Record<string, unknown>>(
          `select ${USER_COLUMNS} ${matching} order by u.id desc limit $${n + 1} offset $${n + 2}`,
          [...w.params, limit, offset],
          { name: `user_list_page_${w.shape || 'all'}` },
        );
        return rows.map(toUserListRow);
      }),
    countAll,
    { totals, key, deps: USER_PAGE_DEPS },
  );
}

/** Forget cached user totals of the subtrees containing this company path (after an add or delete). */
export function invalidateUserTotals(totals: TotalCache, companyPath: string) {
  totals.invalidateSubtrees('users', companyPath);
}

export type UserRow = typeof users.$inferSelect & { companyName: string; companyPath: string; companyType: string; companyLevel: number };

const userWithCompany = {
  user: users,
  companyName: companies.name,
  companyPath: companies.path,
  companyType: companies.type,
  companyLevel: companies.level,
};

/** One user in the caller's scope, or null (another tenant's id, or outside the resource range). */
export async function findUserInScope(db: AnyDb, scope: ActorScope, userId: number): Promise<UserRow | null> {
  const [row] = await db
    .select(userWithCompany)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, userId), scopedToSubtree(companies.path, scope.actor)));
  if (!row || !pathInScope(scope, row.companyPath, row.user.companyId)) return null;
  return {
    ...row.user,
    companyName: row.companyName,
    companyPath: row.companyPath,
    companyType: row.companyType,
    companyLevel: row.companyLevel,
  };
}

/** Unscoped: a user by id with its company (for the caller itself and for registration links). */
export async function unsafeFindUserById(db: AnyDb, userId: number): Promise<UserRow | null> {
  const [row] = await db
    .select(userWithCompany)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    ...row.user,
    companyName: row.companyName,
    companyPath: row.companyPath,
    companyType: row.companyType,
    companyLevel: row.companyLevel,
  };
}

/** Unscoped: whether any live account uses this address (deleted users hold a tombstone instead). */
export async function unsafeFindUserByEmail(db: AnyDb, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function findCompanyInScope(db: AnyDb, scope: ActorScope, companyId: number) {
  const [row] = await db
    .select({
      id: companies.id,
      path: companies.path,
      type: companies.type,
      level: companies.level,
      name: companies.name,
      areaId: companies.areaId,
      status: companies.status,
      userLimit: companies.userLimit,
    })
    .from(companies)
    .where(and(eq(companies.id, companyId), scopedToSubtree(companies.path, scope.actor)));
  if (!row || !pathInScope(scope, row.path, row.id)) return null;
  return row;
}

export async function companyNames(db: AnyDb, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: companies.id, name: companies.name, path: companies.path })
    .from(companies)
    .where(inArray(companies.id, [...ids]));
}

/** Other live users (and owners) of a company, and how many downstream companies it has. */
export async function companyDependents(db: AnyDb, companyId: number, companyPath: string, exceptUserId: number) {
  const others = and(eq(users.companyId, companyId), ne(users.id, exceptUserId), ne(users.status, 'deleted'));
  const [[o], [w], [c]] = await Promise.all([
    db.select({ n: count() }).from(users).where(others),
    db
      .select({ n: count() })
      .from(users)
      .where(and(others, eq(users.userAuthType, 1))),
    db
      .select({ n: count() })
      .from(companies)
      .where(and(scopedToSubtree(companies.path, { companyPath }), ne(companies.id, companyId))),
  ]);
  return { others: Number(o?.n ?? 0), owners: Number(w?.n ?? 0), children: Number(c?.n ?? 0) };
}

/** Users of a company that count against its user limit (all but deleted ones). */
export async function liveUserCount(db: AnyDb, companyId: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), ne(users.status, 'deleted')));
  return Number(r?.n ?? 0);
}

/** When an address was deleted within the churn window, oldest first (20052). */
export async function emailDeletionsSince(db: AnyDb, email: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: userEmailEvents.at })
    .from(userEmailEvents)
    .where(and(eq(userEmailEvents.email, email), eq(userEmailEvents.kind, 'deleted'), gt(userEmailEvents.at, since)))
    .orderBy(asc(userEmailEvents.at));
  return rows.map((r) => r.at);
}

export async function recordEmailEvent(db: AnyDb, email: string, kind: 'added' | 'deleted', at: Date) {
  await db.insert(userEmailEvents).values({ email, kind, at });
}

/** An invited user (no usable password until the link is used) in a company the caller's scope was checked for. */
export async function insertInvitedUser(db: AnyDb, values: typeof users.$inferInsert): Promise<number> {
  const [u] = await db.insert(users).values(values).returning({ id: users.id });
  return u.id;
}

/** Any columns of a user the caller found in its scope (findUserInScope / requireUserInScope) or of the caller itself. */
export async function updateUser(db: AnyDb, userId: number, set: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(set).where(eq(users.id, userId));
}

/** A new state guarded by the old one: false when a concurrent change came first. */
export async function setUserStatusIfUnchanged(
  db: AnyDb,
  userId: number,
  from: string,
  set: Partial<typeof users.$inferInsert> & { status: string },
): Promise<boolean> {
  const done = await db
    .update(users)
    .set(set)
    .where(and(eq(users.id, userId), eq(users.status, from)))
    .returning({ id: users.id });
  return done.length > 0;
}
