import { ALL_CALLS, API_PREFIX } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

describe('API documentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('serves an OpenAPI document generated from the contract, with every call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const call of ALL_CALLS) expect(doc.paths[`${API_PREFIX}/${call.path}`]?.post, call.path).toBeTruthy();
    const login = doc.paths[`${API_PREFIX}/auth/login`].post;
    expect(login.requestBody.content['application/json'].schema.properties.data.properties.account).toBeTruthy();
  });

  it('serves the docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/swagger/i);
  });
});
