import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);

export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // Each shard of `npm test` has its own: Playwright empties its output folder when it starts.
  outputDir: process.env.E2E_SKIP_BUILD === '1' ? `./test-results/port-${port}` : './test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1440, height: 900 },
    // A fixed browser language: the app picks its locale from it when sessionStorage holds none.
    locale: 'en-US',
    // The app follows the system's reduced-motion setting (no sliding drawers or fading dialogs):
    // screens settle at once instead of painting animation frames on a CPU shared with the server.
    // E2E_MOTION=1 runs the suite with the animations, as most users see them.
    reducedMotion: process.env.E2E_MOTION === '1' ? 'no-preference' : 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // A click or fill that cannot happen (a disabled button, a closed dialog) fails within 20 s with
    // what it waited for, instead of using up the rest of the test's time.
    actionTimeout: 20_000,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The built web app is served by the real server on a fresh, seeded database. `npm test` builds
    // once before starting its shards (E2E_SKIP_BUILD=1): they would otherwise rebuild the same folder at once.
    command:
      process.env.E2E_SKIP_BUILD === '1'
        ? 'node --import tsx e2e/serve.ts'
        : 'npm run build -w @portal/web && node --import tsx e2e/serve.ts',
    cwd: '..',
    url: `http://localhost:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
