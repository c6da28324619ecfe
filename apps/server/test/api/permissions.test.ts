/**
 * Generated from the implemented calls, so that no endpoint can skip them: every non-public call
 * refuses a caller without a session, every coded call refuses a session without its resource code,
 * and every call naming tenant objects refuses another tenant's ids.
 */
import { ALL_CALLS, ErrorCodes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_IMPLS } from '../../src/app';
import { createTestApp, type TestApp } from '../support/app';
import { ENGINES } from '../support/db';

describe('call registry', () => {
  it('implements every call of the contract exactly once', () => {
    const implemented = ALL_IMPLS.map((i) => i.call.path).sort();
    expect(implemented).toEqual(ALL_CALLS.map((c) => c.path).sort());
    expect(new Set(implemented).size).toBe(implemented.length);
  });

  it('states for every call how tenancy is tested', () => {
    for (const impl of ALL_IMPLS) {
      const ok = 'otherTenant' in impl.tenant || ('none' in impl.tenant && impl.tenant.none.length > 10);
      expect(ok, impl.call.path).toBe(true);
    }
  });
});

describe.each(ENGINES)('permissions of every call (%s)', (engine) => {
  let t: TestApp;
  let noCodes: Awaited<ReturnType<TestApp['login']>>;
  let owner: Awaited<ReturnType<TestApp['login']>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    noCodes = await t.login('nocodes-a@test.local');
    owner = await t.login('owner-a@test.local');
  });
  afterAll(() => t?.close());

  const sessionCalls = ALL_IMPLS.filter((i) => i.call.auth !== 'public');
  const codedCalls = ALL_IMPLS.filter((i) => typeof i.call.auth === 'object');
  const supplierCalls = ALL_IMPLS.filter((i) => typeof i.call.auth === 'object' && i.call.auth.supplierOnly);
  const tenantCalls = ALL_IMPLS.filter((i) => 'otherTenant' in i.tenant);

  it.each(sessionCalls.map((i) => [i.call.path, i] as const))('%s refuses a caller without a session (7003)', async (_p, impl) => {
    const r = await t.call(impl.call, {} as never, null);
    expect(r.basic.code).toBe(ErrorCodes.tokenInvalid);
  });

  it.each(sessionCalls.map((i) => [i.call.path, i] as const))('%s refuses an unknown token (7003)', async (_p, impl) => {
    const r = await t.call(impl.call, {} as never, { token: 'forged-token', signKey: 'x', renewToken: '' });
    expect(r.basic.code).toBe(ErrorCodes.tokenInvalid);
  });

  it.each(codedCalls.map((i) => [i.call.path, i] as const))('%s refuses a session without its resource code (1005)', async (_p, impl) => {
    const r = await t.call(impl.call, {} as never, noCodes);
    expect(r.basic.code).toBe(ErrorCodes.forbidden);
  });

  it.each(supplierCalls.map((i) => [i.call.path, i] as const))('%s refuses a partner, even with every dealer code (1005)', async (_p, impl) => {
    const r = await t.call(impl.call, {} as never, owner);
    expect(r.basic.code).toBe(ErrorCodes.forbidden);
  });

  it.each(tenantCalls.map((i) => [i.call.path, i] as const))("%s refuses another tenant's ids (1004)", async (_p, impl) => {
    if (!('otherTenant' in impl.tenant)) return;
    const data = await impl.tenant.otherTenant(t.world.tenant);
    const r = await t.call(impl.call, data as never, owner);
    expect([ErrorCodes.notFound, ErrorCodes.forbidden]).toContain(r.basic.code);
  });
});
