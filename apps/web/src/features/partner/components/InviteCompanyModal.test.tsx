import { VALIDATION_MESSAGES } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { InviteCompanyModal } from './InviteCompanyModal';

beforeEach(async () => {
  await setLocale('en-US');
  signIn(partnerOwner());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('InviteCompanyModal', () => {
  it('requires name and e-mail (SPEC §5) and checks the e-mail format', async () => {
    const { calls } = mockApi();
    const user = userEvent.setup({ delay: null });
    renderPage(<InviteCompanyModal open kinds={['installer', 'distributor', 'customer']} onClose={() => undefined} />);
    await screen.findByTestId('invite-form');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(VALIDATION_MESSAGES.nameRequired.en)).toBeVisible();
    expect(await screen.findByText(VALIDATION_MESSAGES.emailRequired.en)).toBeVisible();
    await user.type(screen.getByLabelText('E-mail'), 'not-an-email');
    await user.tab();
    expect(await screen.findByText(VALIDATION_MESSAGES.emailInvalid.en)).toBeVisible();
    expect(calls.filter((c) => c.path.includes('invite'))).toHaveLength(0);
  });

  it('sends the invitation of the chosen kind and closes', async () => {
    const onClose = vi.fn();
    const { calls } = mockApi((path) =>
      path === 'customer/dealer/invite' ? { data: { companyId: 5, inviteId: 9, expiresAt: Date.now() } } : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderPage(<InviteCompanyModal open kinds={['installer', 'distributor', 'customer']} onClose={onClose} />);
    await screen.findByTestId('invite-form');
    await user.click(screen.getByText('Dealer'));
    await user.type(screen.getByLabelText('Company name'), 'Level Two Ltd');
    await user.type(screen.getByLabelText('E-mail'), 'Dealer2@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = calls.find((c) => c.path === 'customer/dealer/invite')!;
    expect(sent.body.data).toEqual({ name: 'Level Two Ltd', email: 'dealer2@example.com' });
  });

  it('shows the approval note for sub-customers and the server error when the invitation was already sent', async () => {
    const onClose = vi.fn();
    const { calls } = mockApi((path) =>
      path === 'customer/sub-customer-company/invite'
        ? { code: 7021, msg: 'The invitation was already sent. Do not operate frequently.' }
        : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderPage(<InviteCompanyModal open kinds={['customer']} onClose={onClose} />);
    await screen.findByTestId('invite-form');
    expect(screen.getByText(/wait for your approval/)).toBeVisible();
    await user.type(screen.getByLabelText('Company name'), 'Hotel');
    await user.type(screen.getByLabelText('E-mail'), 'hotel@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'customer/sub-customer-company/invite')).toBe(true));
    // The modal stays open with what was typed, so the user can change the e-mail.
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('E-mail')).toHaveValue('hotel@example.com');
  });
});
