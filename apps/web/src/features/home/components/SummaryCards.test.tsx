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
