import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, partnerOwner, signIn } from '../../test/fixtures';
import { setLocale } from '../i18n';
import { setNavigator } from '../navigation/navigator';
import { setMessageApi } from '../notify';
import { getBranding, loadBranding } from '../branding';
import { queryClient } from '../query-client';
import { logout } from './logout';
import { getSession } from './session-store';

const navigate = vi.fn();
beforeEach(async () => {
  await setLocale('en-US');
  navigate.mockReset();
  setNavigator(navigate);
  setMessageApi({ open: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNavigator(null);
  setMessageApi(null);
});

describe('logout', () => {
  it('calls auth/logout, clears the session and follows a same-origin redirect in the app', async () => {
    signIn(partnerOwner());
    const { calls } = mockApi((path) => (path === 'auth/logout' ? { data: { redirect: '/login' } } : undefined));
    await logout();
    expect(calls.map((c) => c.path)).toEqual(['auth/logout']);
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('loads the unified-domain login of another origin in full', async () => {
    signIn(partnerOwner());
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: 'http://localhost:3000/layout/home', origin: 'http://localhost:3000', assign });
    mockApi((path) => (path === 'auth/logout' ? { data: { redirect: 'https://login.brand.example/login' } } : undefined));
    await logout();
    expect(assign).toHaveBeenCalledWith('https://login.brand.example/login');
    expect(navigate).not.toHaveBeenCalled();
    expect(getSession()).toBeNull();
  });

  it('still ends the local session when the server cannot be reached', async () => {
    signIn(partnerOwner());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await logout();
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('forgets the session’s server data but keeps the host’s brand, so the login page shows it at once', async () => {
    signIn(partnerOwner());
    const brand = {
      companyName: 'B Vision',
      icon: null,
      bgImg: null,
      favicon: null,
      unifiedDomain: null,
      extra: { title: 'B Vision Cloud', logoLcrs: null, logoTbsl: null },
    };
    mockApi((path) =>
      path === 'auth/logout' ? { data: { redirect: '/login' } } : path === 'auth/customer-website/get' ? { data: brand } : undefined,
    );
    loadBranding('localhost');
    await vi.waitFor(() => expect(getBranding('localhost')).toEqual(brand));
    queryClient.setQueryData(['users', 'list'], { records: [] });
    await logout();
    expect(getBranding('localhost')).toEqual(brand);
    expect(queryClient.getQueryData(['users', 'list'])).toBeUndefined();
  });
});
