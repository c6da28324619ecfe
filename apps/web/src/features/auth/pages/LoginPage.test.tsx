import { VALIDATION_MESSAGES, errorMessage } from '@portal/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { getSession } from '../../../lib/session/session-store';
import { BRANDING, envelope, mockApi, partnerOwner, tokensFor } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import LoginPage from './LoginPage';

const v = VALIDATION_MESSAGES;

function renderLogin(path = '/login') {
  return renderPage(<LoginPage />, { route: '/login', path });
}

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginPage: validation', () => {
  it('en-US: required and format messages from the contract keys', async () => {
    const { fetchMock } = mockApi();
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText(v.emailRequired.en)).toBeInTheDocument();
    expect(await screen.findByText(v.passwordRequired.en)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Account (e-mail)'), 'not-an-email');
    expect(await screen.findByText(v.emailInvalid.en)).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/v1.0/customer-api/auth/login');
  });

  it('refuses a password longer than 16 characters with the SPEC message, without cutting it', async () => {
    const { fetchMock } = mockApi();
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.type(await screen.findByLabelText('Account (e-mail)'), 'owner@example.com');
    const password = screen.getByLabelText('Password');
    await user.type(password, 'Abcdefgh12345678x'); // 17 characters
    expect(password).toHaveValue('Abcdefgh12345678x');
    expect(password).not.toHaveAttribute('maxlength');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText(v.passwordLength.en)).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/v1.0/customer-api/auth/login');
  });

  it('zh-CN: the same rules in Chinese', async () => {
    await setLocale('zh-CN');
    mockApi();
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText(v.emailRequired.zh)).toBeInTheDocument();
    expect(await screen.findByText(v.passwordRequired.zh)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '账号登录' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('账号（邮箱）'), 'x@');
    expect(await screen.findByText(v.emailInvalid.zh)).toBeInTheDocument();
  });

  it('re-translates shown errors when the language is switched', async () => {
    mockApi();
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText(v.emailRequired.en)).toBeInTheDocument();
    await act(async () => {
      await setLocale('zh-CN');
    });
    expect(await screen.findByText(v.emailRequired.zh)).toBeInTheDocument();
    expect(screen.queryByText(v.emailRequired.en)).not.toBeInTheDocument();
  });
});

describe('LoginPage: the form (drawn without antd)', () => {
  it('puts the focus on the first field in error when submitted', async () => {
    mockApi();
    const user = userEvent.setup({ delay: null });
    renderLogin();
    const account = await screen.findByLabelText('Account (e-mail)');
    await user.type(account, 'pat@partner.test');
    await user.click(screen.getByTestId('login-submit'));
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(v.passwordRequired.en);
    expect(account).not.toHaveAttribute('aria-invalid');
  });

  it('shows and hides the password', async () => {
    mockApi();
    const user = userEvent.setup({ delay: null });
    renderLogin();
    const password = await screen.findByLabelText('Password');
    await user.type(password, 'secret-123');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveValue('secret-123');
  });

  it('clears the password after a refused sign-in and sends nothing twice while one is under way', async () => {
    let answer: () => void = () => undefined;
    const { calls } = mockApi((path) =>
      path === 'auth/login'
        ? new Promise<Response>((resolve) => {
            answer = () => resolve(envelope({}, 7010, 'x', { remaining: 3 }));
          })
        : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.type(await screen.findByLabelText('Account (e-mail)'), 'pat@partner.test');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('login-submit')).toHaveAttribute('aria-busy', 'true'));
    await user.click(screen.getByTestId('login-submit'));
    answer();
    expect(await screen.findByText(errorMessage(7010, 'en-US', { remaining: 3 }))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveValue(''));
    expect(calls.filter((c) => c.path === 'auth/login')).toHaveLength(1);
  });
});

