import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { OrdersPanel } from './OrdersPanel';
import { OverviewPanel } from './OverviewPanel';

const DAY = 86_400_000;
const now = Date.now();
const order = {
  orderId: 7,
  orderNo: 'CS202611210000000007',
  transactionId: 'sbx_tx_abc',
  provider: 'sandbox',
  platform: 'android',
  amount: 3000,
  currency: 'USD',
  refundedAmount: 0,
  state: 'paid',
  viewState: 'in_use',
  deviceId: 3,
  sn: 'ORD000001',
  endUserEmail: 'ann@test.local',
  companyId: 2,
  companyName: 'Partner A',
  goodsId: 5,
  goodsName: '30-day loop',
  goodsCode: 'G-1',
  serviceDays: 30,
  storageValue: 7,
  storageUnit: 'day',
  costPrice: 1000,
  periodStart: now - DAY,
  periodEnd: now + 29 * DAY,
  payDeadline: null,
  paidAt: now - DAY,
  createdAt: now - DAY,
  actions: ['refund'],
};
const detail = {
  ...order,
  attempts: [
    {
      id: 1,
      provider: 'sandbox',
      amount: 3000,
      status: 'succeeded',
      transactionId: 'sbx_tx_abc',
      reason: null,
      cardLast4: '4242',
      createdAt: now - DAY,
      updatedAt: now - DAY,
    },
  ],
  events: [{ id: 1, provider: 'sandbox', eventId: 'evt_1', type: 'payment.succeeded', outcome: 'ignored', receivedAt: now - DAY }],
  refunds: [],
  timeline: [
    {
      orderId: 7,
      orderNo: order.orderNo,
      goodsName: order.goodsName,
      viewState: 'in_use',
      periodStart: order.periodStart,
      periodEnd: order.periodEnd,
    },
  ],
  refundable: 2900,
};

let flaky = 0;

