import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { distributorUser, mockApi, partnerOwner, signIn, supplierUser } from '../test/fixtures';
import { renderApp } from '../test/render';
import { setLocale } from '../lib/i18n';
import { buildMenu, decideAccess, findChain, firstVisiblePath, menuLeaves } from './access';
import { LAYOUT_ROUTES } from './routes';

const keysOf = (user: Parameters<typeof buildMenu>[1]) => menuLeaves(buildMenu(LAYOUT_ROUTES, user)).map((m) => m.key);
const topKeys = (user: Parameters<typeof buildMenu>[1]) => buildMenu(LAYOUT_ROUTES, user).map((m) => m.key);
const chain = (key: string) => findChain(LAYOUT_ROUTES, key)!;

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route table: menus per role', () => {
  it('supplier sees every module, including logs, monitoring and the mail outbox', () => {
    const leaves = keysOf(supplierUser());
    expect(leaves).toEqual(
      expect.arrayContaining([
        'home',
        'cloudUpgrade',
        'cloudStorageServiceManage',
        'cloudVMS',
        'licenseList',
        'licenseSubscribe',
        'usersManage',
        'downstreamCompany',
        'appManage',
        'manageTool',
        'customizeTool',
        'passwordReset',
        'cloudIndex',
        'productSet',
        'messageCenter',
        'pointMall',
        'corpInfo',
        'personalization',
        'operationLog',
        'endUserLog',
        'monitoring',
        'mailOutbox',
      ]),
    );
    expect(leaves).not.toContain('externalCollection'); // payee settings are for partners and distributors
    expect(leaves).not.toContain('cloudUpgradeDetail'); // detail pages are not menu entries
  });

  it('partner owner sees partner modules but not the supplier-only mail outbox', () => {
    const leaves = keysOf(partnerOwner());
    expect(leaves).toEqual(
      expect.arrayContaining([
        'cloudUpgrade',
        'customizeTool',
        'externalCollection',
        'personalization',
        'operationLog',
        'endUserLog',
        'cloudIndex',
      ]),
    );
    expect(leaves).not.toContain('mailOutbox');
    expect(leaves).not.toContain('monitoring');
    expect(topKeys(partnerOwner())[0]).toBe('home');
  });

  it('distributor: reduced menu, hidden-for-distributor items and the area hidden list removed', () => {
    const user = distributorUser();
    const leaves = keysOf(user);
    expect(leaves).toEqual(
      [
        'home',
        'cloudStorageServiceManage',
        'cloudVMS',
        'licenseList',
        'licenseSubscribe',
        'usersManage',
        'downstreamCompany',
        'productSet',
        'messageCenter',
        'externalCollection',
        'corpInfo',
        'operationLog',
        'endUserLog',
      ].filter((k) => leaves.includes(k)),
    );
    for (const hidden of [
      'cloudUpgrade',
      'customizeTool',
      'passwordReset',
      'appManage',
      'cloudIndex',
      'mailOutbox',
      'pointMall',
      'personalization',
    ]) {
      expect(leaves, hidden).not.toContain(hidden);
    }
    expect(leaves).toContain('productSet');
    expect(leaves).toContain('usersManage');
    // pointMall is only hidden by the area's list: without it the code makes it visible.
    expect(keysOf(distributorUser({ hiddenMenus: [] }))).toContain('pointMall');
  });

  it('a group disappears when the area hides it, and menus need any one of their codes', () => {
    expect(topKeys(distributorUser({ hiddenMenus: ['accountManage'] }))).not.toContain('accountManage');
    const viewer = partnerOwner({ authResList: ['dealer_installerinvite_qry'] });
    const leaves = keysOf(viewer);
    expect(leaves).toContain('downstreamCompany');
    expect(leaves).not.toContain('usersManage');
    expect(leaves).not.toContain('cloudUpgrade');
  });

  it('hidden menu lists apply to distributors only', () => {
    expect(keysOf(partnerOwner({ hiddenMenus: ['pointMall'] }))).toContain('pointMall');
  });
});

