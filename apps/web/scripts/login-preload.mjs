/**
 * Vite plugin (issue 16): `<link rel="modulepreload">` in the HTML for the chunks the page opened
 * will run, so the browser fetches them with the entry instead of after it has run (no request
 * chain on the first page a visitor opens).
 *
 * - `index.html` (/login, and every path without a page file of its own): the login page's chunk
 *   and every chunk it imports, and the default locale's texts (en-US, loaded before the first
 *   render; a visitor in another language loads those 6 KB for nothing).
 * - `pages/<first path segment>.html`, the same document with another page's chunks in place of
 *   the login page's (the server answers a page path with it when it exists, plugins/static.ts):
 *   `register` and `forgot-password` their page. The signed-in pages have none: preloading the
 *   frame's 220 KB with the document was measured slower on a phone (Lighthouse mobile, median of 3:
 *   Home 64, users 56, upgrade tasks 52 with it; 70, 62, 58 without), the preloads competing with
 *   the stylesheet for the first paint (FCP 3.4 s in half the runs).
 */
import { DEFAULT_LOCALE_FILE, LOGIN_PAGE } from './login-chunks.mjs';

/** The page variants: file under dist, and the modules whose chunks it preloads. */
export const PAGE_VARIANTS = [
  { file: 'pages/register.html', modules: ['src/features/auth/pages/RegisterPage.tsx'] },
  { file: 'pages/forgot-password.html', modules: ['src/features/auth/pages/ForgotPasswordPage.tsx'] },
];

const norm = (id) => (id ?? '').replaceAll('\\', '/');
const linkTag = (file) => `<link rel="modulepreload" crossorigin href="/${file}">`;

export function loginPreloadPlugin() {
  /** Per variant file: the chunks it preloads beyond those index.html already names; and login's own. */
  let variants = [];
  let loginOwn = [];
  return {
    name: 'portal-login-preload',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (roots) => {
          const files = new Set();
          const visit = (file) => {
            if (files.has(file)) return;
            files.add(file);
            for (const next of byFile.get(file)?.imports ?? []) visit(next);
          };
          roots.forEach((c) => visit(c.fileName));
          return [...files].filter((f) => !html.includes(`/${f}"`));
        };
        // The chunk a module is in (its own, or a group's: the signed-in frame is in `shell`).
        const byModule = (path) =>
          chunks.find((c) => norm(c.facadeModuleId).endsWith(path)) ??
          chunks.find((c) => c.moduleIds.some((id) => norm(id).endsWith(path)));
        const page = byModule(LOGIN_PAGE);
        if (!page) return html;
        const texts = byModule(DEFAULT_LOCALE_FILE);
        loginOwn = closure([page, ...(texts ? [texts] : [])]);
        variants = PAGE_VARIANTS.map((v) => {
          const roots = v.modules.map(byModule);
          const missing = v.modules.filter((_, i) => !roots[i]);
          if (missing.length) throw new Error(`login-preload: ${v.file} needs ${missing.join(', ')}, not in the build`);
          return { file: v.file, files: closure([...roots, ...(texts ? [texts] : [])]) };
        });
        const tags = loginOwn.map((f) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
          injectTo: 'head',
        }));
        return { html, tags };
      },
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const base = String(index.source);
      // index.html without the login page's own chunks: what every variant starts from.
      const common = loginOwn.reduce((html, f) => html.replace(new RegExp(`\\s*${escapeRe(linkTag(f))}`), ''), base);
      for (const v of variants) {
        const source = common.replace(/\n\s*<\/head>/, `\n${v.files.map((f) => `    ${linkTag(f)}\n`).join('')}  </head>`);
        this.emitFile({ type: 'asset', fileName: v.file, source });
      }
    },
  };
}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
