/**
 * The benchmark cases, by name. A load case answers the target autocannon should hammer; a
 * ratio case is also reported relative to `baseline` (the same server answering `{}` at once);
 * a one-shot case runs once and is timed. Add a case here and `npm run bench -- --only <name>` runs it.
 */
import { API_PREFIX, type CallData, type companyCalls, type userCalls } from '@portal/contract';
import { openPglite } from '@portal/server/db/client';
import { BENCH_ACCOUNT, seedLarge } from '../seed/large';
import { envelope, isApiSuccess, type Session } from './api';
import type { LoadTarget } from './load';
import { fuzzCase } from './fuzz-case';
import type { BenchCase } from './types';
import { devicePollCase, import5000Case, releaseCreateCase } from './upgrade-cases';
import { lighthouseCase, staticAssetCase } from './web-cases';

export type { BenchCase, BenchContext, BenchDatabase } from './types';

/** A signed, authenticated call to `path`, with data from `nextData()` and a fresh basic every request. */
export function signedCall(session: Session, path: string, nextData: () => unknown): LoadTarget {
  return {
    method: 'POST',
    path: `${API_PREFIX}/${path}`,
    body: () => envelope(session, path, nextData()),
    isSuccess: isApiSuccess,
  };
}

/** Cycle through a fixed list (cheap, and deterministic across runs). */
export function cycle<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length];
}

type CompanyListData = CallData<typeof companyCalls.list>;
type UserListData = CallData<typeof userCalls.list>;

export const BENCH_CASES = new Map<string, BenchCase>([
  [
    'baseline',
    {
      kind: 'load',
      summary: 'POST /bench/baseline: the server answers {} (BENCH_ROUTES=1), same body size as a call',
      async prepare() {
        return { method: 'POST', path: '/bench/baseline', body: () => envelope(null, 'bench/baseline', { pageNum: 1, pageSize: 10 }) };
      },
    },
  ],
  [
    'company-list',
    {
      kind: 'load',
      ratio: true,
      summary: "customer/company/list as the Bench Partner's owner: a page of 10 out of a 10,000-company subtree",
      async prepare(ctx) {
        const session = await ctx.login();
        // Mostly the first page as the screen opens it, sometimes with a filter or a search.
        const data = cycle<CompanyListData>([
          { pageNum: 1, pageSize: 10 },
          { pageNum: 1, pageSize: 10 },
          { pageNum: 1, pageSize: 10 },
          { pageNum: 2, pageSize: 10, type: 'installer' },
          { pageNum: 1, pageSize: 10 },
          { pageNum: 1, pageSize: 10, status: 'active' },
          { pageNum: 1, pageSize: 10 },
          { pageNum: 1, pageSize: 10, searchText: 'Summit' },
        ]);
        return signedCall(session, 'customer/company/list', data);
      },
    },
  ],
  [
    'seed-large',
    {
      kind: 'oneshot',
      summary: 'seedLarge (10,000 companies, 100,000 users) into a fresh in-memory PGlite',
      async run(ctx) {
        const database = await openPglite();
        try {
          await database.migrate();
          await seedLarge(database, { log: () => {} }); // companies and users only, as before devices existed
        } finally {
          await database.close();
        }
        ctx.log('seed-large: done');
      },
    },
  ],
  [
    'user-list',
    {
      kind: 'load',
      ratio: true,
      summary: "customer/user/list as the Bench Partner's owner: a filtered page of 10 out of a 100,000-user subtree",
      async prepare(ctx) {
        const session = await ctx.login();
        const data = cycle<UserListData>([
          { pageNum: 1, pageSize: 10 },
          { pageNum: 1, pageSize: 10, status: 'normal' },
          { pageNum: 2, pageSize: 10 },
          { pageNum: 1, pageSize: 10, userType: 'installer' },
          { pageNum: 1, pageSize: 10, searchText: 'james' },
          { pageNum: 1, pageSize: 10, status: 'normal', userType: 'customer' },
          { pageNum: 3, pageSize: 10, status: 'normal' },
          { pageNum: 1, pageSize: 10, searchText: 'mary.' },
        ]);
        return signedCall(session, 'customer/user/list', data);
      },
    },
  ],
  ['device-poll', devicePollCase()],
  ['release-create', releaseCreateCase()],
  ['import-5000', import5000Case()],
  ['static-asset', staticAssetCase()],
  ['lighthouse', lighthouseCase()],
  ['fuzz', fuzzCase()],
]);

export const DEFAULT_BENCH_ACCOUNT = { email: BENCH_ACCOUNT.email, password: BENCH_ACCOUNT.password };
