import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; e2e (Playwright) runs separately.

/**
 * Server test files that replace a module (vi.mock) or intercept HTTP (nock, whose interception the
 * payment SDKs' cached agents and other files' restore would leak across): each runs in a fresh
 * process of its own.
 */
const SERVER_ISOLATED = [
  'test/api/auth/auth-security.test.ts',
  'test/api/cloud-storage/checkout.test.ts',
  'test/api/cloud-storage/payment-faults.test.ts',
  'test/api/message-center/push.test.ts',
  'test/api/payments/adapters.test.ts',
  'test/api/payments/payee-connection.test.ts',
];
export default defineConfig({
  test: {
    // Two files at a time even on two cores (vitest's default there is one): a server file spends
    // much of its time waiting on its database, so the whole run took 443 s instead of 722 s here.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['test/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['test/**/*.test.ts'],
          exclude: SERVER_ISOLATED,
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Every file builds its own app on its own database, and the server keeps no process-wide
          // state between apps (caches are per database or per app), so a worker loads the server's
          // modules once for all its files instead of once per file (half of a file's time was import).
          isolate: false,
        },
      },
      {
        test: {
          name: 'server-isolated',
          root: './apps/server',
          include: SERVER_ISOLATED,
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'tools',
          root: './tools',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
