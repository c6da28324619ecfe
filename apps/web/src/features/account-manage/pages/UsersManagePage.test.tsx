import type { AccountManageAction, ResourceCode, UserAction } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import UsersManagePage from './UsersManagePage';

const userRecord = (id: number, email: string, actions: UserAction[]) => ({
  id,
  companyId: 10,
  companyName: 'Acme Security',
  email,
  nickName: email.split('@')[0],
  phone: '',
  userType: 'partner',
  userAuthType: 3,
  status: 'normal',
  registered: true,
  invitedAt: null,
  createdAt: '2025-03-01T08:00:00.000Z',
  actions,
});
const detail = (record: ReturnType<typeof userRecord>) => ({
  ...record,
  authResList: ['dealer_account_qry'] as ResourceCode[],
  areaIds: [1],
  companyIds: [],
  appIds: [],
  companyNames: [],
});

/** The users page against a server whose policy answers `abilities` for the page and the given users. */
function mockUsersApi(abilities: AccountManageAction[], records: ReturnType<typeof userRecord>[]) {
  return mockApi((path, data) => {
    if (path === 'customer/user-configs/list') return { data: { records: [] } };
    if (path === 'customer/user/abilities') return { data: { actions: abilities } };
    if (path === 'customer/user/list') return { data: { records, total: records.length, pageNum: 1, pageSize: 10 } };
    if (path === 'customer/company/list') return { data: { records: [], total: 0, pageNum: 1, pageSize: 20 } };
    if (path === 'customer/user/get') return { data: detail(records.find((r) => r.id === (data as { userId: number }).userId)!) };
    if (path === 'customer/user/grantable')
      return {
        data: {
          codes: ['dealer_account_qry', 'dealer_account_mgr'],
          areas: [{ id: 1, displayName: 'Global RDC', kind: 'RDC' }],
          appIds: null,
        },
      };
    return undefined;
  });
}

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UsersManagePage: actions come from the server only', () => {
  it.each([
    { session: 'an owner (dealer_account_mgr)', codes: undefined, answered: [] as AccountManageAction[], shown: false },
    {
      session: 'a viewer (dealer_account_qry)',
      codes: ['dealer_account_qry'] as ResourceCode[],
      answered: ['inviteUser'] as AccountManageAction[],
      shown: true,
    },
  ])('invite is offered to $session exactly when the server answers it ($answered)', async ({ codes, answered, shown }) => {
    signIn(partnerOwner(codes ? { authResList: codes } : {}));
    mockUsersApi(answered, [userRecord(11, 'staff@acme.test', [])]);
    renderPage(<UsersManagePage />);
    expect(await within(await screen.findByTestId('users-table')).findByText('staff@acme.test')).toBeVisible();
    if (shown) expect(await screen.findByTestId('invite-user')).toBeVisible();
    else expect(screen.queryByTestId('invite-user')).not.toBeInTheDocument();
  });

  it('offers on each user exactly the actions answered with it', async () => {
    signIn(partnerOwner());
    mockUsersApi(
      ['inviteUser'],
      [
        userRecord(11, 'staff@acme.test', ['edit', 'editPermissions', 'resetPassword', 'disable', 'delete']),
        userRecord(12, 'peer@acme.test', []),
        userRecord(13, 'locked@acme.test', ['edit', 'editPermissions', 'enable', 'unlock']),
      ],
    );
    const user = userEvent.setup({ delay: null });
    renderPage(<UsersManagePage />);
    const table = await screen.findByTestId('users-table');
    await within(table).findByText('staff@acme.test');
    const row = (email: string) => within(table).getByText(email).closest('tr')!;
    expect(within(row('staff@acme.test')).getByRole('button', { name: 'Edit' })).toBeVisible();
    expect(within(row('peer@acme.test')).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('user-more-12')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('user-more-11'));
    let menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Reset password', 'Disable', 'Delete']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByTestId('user-more-13'));
    menu = (await screen.findAllByRole('menu')).at(-1)!;
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Enable', 'Unlock']);
  });

  it('offers a remote-access visit no invite, re-invite or password reset when the server answers none of them', async () => {
    signIn(
      partnerOwner({ remoteAccess: { byUserId: 1, byNickName: 'Max Boss', byCoName: 'Vision HQ', expiresAt: Date.now() + 3_600_000 } }),
    );
    // What the policy answers a visit: the account's ordinary work, no invitation or credential reset.
    mockUsersApi(
      [],
      [
        userRecord(11, 'staff@acme.test', ['edit', 'editPermissions', 'disable', 'delete']),
        { ...userRecord(12, 'invited@acme.test', ['edit', 'editPermissions', 'disable', 'delete']), registered: false },
      ],
    );
    const user = userEvent.setup({ delay: null });
    renderPage(<UsersManagePage />);
    const table = await screen.findByTestId('users-table');
    await within(table).findByText('staff@acme.test');
    expect(screen.queryByTestId('invite-user')).not.toBeInTheDocument();
    for (const id of [11, 12]) {
      await user.click(screen.getByTestId(`user-more-${id}`));
      const menu = (await screen.findAllByRole('menu')).at(-1)!;
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((i) => i.textContent),
      ).toEqual(['Disable', 'Delete']);
      await user.keyboard('{Escape}');
    }
  });

  it.each([
    { actions: ['edit'] as UserAction[], editable: false },
    { actions: ['edit', 'editPermissions'] as UserAction[], editable: true },
  ])('edits permissions only when the user comes with editPermissions ($actions)', async ({ actions, editable }) => {
    signIn(partnerOwner());
    mockUsersApi([], [userRecord(11, 'staff@acme.test', actions)]);
    const user = userEvent.setup({ delay: null });
    renderPage(<UsersManagePage />);
    const table = await screen.findByTestId('users-table');
    await user.click(await within(table).findByRole('button', { name: 'Edit' }));
    expect(await screen.findByTestId('edit-form')).toBeVisible();
    const code = await screen.findByTestId('perm-dealer_account_qry');
    if (editable) {
      expect(code).toBeEnabled();
      expect(screen.queryByTestId('self-permissions-note')).not.toBeInTheDocument();
    } else {
      expect(code).toBeDisabled();
      expect(screen.getByTestId('self-permissions-note')).toBeVisible();
    }
  });
});