describe('route table: access decisions', () => {
  it('sends distributors opening customization tools, cloud upgrade index or cloud index to login', () => {
    const user = distributorUser();
    for (const key of ['customizeTool', 'passwordReset', 'cloudUpgradeIndex', 'cloudIndex']) {
      expect(decideAccess(LAYOUT_ROUTES, chain(key), user), key).toEqual({ action: 'login' });
    }
    expect(decideAccess(LAYOUT_ROUTES, chain('usersManage'), user)).toEqual({ action: 'allow' });
  });

  it('falls back from cloudIndex to productSet without cloud-resource authority', () => {
    const user = partnerOwner({ authResList: ['dealer_account_qry'] });
    expect(decideAccess(LAYOUT_ROUTES, chain('cloudIndex'), user)).toEqual({ action: 'redirect', to: '/layout/cloud/productSet' });
    expect(decideAccess(LAYOUT_ROUTES, chain('cloudIndex'), partnerOwner())).toEqual({ action: 'allow' });
  });

  it('redirects a hidden route to the first visible top menu', () => {
    const user = distributorUser({ hiddenMenus: ['home', 'pointMall'] });
    expect(firstVisiblePath(LAYOUT_ROUTES, user)).toBe('/layout/cloudStorageServiceManage/cloudStorageIndex');
    expect(decideAccess(LAYOUT_ROUTES, chain('pointMall'), user)).toEqual({
      action: 'redirect',
      to: '/layout/cloudStorageServiceManage/cloudStorageIndex',
    });
  });
});

describe('route guards in the app', () => {
  beforeEach(() => {
    mockApi();
  });

  it('renders the side menu from the route table for a partner owner', async () => {
    signIn(partnerOwner());
    renderApp('/layout/home');
    const menu = await screen.findByTestId('side-menu');
    expect(menu).toHaveTextContent('Cloud Firmware Upgrade');
    expect(menu).toHaveTextContent('Logs');
    expect(menu).not.toHaveTextContent('Mail Outbox');
  });

  it('distributor menu hides partner modules and the area hidden list', async () => {
    signIn(distributorUser());
    renderApp('/layout/home');
    const menu = await screen.findByTestId('side-menu');
    expect(menu).toHaveTextContent('Cloud Storage');
    expect(menu).not.toHaveTextContent('Cloud Firmware Upgrade');
    expect(menu).not.toHaveTextContent('Points Mall');
    expect(menu).not.toHaveTextContent('Device Customization Tool');
  });

  it('sends a distributor opening cloudUpgradeIndex to login', async () => {
    signIn(distributorUser());
    const { router } = renderApp('/layout/cloudUpgrade/cloudUpgradeIndex');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByTestId('login-submit')).toBeInTheDocument();
  });

  it('redirects an unknown route to the first visible menu', async () => {
    signIn(partnerOwner());
    const { router } = renderApp('/layout/no-such-page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/home'));
    expect(await screen.findByTestId('welcome-title')).toBeInTheDocument();
  });

  it('redirects an unknown route of a distributor whose area hides home to its first visible menu', async () => {
    signIn(distributorUser({ hiddenMenus: ['home'] }));
    const { router } = renderApp('/nothing/here');
    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/cloudStorageServiceManage/cloudStorageIndex'));
  });

  it('falls back from cloudIndex to productSet without dealer_cloudresource_*', async () => {
    signIn(partnerOwner({ authResList: ['dealer_account_qry'] }));
    const { router } = renderApp('/layout/cloud/cloudIndex');
    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/cloud/productSet'));
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('Product Set'));
  });

  it('opens an allowed deep link with its title, breadcrumb and page', async () => {
    signIn(partnerOwner());
    const { router } = renderApp('/layout/accountManage');
    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/accountManage/usersManage'));
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('Users'));
    expect(await screen.findByTestId('users-table')).toBeInTheDocument();
  });

  it('sends signed-out users to login, remembering where they were going', async () => {
    const { router } = renderApp('/layout/logs/operationLog');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/layout/logs/operationLog')}`);
  });

  it('redirects / to /login', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
