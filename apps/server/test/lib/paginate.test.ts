/**
 * `paginate` (lib/tenancy.ts) is the one way a repository answers a paged list: the contract's
 * `pageOf` shape, its window from the page request, the count run at most once. Checked on the
 * helper and on a repository list against a real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set), each tenant seeing only its subtree.
 */
import { firmwarePackageSchema, pageOf, pageQuerySchema, releaseTaskSchema } from '@portal/contract';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { firmwarePackages } from '../../src/db/schema';
import type { Actor } from '../../src/lib/context';
import { paginate, prefixRange, scopedBelowCompany, scopedToSubtree } from '../../src/lib/tenancy';
import { TotalCache } from '../../src/lib/total-cache';
import { listPackagesInSubtree } from '../../src/modules/cloud-upgrade/packages.repository';
import { listVisibleTasks } from '../../src/modules/cloud-upgrade/tasks.repository';
import { ENGINES, openTestDatabase } from '../support/db';
import { createWorld, type World } from '../support/fixtures';

const numbers = Array.from({ length: 23 }, (_, i) => i + 1);
const readNumbers = async ({ limit, offset }: { limit: number; offset: number }) => numbers.slice(offset, offset + limit);

describe('paginate', () => {
  it("answers the contract's pageOf shape, reading the window of the page request", async () => {
    const page = await paginate(pageQuerySchema.parse({ pageNum: 3, pageSize: 10 }), readNumbers, async () => numbers.length);
    expect(pageOf(z.number()).parse(page)).toEqual({ records: [21, 22, 23], total: 23, pageNum: 3, pageSize: 10 });
    const defaults = await paginate(pageQuerySchema.parse({}), readNumbers, async () => numbers.length);
    expect(defaults.records).toEqual(numbers.slice(0, defaults.pageSize));
  });

  it('counts once per page, and not at all for a short first page with a total cache', async () => {
    let counts = 0;
    const count = async () => ++counts && numbers.length;
    await paginate({ pageNum: 2, pageSize: 10 }, readNumbers, count);
    expect(counts).toBe(1);
    const totals = new TotalCache();
    const short = await paginate({ pageNum: 1, pageSize: 50 }, readNumbers, count, { totals, key: 'k' });
    expect(short.total).toBe(23);
    expect(counts).toBe(1);
    await paginate({ pageNum: 2, pageSize: 10 }, readNumbers, count, { totals, key: 'k' });
    await paginate({ pageNum: 3, pageSize: 10 }, readNumbers, count, { totals, key: 'k' });
    expect(counts).toBe(2); // the second full page took the cached total
  });
});

describe('tenancy helpers', () => {
  it('scope to the subtree with LIKE metacharacters of a path escaped, strictly below when asked', () => {
    const actor = { companyPath: '/1/2_%/' };
    const sub = scopedToSubtree(firmwarePackages.companyPath, actor);
    const below = scopedBelowCompany(firmwarePackages.companyPath, actor);
    const params = (q: typeof sub) => q.queryChunks.filter((c) => typeof c === 'string');
    expect(params(sub)).toContain('/1/2\\_\\%/%');
    expect(params(below)).toEqual(expect.arrayContaining(['/1/2\\_\\%/%', '/1/2_%/']));
  });
});

