#!/usr/bin/env node
// `npm test`: every unit, API and component test (vitest), then the end-to-end suite in Chromium.
// E2E runs whenever a Chromium is found and says plainly when it is skipped; REQUIRE_E2E=1 makes a skip a failure.
//
// The end-to-end suite runs in E2E_SHARDS Playwright processes at once, each with its own server,
// database, ports and SMTP sink (e2e/serve.ts), so no spec sees another's data. Default: 3 on a
// machine of two cores or more, else 1. A shard's pages wait on the server, the simulated devices and
// timers between bursts of rendering, so a third shard fills those waits: on a two-core machine,
// measured 2026-12-07, 124 tests took 21.5 min in three shards (the longest shard) against 26 to 33
// min in two.
// The web app is built once, before.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)}s`;

const t0 = Date.now();
const unit = run('npx', ['vitest', 'run']);
console.log(`--- vitest finished in ${seconds(t0)}`);
if (unit !== 0) process.exit(unit);

const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
if (!chromium) {
  const msg = 'E2E SKIPPED: no Chromium found (install Debian package "chromium" or set CHROMIUM_PATH)';
  if (process.env.REQUIRE_E2E === '1') {
    console.error(`${msg}, and REQUIRE_E2E=1 makes this a failure.`);
    process.exit(1);
  }
  console.warn(msg);
  process.exit(0);
}

const t1 = Date.now();
const built = run('npm', ['run', 'build', '-w', '@portal/web']);
if (built !== 0) process.exit(built);

const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? (availableParallelism() >= 2 ? 3 : 1)));
const basePort = Number(process.env.E2E_PORT ?? 8181);
const baseSmtp = Number(process.env.E2E_SMTP_PORT ?? 2525);

/**
 * Each shard's closing summary (Playwright's "N failed" / "N flaky" lists), printed again once every
 * shard has ended: the shards' lines interleave, and a CI log cut to its tail would hide the first's.
 */
const summaries = [];

/** One Playwright process on its own ports; its output lines are prefixed with the shard. */
function shard(i) {
  return new Promise((resolve) => {
    const args = ['playwright', 'test', ...(shards > 1 ? [`--shard=${i + 1}/${shards}`] : [])];
    const child = spawn('npx', args, {
      cwd: 'e2e',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        CHROMIUM_PATH: chromium,
        E2E_PORT: String(basePort + i),
        E2E_SMTP_PORT: String(baseSmtp + i),
        E2E_SKIP_BUILD: '1',
      },
    });
    const prefix = shards > 1 ? `[e2e ${i + 1}/${shards}] ` : '';
    const summary = [];
    let inSummary = false;
    const keep = (line) => {
      if (/^\s+\d+ (failed|flaky|passed|skipped|did not run|interrupted)\b/.test(line)) inSummary = true;
      else if (!/^\s{4}\S/.test(line)) inSummary = false;
      if (inSummary) summary.push(line);
    };
    summaries[i] = summary;
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          keep(line);
          to.write(`${prefix}${line}\n`);
        }
      });
      from.on('end', () => rest && to.write(`${prefix}${rest}\n`));
    }
    child.on('exit', (code, signal) => {
      console.log(`--- e2e shard ${i + 1}/${shards} finished in ${seconds(t1)} (${signal ?? `exit ${code}`})`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => shard(i)));
if (shards > 1) {
  summaries.forEach((lines, i) => {
    console.log(`--- e2e shard ${i + 1}/${shards} (exit ${codes[i]}):`);
    for (const line of lines) console.log(line);
  });
}
console.log(`--- e2e finished in ${seconds(t1)}`);
process.exit(codes.find((c) => c !== 0) ?? 0);
