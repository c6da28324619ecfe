/**
 * A statistic that took too long (server error 26000, statsTimeout) is shown where its chart or
 * list would be, in the UI's language, with Retry, which asks again and then draws the figures.
 */
import { ERROR_CATALOGUE, ErrorCodes, type StatsOverview } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import DeviceHealthPage from './DeviceHealthPage';
import StatsOverviewPage from './StatsOverviewPage';

// The charts themselves are echarts' business; here only whether one is drawn or the error instead.
vi.mock('../components/EChart', () => ({
  EChart: ({ label }: { label: string }) => <div role="figure" aria-label={label} />,
}));

const TIMEOUT = ERROR_CATALOGUE[ErrorCodes.statsTimeout];
const figures = { devices: 3, online: 2, onlineRate: 0.5, activations: 1, upgradeSuccess: 0, upgradeFailed: 0 };
const OVERVIEW: StatsOverview = {
  timeZone: 'Asia/Shanghai',
  updatedAt: Date.now() - 2 * 60_000,
  days: ['2026-11-20'],
  current: figures,
  previous: figures,
  trend: [{ day: '2026-11-20', ...figures }],
  versions: [{ version: 'V1.0.0', devices: 3 }],
  countries: [{ country: 'DE', devices: 3 }],
  customers: [],
  app: {
    current: { activeEndUsers: 4, sales: { orders: 1, amount: 999 } },
    previous: { activeEndUsers: 2, sales: { orders: 0, amount: 0 } },
    trend: [{ day: '2026-11-20', activeEndUsers: 4, ordersPaid: 1, salesAmount: 999 }],
  },
};
const OPTIONS = { productTypes: [], models: [], versions: [], countries: [], customers: [], timeZone: 'Asia/Shanghai' };

/** The overview times out `failures` times, then answers. */
function overviewApi(failures: number) {
  let left = failures;
  return mockApi((path) => {
    if (path === 'insight/stats/options') return { data: OPTIONS };
    if (path === 'insight/stats/overview') return left-- > 0 ? { code: ErrorCodes.statsTimeout, msg: TIMEOUT.en } : { data: OVERVIEW };
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

describe('statistics that time out', () => {
  it('shows the timeout in place of each chart, no chart, and Retry draws the figures', async () => {
    const { calls } = overviewApi(1);
    const user = userEvent.setup({ delay: null });
    renderPage(<StatsOverviewPage />);
    const trend = await screen.findByTestId('chart-trend');
    expect(await within(trend).findByText(TIMEOUT.en)).toBeVisible();
    expect(within(trend).queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.getByTestId('chart-versions-error')).toHaveTextContent(TIMEOUT.en);
    expect(calls.filter((c) => c.path === 'insight/stats/overview')).toHaveLength(1);

    await user.click(within(trend).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.filter((c) => c.path === 'insight/stats/overview')).toHaveLength(2));
    expect(await within(trend).findByRole('figure', { name: 'Daily trend' })).toBeInTheDocument();
    expect(screen.queryByText(TIMEOUT.en)).not.toBeInTheDocument();
    expect(screen.getByTestId('stats-meta')).toHaveTextContent('Days in Asia/Shanghai · updated 2 min ago');
  });

  it('says it in Chinese with 重试', async () => {
    await setLocale('zh-CN');
    overviewApi(5);
    renderPage(<StatsOverviewPage />);
    const trend = await screen.findByTestId('chart-trend');
    expect(await within(trend).findByText(TIMEOUT.zh)).toBeVisible();
    expect(within(trend).getByRole('button', { name: /^重\s?试$/ })).toBeInTheDocument();
  });

  it('the device-health list shows it in place of the table, and Retry lists the devices', async () => {
    let left = 1;
    const { calls } = mockApi((path) => {
      if (path !== 'insight/health/list') return undefined;
      if (left-- > 0) return { code: ErrorCodes.statsTimeout, msg: TIMEOUT.en };
      return { data: { records: [], total: 0, pageNum: 1, pageSize: 20 } };
    });
    const user = userEvent.setup({ delay: null });
    renderPage(<DeviceHealthPage />);
    const error = await screen.findByTestId('health-error');
    expect(error).toHaveTextContent(TIMEOUT.en);
    expect(screen.queryByTestId('health-table')).not.toBeInTheDocument();
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('health-table')).toBeInTheDocument();
    expect(screen.queryByTestId('health-error')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'insight/health/list')).toHaveLength(2);
  });
});
