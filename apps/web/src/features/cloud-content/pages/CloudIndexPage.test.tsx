import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { ALL_CODES, mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import CloudIndexPage from './CloudIndexPage';

beforeEach(async () => {
  await setLocale('en-US');
});

describe('CloudIndexPage', () => {
  it('offers the Terms tab to a user with the personalization code', async () => {
    signIn(partnerOwner({ authResList: [...ALL_CODES, 'dealer_cloudresource_qry', 'dealer_customweb_qry'] }));
    mockApi(() => undefined);
    renderPage(<CloudIndexPage />);
    expect(await screen.findByRole('tab', { name: 'Terms' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'FAQ types' })).toBeInTheDocument();
  });

  it('does not offer the Terms tab, whose list the server refuses (1005), without dealer_customweb_qry', async () => {
    signIn(partnerOwner({ authResList: ['dealer_cloudresource_qry'] }));
    mockApi(() => undefined);
    renderPage(<CloudIndexPage />);
    expect(await screen.findByRole('tab', { name: 'FAQ types' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Terms' })).not.toBeInTheDocument();
  });
});
