/**
 * How the signed-in pages' code is cut into chunks (issue 16: a signed-in page on a phone).
 *
 * Left to itself, the bundler gives every set of pages sharing a module a chunk of its own: Home
 * opened with 100 scripts, most of them 1-5 KB of antd, and a phone over HTTP/1.1 (six connections,
 * each request a round trip of its own) spent seconds fetching them in waves. So the build runs
 * twice (vite.config.ts): a first build with the bundler's own chunks tells, for every module it
 * kept, which pages load it (the entry, and each dynamically imported module: a page, the frame,
 * antd's providers); the real build then groups:
 * - `texts-<locale>`: every feature's texts of one language. They are always loaded together
 *   (locales/messages.ts loadFeatureMessages): no byte more, 15 requests fewer.
 * - `shell`: what the signed-in frame (app/layout/AppLayout) needs beyond the entry, in one chunk:
 *   every signed-in page loads it anyway.
 * What the entry or a page drawn without antd (login, register, forgot password, checkout: `plain`
 * or `lite` in PUBLIC_ROUTES) loads is never moved, so those pages load exactly what they did
 * (the login budget of `npm run size`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const norm = (id) => id.replaceAll('\\', '/').replace(/\?.*$/, '');
const stripExt = (id) => id.replace(/\.[cm]?[jt]sx?$/, '');

/** The pages PUBLIC_ROUTES draws without antd (`plain` or `lite`), by module id without extension. */
export function lightPageIds(routesFile) {
  const text = readFileSync(routesFile, 'utf8');
  const at = text.indexOf('export const PUBLIC_ROUTES');
  if (at < 0) throw new Error(`chunk-groups: no PUBLIC_ROUTES in ${routesFile}`);
  const dir = path.dirname(routesFile);
  const ids = new Set();
  for (const route of text.slice(at).matchAll(/\{[^{}]*?import\('([^']+)'\)[^{}]*\}/g))
    if (/\b(plain|lite): true/.test(route[0])) ids.add(norm(path.resolve(dir, route[1])));
  if (!ids.size) throw new Error(`chunk-groups: no plain public page found in ${routesFile}`);
  return ids;
}

/**
 * From a build's output (rolldown's chunks): every module it kept, with the roots that load it
 * ('entry', or a dynamically imported module's id without extension).
 */
export function rootsByModule(output) {
  const chunks = output.filter((o) => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const loaders = new Map(); // chunk file -> roots whose static imports reach it
  for (const c of chunks) {
    if (!c.isEntry && !c.isDynamicEntry) continue;
    const root = c.isEntry ? 'entry' : stripExt(norm(c.facadeModuleId ?? c.fileName));
    const stack = [c.fileName];
    const seen = new Set(stack);
    while (stack.length) {
      const file = stack.pop();
      if (!loaders.has(file)) loaders.set(file, new Set());
      loaders.get(file).add(root);
      for (const next of byFile.get(file)?.imports ?? [])
        if (!seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
    }
  }
  const roots = new Map();
  for (const c of chunks) for (const id of c.moduleIds) roots.set(norm(id), loaders.get(c.fileName) ?? new Set());
  return roots;
}

/** The codeSplitting groups (rolldown) for the web app under `srcDir`, given `rootsByModule` of a first build. */
export function signedInGroups(srcDir, roots) {
  const layout = norm(path.join(srcDir, 'app/layout/AppLayout'));
  const light = lightPageIds(path.join(srcDir, 'app/routes.tsx'));
  const signedInOnly = (r) => r.size > 0 && ![...r].some((x) => x === 'entry' || light.has(x));
  return [
    {
      name: (id) => {
        const m = /\/features\/[^/]+\/locales\/([\w-]+)\.json$/.exec(norm(id));
        return m ? `texts-${m[1]}` : null;
      },
      debugName: 'texts',
      priority: 2,
    },
    {
      name: (id) => {
        const r = roots.get(norm(id));
        if (!r || !signedInOnly(r)) return null;
        if (r.has(layout)) return 'shell';
        return null;
      },
      debugName: 'signed-in',
      priority: 0,
    },
  ];
}
