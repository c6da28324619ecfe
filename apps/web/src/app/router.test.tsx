import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../lib/i18n';
import { getSession } from '../lib/session/session-store';
import { BRANDING, mockApi, partnerOwner, tokensFor } from '../test/fixtures';
import { renderApp } from '../test/render';
import { PUBLIC_ROUTES } from './routes';
import { createAppRoutes } from './router';
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
