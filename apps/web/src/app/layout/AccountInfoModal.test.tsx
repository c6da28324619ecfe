import type { OwnAccountAction } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { AccountInfoModal } from './AccountInfoModal';

/** The account as customer/user/info/get answers it, with what the session may do with it. */
const accountInfo = (actions: OwnAccountAction[]) => ({
  userId: 5,
  nickName: 'Pat Partner',
  email: 'pat@acme.test',
  phone: '',
  companyName: 'Acme Security',
  userType: 'partner',
  userAuthType: 1,
  createdAt: '2025-03-01T08:00:00.000Z',
  actions,
});

function openDialog(actions: OwnAccountAction[], remote = false) {
  const user = partnerOwner(
    remote ? { remoteAccess: { byUserId: 1, byNickName: 'Max Boss', byCoName: 'Vision HQ', expiresAt: Date.now() + 3_600_000 } } : {},
  );
  signIn(user);
  const api = mockApi((path) => {
    if (path === 'customer/user/info/get') return { data: accountInfo(actions) };
    if (path === 'customer/user/unregister/check') return { data: { allowed: true, blockers: [] } };
    return undefined;
  });
  renderPage(<AccountInfoModal user={user} open onClose={() => undefined} />);
  return api;
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AccountInfoModal: the tabs are what the server offers the session', () => {
  it("offers the account holder every tab the server answers, and no 'holder only' note", async () => {
    const { calls } = openDialog(['editProfile', 'bindEmail', 'changePassword', 'unregister']);
    await waitFor(() => expect(tabNames()).toEqual(['Overview', 'Profile', 'E-mail', 'Password', 'Delete account']));
    expect(calls.some((c) => c.path === 'customer/user/info/get')).toBe(true);
    expect(screen.queryByTestId('account-holder-only')).not.toBeInTheDocument();
  });

  it('asks the code for a new e-mail through the signed-in call, not the public one', async () => {
    const { calls } = openDialog(['editProfile', 'bindEmail', 'changePassword', 'unregister']);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('tab', { name: 'E-mail' }));
    await user.type(await screen.findByLabelText('New e-mail'), 'pat.new@acme.test');
    await user.type(screen.getAllByLabelText('Graphic code')[0]!, 'AB12');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'auth/email-bind/code')).toBe(true));
    expect(calls.find((c) => c.path === 'auth/email-bind/code')?.body.data).toEqual({
      email: 'pat.new@acme.test',
      imageCodeId: 'img-1',
      imageCode: 'AB12',
    });
    expect(calls.some((c) => c.path === 'auth/email-dynamic-code')).toBe(false);
  });

  it('hides e-mail, password and deletion when the server does not offer them (a remote-access visit)', async () => {
    openDialog(['editProfile'], true);
    expect(await screen.findByTestId('account-holder-only')).toHaveTextContent(
      'Only the account holder can bind another e-mail, change the password or delete the account (not during remote access).',
    );
    expect(tabNames()).toEqual(['Overview', 'Profile']);
    expect(screen.queryByTestId('email-bind-form')).not.toBeInTheDocument();
    expect(screen.queryByTestId('change-password-form')).not.toBeInTheDocument();
  });

  it('says so in zh-CN too', async () => {
    await setLocale('zh-CN');
    openDialog(['editProfile'], true);
    expect(await screen.findByTestId('account-holder-only')).toHaveTextContent(
      '只有账号本人可以绑定其他邮箱、修改密码或注销账号（远程访问期间不可操作）。',
    );
    expect(tabNames()).toEqual(['概览', '基本资料']);
  });

  it('offers no action tab before the server has answered, whatever the session looks like', async () => {
    signIn(partnerOwner());
    mockApi((path) => (path === 'customer/user/info/get' ? new Promise<Response>(() => undefined) : undefined));
    renderPage(<AccountInfoModal user={partnerOwner()} open onClose={() => undefined} />);
    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeVisible();
    expect(tabNames()).toEqual(['Overview']);
  });
});
