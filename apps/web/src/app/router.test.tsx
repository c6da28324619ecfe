import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../lib/i18n';
import { mockApi } from '../test/fixtures';
import { renderApp } from '../test/render';
import { PUBLIC_ROUTES } from './routes';

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('public routes and antd', () => {
  it('only the login page is drawn without antd (what /login downloads stays small)', () => {
    expect(PUBLIC_ROUTES.filter((r) => r.plain).map((r) => r.key)).toEqual(['login']);
  });

  it('the login page works without antd providers', async () => {
    mockApi();
    const { container } = renderApp('/login');
    expect(await screen.findByTestId('login-submit')).toBeInTheDocument();
    expect(container.querySelector('.ant-app')).toBeNull();
  });

  it('another public page gets antd providers with its chunk (theme, texts, modal context)', async () => {
    mockApi();
    const { container } = renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'Create an enterprise account' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(container.querySelector('.ant-app')).not.toBeNull();
  });
});