function mockOrders(list: { total: number; totalCapped: boolean } = { total: 1, totalCapped: false }) {
  flaky = 0;
  return mockApi((path, data) => {
    if (path === 'storage/abilities') return { data: { actions: ['createGoods', 'internalPurchase'] } };
    if (path === 'storage/order/list') return { data: { records: [order], ...list, pageNum: 1, pageSize: 20 } };
    if (path === 'storage/order/get') return { data: detail };
    if (path === 'storage/order/refund') return { data: { ...detail, state: 'refunded', viewState: 'refunded', actions: [] } };
    if (path === 'storage/goods/list')
      return {
        data: { records: [{ goodsId: 5, name: '30-day loop', goodsCode: 'G-1', costPrice: 1000 }], total: 1, pageNum: 1, pageSize: 100 },
      };
    if (path === 'storage/order/internal-purchase') {
      const sn = (data as { sn: string }).sn;
      if (sn === 'UNBOUND1') return { code: 23007, msg: 'The device is not bound.' };
      // The first purchase for FLAKY1 never gets its answer back (the line drops).
      if (sn === 'FLAKY1' && (flaky += 1) === 1) return Promise.reject(new TypeError('Failed to fetch'));
      return { data: order };
    }
    if (path === 'storage/order/overview')
      return {
        data: {
          counts: {
            unpaid: 1,
            cancelled: 0,
            unused: 0,
            to_be_used: 2,
            in_use: 5,
            near_expiry: 1,
            expired: 0,
            refunded: 0,
            not_effective: 0,
          },
          orders: 9,
          revenue: 12345,
          nearExpiry: 1,
          inUse: 5,
          days: [{ day: '2026-11-20', orders: 3, revenue: 9000 }],
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
  vi.restoreAllMocks();
});

describe('OrdersPanel', () => {
  it('says there are more orders than the counted ones when the server capped its count, in both locales', async () => {
    signIn(partnerOwner());
    mockOrders({ total: 10000, totalCapped: true });
    renderPage(<OrdersPanel />);
    expect(await screen.findByText('More than 10,000 orders: narrow the filter to count them')).toBeVisible();
    await setLocale('zh-CN');
    expect(await screen.findByText('超过 10,000 个订单：缩小筛选范围后可精确计数')).toBeVisible();
  });

  it('lists orders in a 31-day window, filters by SN, opens the detail and refunds with an idempotency key', async () => {
    signIn(partnerOwner());
    const { calls } = mockOrders();
    renderPage(<OrdersPanel />);
    const table = await screen.findByTestId('orders-table');
    expect(await within(table).findByText(order.orderNo)).toBeVisible();
    expect(within(table).getByText('In use')).toBeVisible();
    const first = calls.find((c) => c.path === 'storage/order/list')!.body.data as { from: number; to: number };
    expect(first.to - first.from).toBeLessThanOrEqual(31 * DAY);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('searchbox', { name: 'Device SN' }), 'ORD000001{enter}');
    expect(calls.some((c) => c.path === 'storage/order/list' && (c.body.data as { sn?: string }).sn === 'ORD000001')).toBe(true);
    await user.click(within(table).getByTestId('order-view'));
    const drawer = await screen.findByTestId('order-detail');
    expect(within(drawer).getByText('•••• 4242')).toBeVisible();
    expect(within(drawer).getByText('payment.succeeded')).toBeVisible();
    expect(within(drawer).getByTestId('plan-timeline')).toBeVisible();
    await user.click(screen.getByTestId('order-refund'));
    expect(await screen.findByText(/\$29\.00 will be returned/)).toBeVisible();
    await user.click(screen.getByTestId('refund-ok'));
    await vi.waitFor(() => expect(calls.some((c) => c.path === 'storage/order/refund')).toBe(true));
    const refund = calls.find((c) => c.path === 'storage/order/refund')!.body.data as { orderId: number; idempotencyKey: string };
    expect(refund.orderId).toBe(7);
    expect(refund.idempotencyKey.length).toBeGreaterThanOrEqual(8);
  });

  it('shows the server’s refusal of an internal purchase in the dialog', async () => {
    signIn(partnerOwner());
    mockOrders();
    renderPage(<OrdersPanel />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByTestId('internal-purchase'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Start now')).toBeVisible();
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByText('30-day loop (G-1) · $10.00'));
    await user.type(within(dialog).getByTestId('internal-sn'), 'UNBOUND1');
    await user.click(screen.getByTestId('internal-purchase-ok'));
    expect(await within(dialog).findByTestId('internal-error')).toHaveTextContent('The device is not bound.');
  });

  it('sends one idempotency key per submit attempt: a refusal ends it, a retry after no answer reuses it', async () => {
    signIn(partnerOwner());
    const { calls } = mockOrders();
    renderPage(<OrdersPanel />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByTestId('internal-purchase'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByText('30-day loop (G-1) · $10.00'));
    const sn = within(dialog).getByTestId('internal-sn');
    await user.type(sn, 'UNBOUND1');
    await user.click(screen.getByTestId('internal-purchase-ok'));
    expect(await within(dialog).findByTestId('internal-error')).toHaveTextContent('The device is not bound.');
    await user.clear(sn);
    await user.type(sn, 'FLAKY1');
    await user.click(screen.getByTestId('internal-purchase-ok'));
    await vi.waitFor(() => expect(calls.filter((c) => c.path === 'storage/order/internal-purchase')).toHaveLength(2));
    await vi.waitFor(() => expect(screen.getByTestId('internal-purchase-ok')).not.toHaveClass('ant-btn-loading'));
    await user.click(screen.getByTestId('internal-purchase-ok'));
    await vi.waitFor(() => expect(calls.filter((c) => c.path === 'storage/order/internal-purchase')).toHaveLength(3));
    const keys = calls
      .filter((c) => c.path === 'storage/order/internal-purchase')
      .map((c) => (c.body.data as { idempotencyKey: string }).idempotencyKey);
    expect(keys.every((k) => k.length >= 8)).toBe(true);
    // The refused attempt's key is not used again; the unanswered one is retried with its own.
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });

  it('shows the overview in zh-CN', async () => {
    await setLocale('zh-CN');
    signIn(partnerOwner());
    mockOrders();
    renderPage(<OverviewPanel />);
    expect(await screen.findByText('$123.45')).toBeVisible();
    expect(screen.getByText('即将过期的套餐')).toBeVisible();
    expect(screen.getAllByText('使用中').length).toBeGreaterThan(0);
  });
});
