import { VALIDATION_MESSAGES } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi } from '../../../test/fixtures';
import { renderApp, renderPage } from '../../../test/render';
import RegisterPage from './RegisterPage';

const v = VALIDATION_MESSAGES;

function renderRegister() {
  return renderPage(<RegisterPage />, { route: '/register', path: '/register' });
}

async function typePassword(user: ReturnType<typeof userEvent.setup>, value: string) {
  const input = screen.getByLabelText('Password');
  await user.clear(input);
  await user.click(input);
  await user.paste(value);
  await user.tab();
}

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RegisterPage: password rules', () => {
  it('needs 8-16 characters with at least two of digits, letters and special characters', async () => {
    mockApi();
    const user = userEvent.setup({ delay: null });
    renderRegister();
    await screen.findByTestId('register-form');

    const ruleShown = () => waitFor(() => expect(screen.getByText(v.passwordRule.en)).toBeVisible());
    const ruleGone = () => waitFor(() => expect(screen.queryByText(v.passwordRule.en)).not.toBeInTheDocument());

    await typePassword(user, 'ab1'); // too short
    await ruleShown();
    await typePassword(user, 'abcd1234'); // letters and digits
    await ruleGone();
    await typePassword(user, 'abcdefgh'); // one kind only
    await ruleShown();
    await typePassword(user, 'abc!@#$%'); // letters and special characters
    await ruleGone();
    await typePassword(user, '12345678'); // one kind only
    await ruleShown();
    // More than 16 characters are kept as typed and refused with the rule (issue 11 §3).
    await typePassword(user, 'abcd1234abcd1234X');
    expect(screen.getByLabelText('Password')).toHaveValue('abcd1234abcd1234X');
    await ruleShown();
  });

  it('shows a live strength meter (contract passwordStrength)', async () => {
    mockApi();
    const user = userEvent.setup({ delay: null });
    renderRegister();
    await screen.findByTestId('register-form');
    expect(screen.queryByTestId('password-strength')).not.toBeInTheDocument();
    await typePassword(user, 'abcdefgh');
    expect(screen.getByTestId('password-strength')).toHaveAttribute('data-level', '1');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Weak');
    await typePassword(user, 'abcd1234');
    expect(screen.getByTestId('password-strength')).toHaveAttribute('data-level', '2');
    await typePassword(user, 'Abcd123!');
    expect(screen.getByTestId('password-strength')).toHaveAttribute('data-level', '3');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Strong');
  });

  it('confirmation must match, even before the other fields are filled', async () => {
    mockApi();
    const user = userEvent.setup({ delay: null });
    renderRegister();
    await screen.findByTestId('register-form');
    await typePassword(user, 'abcd1234');
    await user.type(screen.getByLabelText('Confirm password'), 'abcd12345');
    await user.tab();
    expect(await screen.findByText(v.passwordMismatch.en)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '5');
    await waitFor(() => expect(screen.queryByText(v.passwordMismatch.en)).not.toBeInTheDocument());
  });

  it('zh-CN password rule message', async () => {
    await setLocale('zh-CN');
    mockApi();
    const user = userEvent.setup({ delay: null });
    renderRegister();
    await screen.findByTestId('register-form');
    const input = screen.getByLabelText('密码');
    await user.type(input, '12345678');
    await user.tab();
    expect(await screen.findByText(v.passwordRule.zh)).toBeInTheDocument();
  });
});

describe('RegisterPage: the rest of the form', () => {
  it('reports every required field on submit', async () => {
    const { calls } = mockApi();
    const user = userEvent.setup({ delay: null });
    renderRegister();
    await user.click(await screen.findByTestId('register-submit'));
    for (const text of [
      v.emailRequired.en,
      v.imageCodeRequired.en,
      v.verifyCodeRequired.en,
      v.passwordRequired.en,
      v.confirmPasswordRequired.en,
      v.companyNameRequired.en,
      v.nickNameRequired.en,
      v.agreeTerms.en,
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(calls.some((c) => c.path === 'auth/self-register')).toBe(false);
  });

  it('shows the graphic code, e-mails a code and counts down to resend, then registers', async () => {
    const { calls } = mockApi((path) => {
      if (path === 'auth/email-dynamic-code') return { data: { resendAfterSeconds: 60 } };
      if (path === 'auth/self-register') return { data: { userId: 99, status: 'pending', approverName: 'Acme Cloud' } };
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    renderRegister();
    const img = await screen.findByAltText('Graphic code');
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

    await user.type(screen.getByLabelText('E-mail'), 'new@company.test');
    await user.type(screen.getByPlaceholderText('Characters in the image'), 'AB12');
    await user.click(screen.getByTestId('send-email-code'));
    await waitFor(() => expect(screen.getByTestId('send-email-code')).toHaveTextContent('Resend in 60 s'));
    expect(screen.getByTestId('send-email-code')).toBeDisabled();
    expect(calls.find((c) => c.path === 'auth/email-dynamic-code')?.body.data).toEqual({
      email: 'new@company.test',
      purpose: 'register',
      imageCodeId: 'img-1',
      imageCode: 'AB12',
    });

    // The used graphic code is emptied (a new image is shown) and is not asked for again to register.
    expect(screen.getByPlaceholderText('Characters in the image')).toHaveValue('');
    await user.type(screen.getByPlaceholderText('Code sent to your e-mail'), '123456');
    await user.type(screen.getByLabelText('Password'), 'abcd1234');
    await user.type(screen.getByLabelText('Confirm password'), 'abcd1234');
    await user.type(screen.getByLabelText('Company name'), 'New Co');
    await user.type(screen.getByLabelText('Nickname'), 'Neo');
    expect(within(screen.getByTestId('register-form')).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/term/service',
    );
    await user.click(screen.getByTestId('agree-terms'));
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('Registration submitted')).toBeInTheDocument();
    expect(screen.queryByText(v.imageCodeRequired.en)).not.toBeInTheDocument();
    expect(screen.getByText(/waiting for approval by Acme Cloud/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'auth/self-register')?.body.data).toMatchObject({
      email: 'new@company.test',
      emailCode: '123456',
      password: 'abcd1234',
      confirmPassword: 'abcd1234',
      companyName: 'New Co',
      nickName: 'Neo',
      agree: true,
    });
  });
});

describe('RegisterPage: loads without antd', () => {
  it('draws no antd component (the sign-in pages stay in the small shell, issue 16)', async () => {
    mockApi();
    // Through the app's own routes: /register is a plain route, drawn without antd's providers.
    const { container } = renderApp('/register');
    await screen.findByTestId('register-form');
    expect(container.querySelector('[class*="ant-"]:not(.anticon)')).toBeNull();
  });
});
