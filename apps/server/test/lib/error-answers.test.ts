/**
 * An unexpected error answers 500 in the catalogue form over a real connection too. Node destroys a
 * request's stream once its body has been read, and the error handler took that for a client gone
 * away: every such error after a JSON body was read left the request without an answer (an end-user
 * list whose row the contract refused hung the portal's page). light-my-request, which the API
 * tests use, never showed it: this test listens on a port.
 */
import { ErrorCodes } from '@portal/contract';
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../src/plugins/errors';

describe('error answers over a real connection', () => {
  const app = Fastify();
  let origin = '';
  beforeAll(async () => {
    registerErrorHandling(app);
    app.post('/boom', async (req) => {
      expect(req.body).toEqual({ a: 1 });
      // After an await, as a handler's failure comes: the body has long been read.
      await new Promise((r) => setTimeout(r, 5));
      throw new Error('unexpected');
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  it('answers 500 with the catalogue code after a JSON body, at once', async () => {
    const res = await fetch(`${origin}/boom`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      body: JSON.stringify({ a: 1 }),
      signal: AbortSignal.timeout(5_000),
    });
    expect(res.status).toBe(500);
    const body = (await res.json()) as { basic: { code: number; msg: string } };
    expect(body.basic.code).toBe(ErrorCodes.internal);
    expect(body.basic.msg).not.toBe('');
  });
});
