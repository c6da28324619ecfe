import type { PayeeAccount } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import ExternalCollectionPage from './ExternalCollectionPage';

const PK = 'pk_test_51PayeePublishableKey0123456789';

function account(provider: PayeeAccount['provider'], over: Partial<PayeeAccount> = {}): PayeeAccount {
  return {
    provider,
    available: true,
    status: 'not_configured',
    mode: null,
    accountId: null,
    secretLast4: null,
    webhookSecretLast4: null,
    publicKey: null,
    applePayAssociation: false,
    verifiedAt: null,
    webhookUrl: `http://localhost/v1.0/payments/webhook/${provider}/2`,
    defaultFor: [],
    actions: ['configure'],
    ...over,
  };
}

function mockPayees(stripe: Partial<PayeeAccount>) {
  return mockApi((path) =>
    path === 'storage/payee/list'
      ? {
          data: {
            accounts: [
              account('sandbox'),
              account('stripe', { status: 'configured', mode: 'test', accountId: 'acct_1', secretLast4: 'wxyz', ...stripe }),
              account('paypal'),
              account('card'),
            ],
          },
        }
      : undefined,
  );
}

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ExternalCollectionPage', () => {
  it("shows the Stripe payee's publishable key in full (not a secret), the secret as its last 4", async () => {
    signIn(partnerOwner());
    mockPayees({ publicKey: PK });
    renderPage(<ExternalCollectionPage />);
    const card = await screen.findByTestId('payee-stripe', undefined, { timeout: 10_000 });
    expect(within(card).getByText('Publishable key')).toBeInTheDocument();
    expect(within(card).getByTestId('payee-public-key')).toHaveTextContent(PK);
    expect(within(card).getByText('•••• wxyz')).toBeInTheDocument();
    // Only Stripe has a publishable key.
    expect(within(screen.getByTestId('payee-sandbox')).queryByText('Publishable key')).toBeNull();
  });

  it('shows a dash when no publishable key is configured, in zh-CN too', async () => {
    await setLocale('zh-CN');
    signIn(partnerOwner());
    mockPayees({ publicKey: null });
    renderPage(<ExternalCollectionPage />);
    const card = await screen.findByTestId('payee-stripe', undefined, { timeout: 10_000 });
    expect(within(card).queryByTestId('payee-public-key')).toBeNull();
    const label = within(card).getByText('可发布密钥');
    expect(label.closest('tr')).toHaveTextContent('—');
  });
});