for (const engine of ENGINES) {
  describe(`a repository list on ${engine}`, () => {
    let database: Database;
    let world: World;
    beforeAll(async () => {
      database = await openTestDatabase(engine);
      world = await createWorld(database);
    });
    afterAll(async () => database?.close());

    const actorOf = (c: { id: number; path: string }, currentAreaId: number | null = null): Actor => ({
      sessionId: 1,
      userId: 1,
      nickname: 'n',
      email: 'e@test.local',
      companyId: c.id,
      companyPath: c.path,
      companyType: 'partner',
      companyName: 'c',
      level: 1,
      userType: 'partner',
      userAuthType: 1,
      authResList: new Set(),
      areaIds: [],
      currentAreaId,
      actingUserId: null,
      actingNickname: null,
    });

    it("answers pageOf through paginate, with the caller's subtree only", async () => {
      const b = world.companies.partnerB;
      const mine = await listPackagesInSubtree(database.db, actorOf(b), {}, { pageNum: 1, pageSize: 10 });
      expect(mine.total).toBe(1);
      expect(mine.records.map((r) => r.id)).toEqual([world.upgradeB.package.id]);
      expect(Object.keys(mine).sort()).toEqual(['pageNum', 'pageSize', 'records', 'total']);
      const other = await listPackagesInSubtree(database.db, actorOf(world.companies.partnerA), {}, { pageNum: 1, pageSize: 10 });
      expect(other).toEqual({ records: [], total: 0, pageNum: 1, pageSize: 10 });
      // The page shape the contract answers (records presented by the service).
      expect(pageOf(firmwarePackageSchema).shape.total.parse(mine.total)).toBe(1);

      const tasks = await listVisibleTasks(database.db, actorOf(b), {}, { pageNum: 1, pageSize: 5 });
      expect({ ...tasks, records: tasks.records.map((t) => Number(t.id)) }).toEqual({
        records: [world.upgradeB.task.id],
        total: 1,
        pageNum: 1,
        pageSize: 5,
      });
      // Another DC than the task's: not visible.
      const elsewhere = await listVisibleTasks(database.db, actorOf(b, world.areas.eu.id), {}, { pageNum: 1, pageSize: 5 });
      expect(elsewhere.total).toBe(0);
      expect(pageOf(releaseTaskSchema).shape.pageSize.parse(tasks.pageSize)).toBe(5);
    });
  });
}

describe('prefixRange: the strings that start with a prefix, as an index range', () => {
  it('ends just after the prefix: its last code point plus one', () => {
    expect(prefixRange('ana')).toEqual({ lo: 'ana', hi: 'anb' });
    expect(prefixRange('+1 555')).toEqual({ lo: '+1 555', hi: '+1 556' });
    expect(prefixRange('张')).toEqual({ lo: '张', hi: String.fromCodePoint('张'.codePointAt(0)! + 1) });
    // A character outside the BMP is one code point (not two UTF-16 units).
    expect(prefixRange('a😀')).toEqual({ lo: 'a😀', hi: 'a😁' });
    // After U+D7FF comes U+E000 (no surrogates in UTF-8 text).
    expect(prefixRange('a\ud7ff')).toEqual({ lo: 'a\ud7ff', hi: 'a\ue000' });
  });

  it('drops a last code point that has no successor; none at all: no upper bound', () => {
    expect(prefixRange('a\u{10ffff}')).toEqual({ lo: 'a\u{10ffff}', hi: 'b' });
    expect(prefixRange('\u{10ffff}')).toEqual({ lo: '\u{10ffff}', hi: null });
    expect(prefixRange('')).toEqual({ lo: '', hi: null });
  });

  it('holds every string with the prefix and nothing else, in UTF-8 byte order', () => {
    const bytes = (s: string) => Buffer.from(s, 'utf8');
    const samples = ['ana', 'anaz', 'ana\u{10ffff}', 'anb', 'an', 'am\u{10ffff}', '张伟', '张', '弛', 'a😀x', 'a😁', 'a\ud7ffz', 'a\ue000'];
    for (const prefix of ['ana', '张', 'a😀', 'a\ud7ff']) {
      const { lo, hi } = prefixRange(prefix);
      for (const s of samples) {
        const inRange = Buffer.compare(bytes(s), bytes(lo)) >= 0 && (hi === null || Buffer.compare(bytes(s), bytes(hi)) < 0);
        expect(inRange, `${JSON.stringify(s)} in the range of ${JSON.stringify(prefix)}`).toBe(s.startsWith(prefix));
      }
    }
  });
});
