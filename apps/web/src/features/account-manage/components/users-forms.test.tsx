import { PARTNER_ONLY_CODES, VALIDATION_MESSAGES, type ResourceCode, type UserPermissions } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { ChangePasswordForm } from './ChangePasswordForm';
import { InviteUserDrawer } from './InviteUserDrawer';
import { PermissionEditor, type Grantable } from './PermissionEditor';

const v = VALIDATION_MESSAGES;
const AREAS = [
  { id: 1, displayName: 'Global RDC', kind: 'RDC' },
  { id: 2, displayName: 'Europe DC', kind: 'DDC' },
];
const PARTNER_CODES: ResourceCode[] = [
  'dealer_account_qry',
  'dealer_account_mgr',
  'dealer_storage_qry',
  'dealer_storage_mgr',
  'dealer_upgrade_qry',
  'dealer_upgrade_mgr',
];
const DEALER_CODES = PARTNER_CODES.filter((c) => !PARTNER_ONLY_CODES.includes(c));

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function Editor({
  grantable,
  initial,
  onChange,
  readOnly,
}: {
  grantable: Grantable;
  initial: UserPermissions;
  onChange?: (p: UserPermissions) => void;
  readOnly?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <PermissionEditor
      value={value}
      onChange={(p) => {
        setValue(p);
        onChange?.(p);
      }}
      grantable={grantable}
      companyOptions={[{ value: 7, label: 'Dealer A1' }]}
      readOnly={readOnly}
    />
  );
}

const EMPTY: UserPermissions = { authResList: [], areaIds: [], companyIds: [], appIds: [] };

describe('PermissionEditor', () => {
  it('groups codes by module as Query and Operation; operating implies querying', async () => {
    mockApi();
    const changes: UserPermissions[] = [];
    const user = userEvent.setup({ delay: null });
    renderPage(
      <Editor grantable={{ codes: PARTNER_CODES, areas: AREAS, appIds: null }} initial={EMPTY} onChange={(p) => changes.push(p)} />,
    );
    const editor = await screen.findByTestId('permission-editor');
    expect(within(editor).getByText('Cloud firmware upgrade')).toBeInTheDocument();
    await user.click(screen.getByTestId('perm-dealer_storage_mgr'));
    expect(changes.at(-1)!.authResList).toEqual(['dealer_storage_qry', 'dealer_storage_mgr']);
    // Unticking Query also drops Operation.
    await user.click(screen.getByTestId('perm-dealer_storage_qry'));
    expect(changes.at(-1)!.authResList).toEqual([]);
    await user.click(screen.getByLabelText('Europe DC (DDC)'));
    expect(changes.at(-1)!.areaIds).toEqual([2]);
  });

  it("offers a distributor's user no partner-only module", async () => {
    mockApi();
    renderPage(<Editor grantable={{ codes: DEALER_CODES, areas: AREAS, appIds: null }} initial={EMPTY} />);
    const editor = await screen.findByTestId('permission-editor');
    expect(within(editor).queryByText('Cloud firmware upgrade')).not.toBeInTheDocument();
    for (const code of PARTNER_ONLY_CODES) expect(screen.queryByTestId(`perm-${code}`)).not.toBeInTheDocument();
    expect(screen.getByTestId('perm-dealer_storage_qry')).toBeEnabled();
  });

  it('keeps a held code the caller cannot grant checked and locked; read-only disables everything', async () => {
    mockApi();
    const { unmount } = renderPage(
      <Editor
        grantable={{ codes: ['dealer_account_qry'], areas: AREAS, appIds: null }}
        initial={{ ...EMPTY, authResList: ['dealer_storage_qry'] }}
      />,
    );
    const held = await screen.findByTestId('perm-dealer_storage_qry');
    expect(held).toBeChecked();
    expect(held).toBeDisabled();
    expect(screen.getByTestId('perm-dealer_account_qry')).toBeEnabled();
    unmount();
    // Read-only lists only what the user holds.
    renderPage(
      <Editor
        grantable={{ codes: PARTNER_CODES, areas: AREAS, appIds: null }}
        initial={{ ...EMPTY, authResList: ['dealer_account_qry'] }}
        readOnly
      />,
    );
    expect(await screen.findByTestId('perm-dealer_account_qry')).toBeDisabled();
    expect(screen.queryByTestId('perm-dealer_storage_qry')).not.toBeInTheDocument();
  });
});

