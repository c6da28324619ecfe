/**
 * What /login loads before it is interactive, read from the build manifest (dist/.vite/manifest.json):
 * the static import closure of the entry, of the default locale's texts (loaded before the first
 * render) and of the login page's chunk (the router loads it at once on /login). Used by
 * `npm run size` for its figure, and by the end-to-end suite to check that a real Chromium loads
 * nothing beyond it.
 */
export const LOGIN_PAGE = 'src/features/auth/pages/LoginPage.tsx';
// The shell's texts only: the features' texts come with the first page beyond /login (lib/i18n).
export const DEFAULT_LOCALE_FILE = 'src/locales/en-US.json';
const DEFAULT_LOCALE_TEXTS = /^src\/locales\/en-US\.json$/;

/** The files (relative to dist, e.g. assets/index-abc.js) of that closure, JavaScript and CSS. */
export function loginInitialFiles(manifest) {
  const roots = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isEntry || key === LOGIN_PAGE || DEFAULT_LOCALE_TEXTS.test(key))
    .map(([key]) => key);
  if (!roots.includes(LOGIN_PAGE)) throw new Error(`${LOGIN_PAGE} is not a chunk of the build`);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  roots.forEach(visit);
  return files;
}

/** The static import closure (files) of the manifest keys given. */
export function closureOf(manifest, keys) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return files;
}

/**
 * One entry per route page (src/features/<m>/pages/<X>Page.tsx and the signed-in layout): the files
 * the page loads beyond the entry's closure, its "own" chunks.
 */
export function routeOwnFiles(manifest) {
  const entry = closureOf(
    manifest,
    Object.keys(manifest).filter((k) => manifest[k].isEntry),
  );
  return Object.keys(manifest)
    .filter((k) => /\/pages\/[^/]+Page\.tsx$/.test(k) || /app\/layout\/AppLayout\.tsx$/.test(k))
    .sort()
    .map((key) => ({ key, files: new Set([...closureOf(manifest, [key])].filter((f) => !entry.has(f))) }));
}
