/**
 * The server's first import (main.ts): a portal started without NODE_ENV runs as production, so
 * libraries that read NODE_ENV when they load (React, which renders the public site) use their
 * production builds. `npm run dev` sets NODE_ENV=development; tests set NODE_ENV=test.
 * Imported before anything else, as ES modules are evaluated in import order.
 */
export function defaultNodeEnv(env: NodeJS.ProcessEnv): void {
  if (!env.NODE_ENV) env.NODE_ENV = 'production';
}

defaultNodeEnv(process.env);