describe('InviteUserDrawer', () => {
  it('checks the e-mail, then invites with the chosen permissions', async () => {
    signIn(partnerOwner());
    const { calls } = mockApi((path) => {
      if (path === 'customer/user/grantable') return { data: { codes: PARTNER_CODES, areas: AREAS, appIds: null } };
      if (path === 'customer/company/list') return { data: { records: [], total: 0, pageNum: 1, pageSize: 20 } };
      if (path === 'customer/user/invite') return { data: { userId: 42 } };
      return undefined;
    });
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderPage(<InviteUserDrawer open onClose={onClose} ownCompany={{ id: 10, name: 'Acme Security' }} />);
    await screen.findByTestId('permission-editor');
    await user.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByText(v.emailRequired.en)).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.tab();
    expect(await screen.findByText(v.emailInvalid.en)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'New.Hire@Acme.test');
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.tab();
    expect(await screen.findByText(v.phoneInvalid.en)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Phone'));
    await user.click(screen.getByTestId('perm-dealer_account_mgr'));
    await user.click(screen.getByTestId('invite-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === 'customer/user/invite')?.body.data).toEqual({
      email: 'new.hire@acme.test',
      companyId: 10,
      authResList: ['dealer_account_qry', 'dealer_account_mgr'],
      areaIds: [],
      companyIds: [],
      appIds: [],
    });
  });
});

describe('ChangePasswordForm', () => {
  async function fill(user: ReturnType<typeof userEvent.setup>, oldPw: string, pw: string, confirm: string) {
    await user.type(screen.getByLabelText('Old password'), oldPw);
    await user.type(screen.getByLabelText('New password'), pw);
    await user.type(screen.getByLabelText('Confirm new password'), confirm);
  }

  it('applies the password rules, shows the strength and needs a matching confirmation', async () => {
    signIn(partnerOwner());
    const { calls } = mockApi();
    const user = userEvent.setup({ delay: null });
    renderPage(<ChangePasswordForm />);
    await user.click(await screen.findByTestId('change-password-submit'));
    expect(await screen.findByText(v.oldPasswordRequired.en)).toBeInTheDocument();
    await fill(user, 'Old#pass1', '12345678', '12345679');
    await user.tab();
    expect(await screen.findByText(v.passwordRule.en)).toBeInTheDocument();
    expect(screen.getByTestId('password-strength')).toHaveAttribute('data-level', '1');
    expect(await screen.findByText(v.passwordMismatch.en)).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'customer/user/password/change')).toBe(false);
  });

  it('sends old and new password; a wrong old password shows 7014', async () => {
    signIn(partnerOwner());
    const { calls } = mockApi((path) =>
      path === 'customer/user/password/change' ? { code: 7014, msg: 'The old password is wrong.' } : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderPage(<ChangePasswordForm />);
    await screen.findByTestId('change-password-form');
    await fill(user, 'Wrong#pass1', 'New#Pass2026', 'New#Pass2026');
    expect(screen.getByTestId('password-strength')).toHaveAttribute('data-level', '3');
    await user.click(screen.getByTestId('change-password-submit'));
    await waitFor(() => expect(calls.find((c) => c.path === 'customer/user/password/change')).toBeTruthy());
    expect(calls.find((c) => c.path === 'customer/user/password/change')!.body.data).toEqual({
      oldPassword: 'Wrong#pass1',
      password: 'New#Pass2026',
      confirmPassword: 'New#Pass2026',
    });
    expect(await screen.findByText('The old password is wrong.')).toBeInTheDocument();
  });
});
