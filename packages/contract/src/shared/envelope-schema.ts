import { z } from 'zod';
import { NONCE_MAX } from './constants';

/*
 * The envelope's zod schemas (the server checks every request with them). Apart from the signing
 * (envelope.ts), so the web client signs its calls without loading zod (issue 16: /login's weight).
 */

/** The basic block every call carries (SPEC §3 request envelope). */
export const basicSchema = z.strictObject({
  ver: z.string().min(1).max(10),
  time: z.number().int().nonnegative(),
  id: z.string().min(1).max(64),
  nonce: z.number().int().min(0).max(NONCE_MAX),
  token: z.string().max(256),
  sign: z.string().regex(/^[0-9a-f]{64}$/),
});
export type Basic = z.infer<typeof basicSchema>;

export const requestEnvelopeSchema = z.strictObject({
  basic: basicSchema,
  data: z.unknown().optional(),
});
