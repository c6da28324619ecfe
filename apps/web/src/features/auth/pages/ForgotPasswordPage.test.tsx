import { VALIDATION_MESSAGES } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import ForgotPasswordPage from './ForgotPasswordPage';

const v = VALIDATION_MESSAGES;

function renderForgot() {
  return renderPage(<ForgotPasswordPage />, { route: '/forgot-password', path: '/forgot-password' });
}

beforeEach(async () => {
  await setLocale('en-US');
});

describe('ForgotPasswordPage', () => {
  it('reports each required field on submit, and "send code" asks for the address and graphic code first', async () => {
    const { calls } = mockApi();
    const user = userEvent.setup({ delay: null });
    renderForgot();
    await screen.findByAltText('Graphic code');
    await user.click(screen.getByTestId('send-email-code'));
    expect(await screen.findByText(v.emailRequired.en)).toBeInTheDocument();
    expect(screen.getByText(v.imageCodeRequired.en)).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(calls.some((c) => c.path === 'auth/email-dynamic-code')).toBe(false);

    await user.click(screen.getByTestId('forgot-submit'));
    for (const text of [v.verifyCodeRequired.en, v.passwordRequired.en, v.confirmPasswordRequired.en]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(calls.some((c) => c.path === 'auth/password-find')).toBe(false);
  });

  it('e-mails a code, then sets the new password and offers the way back to login', async () => {
    const { calls } = mockApi((path) => {
      if (path === 'auth/email-dynamic-code') return { data: { resendAfterSeconds: 60 } };
      if (path === 'auth/password-find') return { data: {} };
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    renderForgot();
    await screen.findByAltText('Graphic code');
    await user.type(screen.getByLabelText('E-mail'), 'pat@acme.test');
    await user.type(screen.getByPlaceholderText('Characters in the image'), 'AB12');
    await user.click(screen.getByTestId('send-email-code'));
    await waitFor(() => expect(screen.getByTestId('send-email-code')).toHaveTextContent('Resend in 60 s'));
    expect(calls.filter((c) => c.path === 'auth/image-verify-code').length).toBeGreaterThanOrEqual(2);

    await user.type(screen.getByPlaceholderText('Code sent to your e-mail'), '654321');
    await user.type(screen.getByLabelText('New password'), 'Newpass12');
    await user.type(screen.getByLabelText('Confirm password'), 'Newpass12');
    await user.click(screen.getByTestId('forgot-submit'));
    expect(await screen.findByTestId('forgot-done')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(calls.find((c) => c.path === 'auth/password-find')?.body.data).toEqual({
      email: 'pat@acme.test',
      emailCode: '654321',
      password: 'Newpass12',
      confirmPassword: 'Newpass12',
    });
  });

  it('zh-CN: the rule messages in Chinese', async () => {
    await setLocale('zh-CN');
    mockApi();
    const user = userEvent.setup({ delay: null });
    renderForgot();
    await user.click(await screen.findByTestId('forgot-submit'));
    expect(await screen.findByText(v.emailRequired.zh)).toBeInTheDocument();
    expect(screen.getByText(v.passwordRequired.zh)).toBeInTheDocument();
  });
});
