import { z } from 'zod';

/**
 * zod parses without its JIT in the browser: the portal's Content-Security-Policy allows no eval
 * (server plugins/security-headers.ts), and zod 4 probes `new Function` when it builds an object
 * schema, which the browser reports as a CSP violation even though the probe's error is caught.
 * The entry imports this first, so it runs before any schema (the contract's) is built.
 */
z.config({ jitless: true });
