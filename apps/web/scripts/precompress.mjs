#!/usr/bin/env node
/**
 * Build-time compression (issue 16): beside every JS, CSS, HTML, JSON, SVG, text and locale file of
 * the build above 1 KB, writes `<file>.br` (brotli at its highest quality) and `<file>.gz` (gzip
 * level 9), with Node's zlib. The server sends them as they are (@fastify/static `preCompressed`),
 * spending no CPU per request. A Vite plugin (vite.config.ts) runs it after every `vite build`;
 * `node scripts/precompress.mjs [dist]` runs it by hand.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const PRECOMPRESS_MIN_BYTES = 1024;
export const PRECOMPRESSED_EXT = /\.(m?js|css|html|json|svg|txt|xml|webmanifest|map)$/i;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith('.')) return []; // .vite/manifest.json is not served
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** Compresses every eligible file under dir; returns how many files and bytes before/after (brotli). */
export function precompressDir(dir) {
  let count = 0;
  let raw = 0;
  let br = 0;
  for (const file of walk(dir)) {
    if (!PRECOMPRESSED_EXT.test(file)) continue;
    const body = readFileSync(file);
    if (body.length <= PRECOMPRESS_MIN_BYTES) continue;
    const b = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    writeFileSync(`${file}.br`, b);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    count += 1;
    raw += body.length;
    br += b.length;
  }
  return { count, raw, br };
}

/** Vite plugin: precompress the output folder once the bundle is written. */
export function precompressPlugin() {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
  const { count, raw, br } = precompressDir(dir);
  console.log(`precompress files=${count} kb=${Math.round(raw / 1024)} br_kb=${Math.round(br / 1024)}`);
}
