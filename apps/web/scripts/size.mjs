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
 * later by a dynamic import, e.g. on a click, do not count).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { loginInitialFiles } from './login-chunks.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webDir, 'dist');
const noBuild = process.argv.includes('--no-build');

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
try {
  loginFiles = loginInitialFiles(JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')));
} catch (err) {
  console.error(`size: ${err.message}`);
  process.exit(1);
}
const loginGzip = assets.filter((a) => loginFiles.has(a.rel) && /\.m?js$/.test(a.rel)).reduce((sum, a) => sum + a.gzip, 0);
console.log(`size login-initial-js-gzip-kb=${kb(loginGzip)}`);
