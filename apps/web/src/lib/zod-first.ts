/**
 * A chunk loader that first configures zod for the portal's Content-Security-Policy (lib/zod-csp:
 * no eval). Every chunk beyond /login may build zod schemas and goes through this; /login itself
 * loads no zod (issue 16: what the login page loads), so the entry cannot import zod-csp directly.
 */
export function afterZodConfig<M>(loader: () => Promise<M>): () => Promise<M> {
  return () => import('./zod-csp').then(loader);
}
