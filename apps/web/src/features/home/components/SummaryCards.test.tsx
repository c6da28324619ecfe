/**
 * Home's figures that could not be computed (e.g. 26000 statsTimeout) are said in place of the
 * cards, in the UI's language, with Retry, which asks again and then shows the cards; no toast.
 */
import { ERROR_CATALOGUE, ErrorCodes, homeCardCount, type HomeSummary } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { SummaryCards } from './SummaryCards';

const TIMEOUT = ERROR_CATALOGUE[ErrorCodes.statsTimeout];
const SUMMARY: HomeSummary = {
  timeZone: 'UTC',
  updatedAt: Date.now(),
  devices: { total: 42, onlineRate: 0.5, sparkline: [] },
};

function summaryApi(failures: number) {
  let left = failures;
  return mockApi((path) => {
    if (path === 'home/summary') return left-- > 0 ? { code: ErrorCodes.statsTimeout, msg: TIMEOUT.en } : { data: SUMMARY };
    return undefined;
  });
}

beforeEach(async () => {
  await setLocale('en-US');
  signIn(partnerOwner());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('home summary that fails', () => {
  it('says why in place of the cards, and Retry shows them', async () => {
    const { calls } = summaryApi(1);
    const user = userEvent.setup({ delay: null });
    renderPage(<SummaryCards />);
    const alert = await screen.findByTestId('home-summary-error');
    expect(alert).toHaveTextContent(TIMEOUT.en);
    expect(document.querySelector('.portal-toast-error')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('home-card-devices')).toHaveTextContent('42');
    await waitFor(() => expect(calls.filter((c) => c.path === 'home/summary')).toHaveLength(2));
    expect(screen.queryByTestId('home-summary-error')).not.toBeInTheDocument();
  });

  it('says it in Chinese', async () => {
    await setLocale('zh-CN');
    summaryApi(5);
    renderPage(<SummaryCards />);
    expect(await screen.findByTestId('home-summary-error')).toHaveTextContent(TIMEOUT.zh);
    expect(screen.getByRole('button', { name: /^重\s?试$/ })).toBeInTheDocument();
  });
});

describe('home summary while it loads', () => {
  it('keeps the room of the cards the user’s codes give, so nothing below moves when they arrive', async () => {
    summaryApi(0);
    renderPage(<SummaryCards />);
    const loading = screen.getByTestId('home-summary-loading');
    expect(loading.children).toHaveLength(homeCardCount(partnerOwner().authResList));
    expect(loading.children.length).toBeGreaterThan(0);
    expect(await screen.findByTestId('home-card-devices')).toHaveTextContent('42');
    expect(screen.queryByTestId('home-summary-loading')).not.toBeInTheDocument();
  });
});

describe('home cards link to their filtered screens', () => {
  const FULL: HomeSummary = {
    timeZone: 'UTC',
    updatedAt: Date.now(),
    devices: { total: 42, onlineRate: 0.5, sparkline: [] },
    tasks: { inRelease: 3, paused: 1 },
    sales: { orders: 2, amount: 1999, lastWeekAmount: 500 },
    attention: { pausedByGate: 1, failedSync: 0, failedTwice: 0, onlineRateDrop: null, logsUploaded: 2 },
  };

  it('tasks in release, sales to the orders, attention to the paused tasks; uploaded logs counted', async () => {
    mockApi((path) => (path === 'home/summary' ? { data: FULL } : undefined));
    renderPage(<SummaryCards />);
    const tasks = await screen.findByTestId('home-card-tasks');
    expect(tasks).toHaveAttribute('href', '/layout/cloudUpgrade/cloudUpgradeIndex?tab=tasks&status=in_release');
    const sales = screen.getByTestId('home-card-sales');
    expect(sales).toHaveAttribute('href', '/layout/cloudStorageServiceManage/cloudStorageIndex?tab=orders');
    expect(sales).toHaveTextContent('19.99');
    expect(sales).toHaveTextContent('2 orders paid · last week 5.00');
    const attention = screen.getByTestId('home-card-attention');
    expect(attention).toHaveAttribute('href', '/layout/cloudUpgrade/cloudUpgradeIndex?tab=tasks&status=paused');
    expect(attention).toHaveTextContent('1 task paused by a gate · 2 device logs uploaded');
  });

  it('in Chinese', async () => {
    await setLocale('zh-CN');
    mockApi((path) => (path === 'home/summary' ? { data: FULL } : undefined));
    renderPage(<SummaryCards />);
    expect(await screen.findByTestId('home-card-sales')).toHaveTextContent('已支付 2 单 · 上周 5.00');
    expect(screen.getByTestId('home-card-attention')).toHaveTextContent('2 份设备日志已上传');
  });
});
