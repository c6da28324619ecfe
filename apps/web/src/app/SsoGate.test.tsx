import { TOKEN_REDIRECT_DELAY_MS } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLocale, setLocale } from '../lib/i18n';
import { getSearchInfo, getSession } from '../lib/session/session-store';
import { mockApi, partnerOwner, tokensFor } from '../test/fixtures';
import { renderApp } from '../test/render';

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('token URL parameter (single sign-on)', () => {
  it('exchanges the token, stores token, locale and search info, then moves to the route after the delay', async () => {
    const tokens = tokensFor(partnerOwner(), 7);
    const { calls } = mockApi((path) => (path === 'auth/sso/exchange' ? { data: tokens } : undefined));
    const { router } = renderApp('/layout/logs/operationLog?token=one-time&locale=zh-CN&from=crm');
    await waitFor(() => expect(getSession()?.token).toBe(tokens.token));
    expect(calls.filter((c) => c.path === 'auth/sso/exchange')).toHaveLength(1);
    expect(calls.find((c) => c.path === 'auth/sso/exchange')?.body.data).toEqual({ token: 'one-time' });
    expect(currentLocale()).toBe('zh-CN');
    expect(sessionStorage.getItem('locale')).toBe('zh-CN');
    expect(getSearchInfo()).toEqual({ from: 'crm' });
    // Still on the token URL until the delay has passed.
    expect(router.state.location.search).toContain('token=one-time');
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/layout/logs/operationLog?from=crm'), {
      timeout: TOKEN_REDIRECT_DELAY_MS + 2000,
    });
    expect(await screen.findByTestId('page-title')).toHaveTextContent('运维日志');
  });

  it('moves to the hash route of a link made for the hash-routed portal, after the delay (SPEC §2)', async () => {
    const tokens = tokensFor(partnerOwner(), 8);
    mockApi((path) => (path === 'auth/sso/exchange' ? { data: tokens } : undefined));
    const started = Date.now();
    const { router } = renderApp('/?token=one-time-2&locale=en-US&from=crm#/layout/logs/operationLog');
    await waitFor(() => expect(getSession()?.token).toBe(tokens.token));
    expect(getSearchInfo()).toEqual({ from: 'crm' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/logs/operationLog'), {
      timeout: TOKEN_REDIRECT_DELAY_MS + 2000,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TOKEN_REDIRECT_DELAY_MS);
    expect(router.state.location.hash).toBe('');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Operation Logs');
  });

  it('goes to login when the exchange fails', async () => {
    mockApi((path) => (path === 'auth/sso/exchange' ? { code: 7022 } : undefined));
    const { router } = renderApp('/layout/home?token=used');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession()).toBeNull();
  });
});
