import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../lib/i18n';
import { getSession } from '../../lib/session/session-store';
import { mockApi, partnerOwner, signIn } from '../../test/fixtures';
import { renderApp } from '../../test/render';

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AppLayout', () => {
  it('home shows the company, role and area from the session and shortcuts from the route table', async () => {
    signIn(partnerOwner());
    mockApi();
    renderApp('/layout/home');
    expect(await screen.findByTestId('home-company')).toHaveTextContent('Acme Security');
    expect(screen.getByTestId('home-role')).toHaveTextContent('Partner · Owner');
    expect(screen.getByTestId('home-area')).toHaveTextContent('Global RDC');
    const shortcuts = screen.getByTestId('home-shortcuts');
    expect(within(shortcuts).getByRole('link', { name: 'Cloud Firmware Upgrade' })).toHaveAttribute(
      'href',
      '/layout/cloudUpgrade/cloudUpgradeIndex',
    );
    expect(within(shortcuts).queryByRole('link', { name: 'Mail Outbox' })).not.toBeInTheDocument();
  });

  it('switches the current area through auth/area/switch and updates the session', async () => {
    const user = partnerOwner();
    signIn(user);
    const { calls } = mockApi((path, data) =>
      path === 'auth/area/switch' ? { data: { ...user, currentArea: (data as { areaId: number }).areaId } } : undefined,
    );
    renderApp('/layout/home');
    const switcher = await screen.findByTestId('area-switcher');
    fireEvent.mouseDown(within(switcher).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Europe DC'));
    await waitFor(() => expect(getSession()?.user.currentArea).toBe(2));
    expect(calls.find((c) => c.path === 'auth/area/switch')?.body.data).toEqual({ areaId: 2 });
    expect(await screen.findByText('Switched to Europe DC.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('home-area')).toHaveTextContent('Europe DC'));
  });

  it('names the areas in the language shown, also right after a language switch (issue 11 §3)', async () => {
    await setLocale('zh-CN');
    signIn(partnerOwner());
    const { calls } = mockApi();
    const u = userEvent.setup({ delay: null });
    renderApp('/layout/home');
    expect(await screen.findByTestId('home-area')).toHaveTextContent('全球中心');
    expect(screen.getByTestId('area-switcher')).toHaveTextContent('全球中心');
    fireEvent.mouseDown(within(screen.getByTestId('area-switcher')).getByRole('combobox'));
    expect(await screen.findByText('欧洲中心')).toBeInTheDocument();
    expect(screen.queryByText('Europe DC')).not.toBeInTheDocument();

    // Both names came with the session: the switch needs no new session from the server.
    await u.click(screen.getByTestId('locale-switch'));
    await u.click(await screen.findByText('English'));
    await waitFor(() => expect(screen.getByTestId('home-area')).toHaveTextContent('Global RDC'));
    expect(calls.filter((c) => c.path === 'auth/me')).toEqual([]);
  });

  it('names the header controls for a screen reader in zh-CN, each name holding what the control shows (issue 11 §3)', async () => {
    await setLocale('zh-CN');
    signIn(partnerOwner());
    mockApi();
    renderApp('/layout/home');
    // The first page a test file opens is transformed on demand (slow on a loaded machine).
    await screen.findByTestId('home-area', {}, { timeout: 20_000 });
    expect(screen.getByRole('button', { name: '收起菜单' })).toBeVisible();
    // The user menu shows the nickname and the role: its name says both, then what it opens.
    expect(screen.getByTestId('user-menu')).toHaveAccessibleName('Pat Partner（合作伙伴）：账号菜单');
    expect(screen.getByTestId('locale-switch')).toHaveAccessibleName('简体中文 (语言)');
    // No icon in the header is read out by its English file name ("menu-fold", "global", "down").
    for (const icon of screen.getByRole('banner').querySelectorAll('button .anticon'))
      expect(icon.closest('[aria-hidden="true"]'), icon.outerHTML.slice(0, 80)).not.toBeNull();
  });

  it('shows a remote-access banner while a superior works in the account', async () => {
    signIn(
      partnerOwner({ remoteAccess: { byUserId: 1, byNickName: 'Max Boss', byCoName: 'Vision HQ', expiresAt: Date.now() + 3_600_000 } }),
    );
    mockApi();
    renderApp('/layout/home');
    expect(await screen.findByTestId('remote-access-banner')).toHaveTextContent('Max Boss (Vision HQ)');
  });

  it('switches the language from the header', async () => {
    signIn(partnerOwner());
    mockApi();
    const u = userEvent.setup({ delay: null });
    renderApp('/layout/home');
    await u.click(await screen.findByTestId('locale-switch'));
    await u.click(await screen.findByText('简体中文'));
    expect(await screen.findByTestId('side-menu')).toHaveTextContent('固件云升级');
    expect(sessionStorage.getItem('locale')).toBe('zh-CN');
  });

  it('logs out from the user menu to the redirect the server answers', async () => {
    signIn(partnerOwner());
    const { calls } = mockApi((path) => (path === 'auth/logout' ? { data: { redirect: '/login' } } : undefined));
    const u = userEvent.setup({ delay: null });
    const { router } = renderApp('/layout/home');
    await u.click(await screen.findByTestId('user-menu'));
    await u.click(await screen.findByText('Log out'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => c.path === 'auth/logout')).toBe(true);
    expect(getSession()).toBeNull();
  });
});
