import { z } from 'zod/v4';

/**
 * The web build's `zod` (vite.config.ts aliases the bare `zod` import here, the contract's included):
 * zod configured to parse without its JIT before any module that imports it builds a schema. The
 * portal's Content-Security-Policy allows no eval (server plugins/security-headers.ts), and zod 4
 * probes `new Function` when it builds an object schema, which the browser reports as a CSP
 * violation even though the probe's error is caught. Being the module every schema imports, it
 * needs no loader that configures zod first, which made every page beyond /login wait for zod's
 * chunk before it could even ask for its own (issue 16: a request chain on signed-in pages).
 */
z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
