import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../lib/i18n';
import { getSession } from '../lib/session/session-store';
import { BRANDING, mockApi, partnerOwner, tokensFor } from '../test/fixtures';
import { renderApp } from '../test/render';
import { PUBLIC_ROUTES } from './routes';
import type { AppRoute } from './route-types';
import { createAppRoutes, preloadFirstPage } from './router';
import { ShellProviders } from './ShellProviders';

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('public routes and antd', () => {
  it('only the sign-in pages are drawn without antd (what they download stays small)', () => {
    expect(PUBLIC_ROUTES.filter((r) => r.plain).map((r) => r.key)).toEqual(['login', 'register', 'forgotPassword']);
  });

  it('the sign-in pages work without antd providers', async () => {
    mockApi();
    const { container } = renderApp('/login');
    expect(await screen.findByTestId('login-submit')).toBeInTheDocument();
    expect(container.querySelector('.ant-app')).toBeNull();
  });

  it('another public page gets antd providers with its chunk (theme, texts, modal context)', async () => {
    mockApi();
    const { container } = renderApp('/term/service');
    expect(await screen.findByRole('heading', { name: 'Terms of Service' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(container.querySelector('.ant-app')).not.toBeNull();
  });
});

describe('the app as main.tsx mounts it (no query cache above the router)', () => {
  const mount = (path: string) => {
    const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
    return {
      router,
      ...render(
        <ShellProviders>
          <RouterProvider router={router} />
        </ShellProviders>,
      ),
    };
  };

  it('/login draws the host’s brand and signs in without TanStack Query (issue 16: not downloaded by /login)', async () => {
    const tokens = tokensFor(partnerOwner());
    const { calls } = mockApi((path) =>
      path === 'auth/login' ? { data: tokens } : path === 'auth/customer-website/get' ? { data: BRANDING } : undefined,
    );
    const { router } = mount('/login');
    expect(await screen.findByRole('heading', { name: 'Acme Cloud' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Account (e-mail)'), ' Pat@Partner.Test ');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
    await userEvent.click(screen.getByTestId('login-submit'));
    await vi.waitFor(() => expect(getSession()?.token).toBe(tokens.token));
    expect(calls.find((c) => c.path === 'auth/login')?.body.data).toMatchObject({ account: 'pat@partner.test', password: 'Secret#123' });
    await vi.waitFor(() => expect(router.state.location.pathname.startsWith('/layout')).toBe(true));
  });

  it('a page drawn with antd gets the query cache with antd’s providers', async () => {
    mockApi();
    mount('/register');
    expect(await screen.findByRole('heading', { name: 'Create an enterprise account' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('the first signed-in page is fetched beside the frame (issue 16)', () => {
  const table = (key: string, page: AppRoute['page']): AppRoute[] => [
    { key: key as AppRoute['key'], path: 'preload-probe', titleKey: 'menu.home', page },
  ];

  it('with a sign-on token or a session, the page at the URL starts loading before anything renders', async () => {
    const page = vi.fn(() => new Promise<never>(() => undefined));
    const routes = createAppRoutes(table('preloadProbeToken', page), []);
    preloadFirstPage(routes, { pathname: '/layout/preload-probe', search: '?token=abc' }, false);
    // The chunk is imported once zod is configured (a microtask or two later).
    await vi.waitFor(() => expect(page).toHaveBeenCalledTimes(1));
    // Asked again (the render), the same load is used.
    preloadFirstPage(routes, { pathname: '/layout/preload-probe', search: '' }, true);
    await new Promise((r) => setTimeout(r, 50));
    expect(page).toHaveBeenCalledTimes(1);
  });

  it('a visitor without a session, or a page outside the layout, downloads nothing ahead', async () => {
    const page = vi.fn(() => new Promise<never>(() => undefined));
    const routes = createAppRoutes(table('preloadProbeVisitor', page), []);
    preloadFirstPage(routes, { pathname: '/layout/preload-probe', search: '' }, false);
    preloadFirstPage(routes, { pathname: '/login', search: '?token=abc' }, true);
    await new Promise((r) => setTimeout(r, 50));
    expect(page).not.toHaveBeenCalled();
  });
});
