/**
 * Vite plugin (issue 16): `<link rel="modulepreload">` in index.html for the login page's chunk and
 * every chunk it imports, so the browser fetches them with the entry instead of after it has run
 * (no request chain on the page every visitor opens first). The chunks are small and immutable;
 * other pages load them once at most. The default locale's texts (en-US, loaded before the first
 * render) are preloaded too: the entry would otherwise ask for them only once it has run; a visitor in
 * another language loads those 6 KB for nothing.
 */
import { DEFAULT_LOCALE_FILE, LOGIN_PAGE } from './login-chunks.mjs';

export function loginPreloadPlugin() {
  return {
    name: 'portal-login-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const page = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(LOGIN_PAGE));
        if (!page) return html;
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set();
        const visit = (file) => {
          if (files.has(file)) return;
          files.add(file);
          for (const next of byFile.get(file)?.imports ?? []) visit(next);
        };
        visit(page.fileName);
        const texts = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(DEFAULT_LOCALE_FILE));
        if (texts) visit(texts.fileName);
        const tags = [...files]
          .filter((f) => !html.includes(`/${f}"`))
          .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' }));
        return { html, tags };
      },
    },
  };
}
