#!/usr/bin/env node
/**
 * Bundle size report: `npm run size` builds apps/web (pass --no-build to read an existing dist) and
 * prints one line per asset chunk, then
 *   size total_kb=<n> gzip_kb=<n> entry_gzip_kb=<n>
 * where "entry" is what every page needs: the entry script, its modulepreloads and the CSS of index.html;
 * and
 *   size login-initial-js-gzip-kb=<n>
 * the gzip size of all JavaScript /login loads before it is interactive: the entry script with
 * every chunk it imports, the texts of the default locale (loaded before the first render), and
 * the login page's chunk with every chunk that one imports (from the build manifest; chunks loaded
 * later by a dynamic import, e.g. on a click, do not count); then one line per route page
 *   route page=<PageName> own_gzip_kb=<n> with_shared_gzip_kb=<n>
 * own: the gzip size of the page's own chunk; with_shared: with every chunk it loads beyond the
 * entry (antd's components, shared with other pages and cached once), and
 *   size route-max-own-gzip-kb=<n> page=<PageName>
 * and the chunk every signed-in page shares (scripts/chunk-groups.mjs: the signed-in frame with
 * the library code it needs, one request instead of forty):
 *   size shared-chunk name=shell gzip_kb=<n>
 * Budgets (issue 16): login-initial-js-gzip-kb <= 150, each route's own <= 120, the shell <= 250;
 * `--check` exits 1 when one is exceeded.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { loginInitialFiles, routeOwnFiles } from './login-chunks.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webDir, 'dist');
const noBuild = process.argv.includes('--no-build');
const check = process.argv.includes('--check');
export const LOGIN_BUDGET_KB = 150;
export const ROUTE_BUDGET_KB = 120;
export const SHELL_BUDGET_KB = 250;

if (!noBuild || !existsSync(path.join(distDir, 'index.html'))) {
  const viteBin = path.join(webDir, '..', '..', 'node_modules', 'vite', 'bin', 'vite.js');
  const res = spawnSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], { cwd: webDir, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error('size: vite build failed');
    process.exit(res.status ?? 1);
  }
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const kb = (bytes) => Math.round((bytes / 1024) * 100) / 100;
const assets = walk(path.join(distDir, 'assets'))
  .filter((f) => /\.(m?js|css)$/.test(f))
  .map((file) => {
    const buf = readFileSync(file);
    return { rel: path.relative(distDir, file).split(path.sep).join('/'), bytes: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);

const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
const entryFiles = new Set(
  [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="\/?([^"]+\.(?:m?js|css))"/g)].map((m) => m[1].replace(/^\//, '')),
);

let total = 0;
let totalGzip = 0;
let entryGzip = 0;
for (const a of assets) {
  total += a.bytes;
  totalGzip += a.gzip;
  const entry = entryFiles.has(a.rel);
  if (entry) entryGzip += a.gzip;
  console.log(`chunk ${a.rel} kb=${kb(a.bytes)} gzip_kb=${kb(a.gzip)}${entry ? ' entry' : ''}`);
}
console.log(`size total_kb=${kb(total)} gzip_kb=${kb(totalGzip)} entry_gzip_kb=${kb(entryGzip)}`);

// What /login loads before it is interactive (login-chunks.mjs).
let loginFiles;
let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  loginFiles = loginInitialFiles(manifest);
} catch (err) {
  console.error(`size: ${err.message}`);
  process.exit(1);
}
const loginGzip = assets.filter((a) => loginFiles.has(a.rel) && /\.m?js$/.test(a.rel)).reduce((sum, a) => sum + a.gzip, 0);
console.log(`size login-initial-js-gzip-kb=${kb(loginGzip)}`);

// Each route page's own chunks (beyond the entry).
const gzipOf = new Map(assets.map((a) => [a.rel, a.gzip]));
let max = { page: '', gzip: 0 };
for (const { key, files } of routeOwnFiles(manifest)) {
  const withShared = [...files].reduce((sum, f) => sum + (gzipOf.get(f) ?? 0), 0);
  const gzip = gzipOf.get(manifest[key].file) ?? 0;
  const page = path.basename(key, '.tsx');
  if (gzip > max.gzip) max = { page, gzip };
  console.log(`route page=${page} own_gzip_kb=${kb(gzip)} with_shared_gzip_kb=${kb(withShared)}`);
}
console.log(`size route-max-own-gzip-kb=${kb(max.gzip)} page=${max.page}`);
const shell = Object.values(manifest).find((c) => c.name === 'shell');
const shellGzip = shell ? (gzipOf.get(shell.file) ?? 0) : 0;
if (shell) console.log(`size shared-chunk name=shell gzip_kb=${kb(shellGzip)}`);
if (check) {
  const over = [];
  if (kb(loginGzip) > LOGIN_BUDGET_KB) over.push(`login-initial-js-gzip-kb ${kb(loginGzip)} > ${LOGIN_BUDGET_KB}`);
  if (kb(max.gzip) > ROUTE_BUDGET_KB) over.push(`route ${max.page} ${kb(max.gzip)} > ${ROUTE_BUDGET_KB}`);
  if (kb(shellGzip) > SHELL_BUDGET_KB) over.push(`shell ${kb(shellGzip)} > ${SHELL_BUDGET_KB}`);
  if (over.length) {
    console.error(`size: over budget: ${over.join('; ')}`);
    process.exit(1);
  }
}
