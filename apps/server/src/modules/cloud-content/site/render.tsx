/** @jsxRuntime automatic */
// (The pragma keeps the automatic runtime when tsx runs the server from a folder without this
// package's tsconfig, as e2e/serve.ts and the bench do from the repository root.)
/**
 * A page of the public site as HTML: its components rendered once on the server with
 * renderToStaticMarkup. Nothing is hydrated and no client script is sent; React escapes every text
 * and attribute, and only rich text already rendered and sanitized (RichText) goes in as HTML.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Layout } from './layout';
import type { PageMeta, SiteView } from './view';

export function renderSitePage(v: SiteView, meta: PageMeta, current: string, main: ReactNode): string {
  return `<!doctype html>\n${renderToStaticMarkup(
    <Layout v={v} meta={meta} current={current}>
      {main}
    </Layout>,
  )}`;
}
