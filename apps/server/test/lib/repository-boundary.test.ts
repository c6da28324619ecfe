/**
 * Only repositories query the database (issue 11 §2, ARCHITECTURE "Repositories use the shared
 * tenant-scoped helpers"): a module file other than `*.repository.ts` that runs a statement or
 * writes SQL fails here, unless it is listed below with the reason it still does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = join(__dirname, '../../src/modules');

/**
 * Files still querying outside a repository, each with its reason. Empty since every statement of
 * auth, account-manage, partner, system and cloud-upgrade moved into a repository; a file listed
 * here needs a reason a reviewer accepts (the test fails when a listed file no longer queries).
 */
const NOT_YET_REPOSITORIES: Record<string, string> = {};

/** A statement run (`db.select(`, `tx.execute(`, `database.query(`, chained over lines too) or SQL text. */
const QUERY_PATTERNS: RegExp[] = [
  /\b(?:db|tx|database)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute|query)\s*[<(]/,
  /\bsql\s*`/,
  /\bsql\s*\.\s*(?:raw|join|param)\s*\(/,
];

export function queriesDatabase(source: string): string | null {
  for (const p of QUERY_PATTERNS) {
    const m = p.exec(source);
    if (m) return m[0];
  }
  return null;
}

function moduleFiles(dir = MODULES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return moduleFiles(path);
    return e.name.endsWith('.ts') ? [relative(MODULES, path).split('\\').join('/')] : [];
  });
}

describe('only repositories query the database', () => {
  it('recognises a query, over several lines too, and leaves other code alone', () => {
    expect(queriesDatabase('const [r] = await ctx.db\n    .select()\n    .from(users)')).not.toBeNull();
    expect(queriesDatabase('await tx.execute(q)')).not.toBeNull();
    expect(queriesDatabase("await database.query<Row>(SQL, [id], { name: 'x' })")).not.toBeNull();
    expect(queriesDatabase('const q = sql`select 1`')).not.toBeNull();
    expect(queriesDatabase('const ids = sql.param(list)')).not.toBeNull();
    expect(queriesDatabase('await store.delete(key); map.delete(k); const row = await findUserInScope(ctx.db, scope, id);')).toBeNull();
  });

  it('finds no query outside *.repository.ts but the listed files', () => {
    const offenders = moduleFiles()
      .filter((f) => !f.endsWith('.repository.ts') && !(f in NOT_YET_REPOSITORIES))
      .map((f) => ({ f, hit: queriesDatabase(readFileSync(join(MODULES, f), 'utf8')) }))
      .filter((x) => x.hit !== null)
      .map((x) => `${x.f}: ${x.hit}`);
    expect(
      offenders,
      'move these statements into the module repository (scopedToSubtree / scopedToArea / paginate, or an unsafe... function)',
    ).toEqual([]);
  });

  it('lists only files that exist and still query (the list shrinks as statements move)', () => {
    const files = new Set(moduleFiles());
    for (const [f, reason] of Object.entries(NOT_YET_REPOSITORIES)) {
      expect(files.has(f), `${f} is listed but does not exist`).toBe(true);
      expect(queriesDatabase(readFileSync(join(MODULES, f), 'utf8')), `${f} no longer queries: take it off the list`).not.toBeNull();
      expect(reason.length).toBeGreaterThan(10);
    }
  });

  it('lists no file: every module queries through its repositories', () => {
    expect(Object.keys(NOT_YET_REPOSITORIES)).toEqual([]);
  });
});