describe('LoginPage: branding and sign-in', () => {
  it('is branded by the domain before login', async () => {
    const { calls } = mockApi();
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Acme Cloud' })).toBeInTheDocument();
    const branding = calls.find((c) => c.path === 'auth/customer-website/get');
    expect(branding?.body.data).toEqual({ domain: window.location.hostname });
    await waitFor(() => expect(document.title).toBe('Acme Cloud'));
  });

  it("draws the brand's logo and background from /branding/* (cached by ETag), not from the stored values", async () => {
    mockApi((path) =>
      path === 'auth/customer-website/get'
        ? { data: { ...BRANDING, icon: '41', bgImg: '42', favicon: '43', extra: { ...BRANDING.extra, logoLcrs: '44' } } }
        : undefined,
    );
    renderLogin();
    await screen.findByRole('heading', { name: 'Acme Cloud' });
    const visual = screen.getByTestId('login-visual');
    // logoLcrs is a file id, which no URL serves: the brand's logo instead.
    expect(visual.querySelector('img')).toHaveAttribute('src', '/branding/logo');
    expect(visual).toHaveStyle({ backgroundImage: 'url("/branding/background")' });
  });

  it('draws no logo image and the default background when the brand has neither', async () => {
    mockApi();
    renderLogin();
    await screen.findByRole('heading', { name: 'Acme Cloud' });
    const visual = screen.getByTestId('login-visual');
    expect(visual.querySelector('img')).toBeNull();
    expect(visual).toHaveClass('is-default');
  });

  it('signs in, stores the session and goes to the layout (or the remembered page)', async () => {
    const tokens = tokensFor(partnerOwner());
    const { calls } = mockApi((path) => (path === 'auth/login' ? { data: tokens } : undefined));
    const user = userEvent.setup({ delay: null });
    const { router } = renderLogin(`/login?redirect=${encodeURIComponent('/layout/logs/operationLog')}`);
    await user.type(await screen.findByLabelText('Account (e-mail)'), 'Pat@Partner.test');
    await user.type(screen.getByLabelText('Password'), 'secret-123');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/logs/operationLog'));
    expect(getSession()?.token).toBe(tokens.token);
    expect(calls.find((c) => c.path === 'auth/login')?.body.data).toEqual({
      account: 'pat@partner.test',
      password: 'secret-123',
      locale: 'en-US',
    });
  });

  it('shows the remaining attempts of a wrong password in a toast', async () => {
    mockApi((path) => (path === 'auth/login' ? { code: 7010, msg: 'x', params: { remaining: 2 } } : undefined));
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.type(await screen.findByLabelText('Account (e-mail)'), 'pat@partner.test');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText(errorMessage(7010, 'en-US', { remaining: 2 }))).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it('shows the locked-account message', async () => {
    mockApi((path) => (path === 'auth/login' ? { code: 7011, msg: 'x', params: { minutes: 15 } } : undefined));
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.type(await screen.findByLabelText('Account (e-mail)'), 'pat@partner.test');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-locked')).toHaveTextContent(errorMessage(7011, 'en-US', { minutes: 15 }));
  });

  it('offers to correct and resubmit a rejected registration with the credentials just typed', async () => {
    const { calls } = mockApi((path) => {
      if (path === 'auth/login') return { code: 7041, msg: 'x', params: { company: 'Installer Co', reason: 'Unknown address' } };
      if (path === 'customer/registration-audit/resubmit') return { data: { status: 'pending', approverName: 'Installer Co' } };
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    renderLogin();
    await user.type(await screen.findByLabelText('Account (e-mail)'), 'hotel@inv.test');
    await user.type(screen.getByLabelText('Password'), 'Reg1ster#pw');
    await user.click(screen.getByTestId('login-submit'));
    const alert = await screen.findByTestId('login-rejected');
    expect(alert).toHaveTextContent('Unknown address');
    await user.click(screen.getByRole('button', { name: 'Correct and resubmit' }));
    // The modal is a chunk of its own, loaded once the login answered the rejection.
    await user.click(await screen.findByRole('button', { name: 'Resubmit' }, { timeout: 10_000 }));
    expect(await screen.findByText(v.companyNameRequired.en)).toBeInTheDocument();
    await user.type(screen.getByTestId('resubmit-company'), 'Harbour Hotel Hamburg');
    await user.click(screen.getByRole('button', { name: 'Resubmit' }));
    expect(await screen.findByText('Your registration was sent to Installer Co for approval again.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'customer/registration-audit/resubmit')?.body.data).toEqual({
      account: 'hotel@inv.test',
      password: 'Reg1ster#pw',
      companyName: 'Harbour Hotel Hamburg',
      contact: '',
      telephone: '',
    });
  });
});
