import type { AppKey } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { AppKeysPanel } from './AppKeysPanel';

const key = (id: number, name: string, actions: AppKey['actions']): AppKey => ({
  id,
  appId: `app${String(id).padStart(19, '0')}`,
  name,
  companyId: 10,
  companyName: 'Acme Security',
  status: actions.includes('enable') ? 'disabled' : 'enabled',
  secretLast4: 'a1b2',
  createdAt: Date.UTC(2026, 0, 5),
  rotatedAt: null,
  endUserCount: 3,
  actions,
});

/** Applications against a server whose policy answers `abilities` for the page and the given keys. */
function mockKeysApi(abilities: 'createKey'[], records: AppKey[]) {
  return mockApi((path) => {
    if (path === 'customer/user-configs/list') return { data: { records: [] } };
    if (path === 'app/abilities') return { data: { actions: abilities } };
    if (path === 'app/key/list') return { data: { records, total: records.length, pageNum: 1, pageSize: 10 } };
    return undefined;
  });
}

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AppKeysPanel: create and rotate come from the server only', () => {
  it('offers create and each key its answered actions', async () => {
    signIn(partnerOwner());
    mockKeysApi(['createKey'], [key(1, 'Acme app', ['rotate', 'disable']), key(2, 'Old app', ['rotate', 'enable'])]);
    renderPage(<AppKeysPanel />);
    const table = await screen.findByTestId('app-keys-table');
    await within(table).findByText('Acme app');
    expect(await screen.findByTestId('create-app-key')).toBeVisible();
    expect(screen.getByTestId('rotate-1')).toBeVisible();
    expect(screen.getByTestId('disable-1')).toBeVisible();
    expect(screen.getByTestId('enable-2')).toBeVisible();
  });

  it('offers neither create nor rotate when the server answers neither (a remote-access visit), whatever the codes', async () => {
    signIn(
      partnerOwner({ remoteAccess: { byUserId: 1, byNickName: 'Max Boss', byCoName: 'Vision HQ', expiresAt: Date.now() + 3_600_000 } }),
    );
    const { calls } = mockKeysApi([], [key(1, 'Acme app', ['disable'])]);
    renderPage(<AppKeysPanel />);
    const table = await screen.findByTestId('app-keys-table');
    await within(table).findByText('Acme app');
    expect(screen.getByTestId('disable-1')).toBeVisible();
    expect(calls.some((c) => c.path === 'app/abilities')).toBe(true);
    expect(screen.queryByTestId('create-app-key')).not.toBeInTheDocument();
    expect(screen.queryByTestId('rotate-1')).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Rotate secret' })).not.toBeInTheDocument();
  });
});
