import { SANDBOX_TEST_CARDS } from '@portal/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import type { CheckoutOrder } from '../api/checkout-api';

const SIGN = 'a'.repeat(64);
const PATH = `/checkout/CS202611260123456789/${SIGN}`;
const ORDER: CheckoutOrder = {
  orderNo: 'CS202611260123456789',
  sellerName: 'Acme Partner',
  goodsName: 'Seven days, 30 days',
  storageValue: 7,
  storageUnit: 'day',
  serviceDays: 30,
  sn: 'SN0001',
  platform: 'android',
  amount: 3000,
  currency: 'USD',
  state: 'unpaid',
  payment: 'none',
  expiresAt: Date.UTC(2026, 10, 26, 9, 0),
  provider: 'sandbox',
  mode: 'test',
  publicKey: null,
};

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => vi.unstubAllGlobals());

describe('the hosted checkout page', () => {
  it('shows the order without antd and pays it with a sandbox test card (one idempotency key per press)', async () => {
    const { calls } = mockApi((path) =>
      path === 'checkout/order/get'
        ? { data: ORDER }
        : path === 'checkout/order/pay'
          ? { data: { order: { ...ORDER, state: 'paid', payment: 'succeeded' }, outcome: 'succeeded', action: null } }
          : undefined,
    );
    const { container } = renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'Pay for your cloud storage plan' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByTestId('checkout-summary')).toHaveTextContent('SN0001');
    expect(screen.getByTestId('checkout-summary')).toHaveTextContent('$30.00');
    expect(container.querySelector('.ant-app')).toBeNull();
    expect(calls.find((c) => c.path === 'checkout/order/get')?.body.data).toMatchObject({
      orderNo: ORDER.orderNo,
      sign: SIGN,
      domain: 'localhost',
    });
    await userEvent.click(screen.getByRole('button', { name: /4242 4242 4242 4242/ }));
    await userEvent.click(screen.getByTestId('checkout-pay'));
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    const pay = calls.find((c) => c.path === 'checkout/order/pay')!;
    expect(pay.body.data).toMatchObject({ card: SANDBOX_TEST_CARDS.success, orderNo: ORDER.orderNo, sign: SIGN });
    expect((pay.body.data as { idempotencyKey: string }).idempotencyKey).toMatch(/^web-/);
  });

  it('a declined card shows the refusal and the form stays', async () => {
    mockApi((path) =>
      path === 'checkout/order/get'
        ? { data: ORDER }
        : path === 'checkout/order/pay'
          ? { code: 23025, msg: 'The payment was declined.' }
          : undefined,
    );
    renderApp(PATH);
    await userEvent.type(await screen.findByLabelText('Card number', {}, { timeout: 10_000 }), SANDBOX_TEST_CARDS.decline);
    await userEvent.click(screen.getByTestId('checkout-pay'));
    expect(await screen.findByTestId('checkout-pay-error')).toHaveTextContent('The payment was declined.');
    expect(screen.getByTestId('checkout-pay')).toBeInTheDocument();
  });

  it('an expired link answers a page of its own', async () => {
    mockApi((path) => (path === 'checkout/order/get' ? { code: 23041, msg: 'expired' } : undefined));
    renderApp(PATH);
    expect(await screen.findByTestId('checkout-error', {}, { timeout: 10_000 })).toHaveTextContent(
      'This payment link has expired: the order was not paid in time.',
    );
  });
});
