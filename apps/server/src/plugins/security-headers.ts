/**
 * Response headers that limit what a page of the portal may do (issue 11 §1.11), on every answer
 * (the web app, the API, the docs, files):
 * - a strict Content-Security-Policy: scripts only from this origin (no inline script, no eval),
 *   nothing may frame the portal (frame-ancestors 'none', and X-Frame-Options DENY for old browsers);
 * - Referrer-Policy no-referrer: signed file links carry their signature in the query, which a
 *   Referer header must never hand to another site;
 * - Strict-Transport-Security only on answers served over TLS (directly, or behind a proxy that says
 *   so with X-Forwarded-Proto when TRUST_PROXY=1): sent over plain HTTP it would be ignored, and a
 *   development host on http must not be pinned to https.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // antd 6 draws its components with CSS-in-JS (@ant-design/cssinjs), which inserts <style>
  // elements at run time, and React sets style="" attributes: both are inline styles, so style-src
  // needs 'unsafe-inline' (a nonce would have to reach every emotion-like insertion, which antd's
  // StyleProvider cannot take on a static index.html). Styles cannot run code; scripts stay strict.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // data: for the captcha SVG, blob: for previews of a chosen file before it is uploaded.
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
};

/**
 * The policy as its header value, made once: helmet would serialise the directives again for every
 * answer (1.4 to 3 % of a small call's time in the CPU profiles taken), and they never change.
 */
export const CONTENT_SECURITY_POLICY_HEADER = Object.entries(CONTENT_SECURITY_POLICY)
  .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
  .join(';');

/** On the root instance, before any route: every answer (404s and errors too) carries the headers. */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(fastifyHelmet, {
    // Set below, from the header value made once (a route may still set its own, e.g. stored files).
    contentSecurityPolicy: false,
    // Set below, only over TLS.
    hsts: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY_HEADER);
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  });
}
