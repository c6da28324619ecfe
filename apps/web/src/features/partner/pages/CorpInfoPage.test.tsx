import type { CorpInfo, CorpInfoAction } from '@portal/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import CorpInfoPage from './CorpInfoPage';

const info = (actions: CorpInfoAction[]): CorpInfo => ({
  id: 10,
  type: 'partner',
  name: 'Acme Security',
  contact: 'Pat',
  telephone: '',
  email: '',
  areaId: 1,
  logoFileId: null,
  allowSuperiorAccess: false,
  timeZone: 'UTC',
  areaOptions: [{ id: 1, displayName: 'Global RDC', displayNames: { 'en-US': 'Global RDC', 'zh-CN': '全球中心' } }],
  actions,
});

beforeEach(async () => {
  await setLocale('en-US');
  // A session holding dealer_account_mgr: what the page offers must still follow the answer only.
  signIn(partnerOwner());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CorpInfoPage: what may be changed is what the server answers', () => {
  it('edits the details, the logo and the switch with all three actions', async () => {
    mockApi((path) => (path === 'customer/company-info/get' ? { data: info(['edit', 'setLogo', 'setRemoteAccess']) } : undefined));
    renderPage(<CorpInfoPage />);
    expect(await screen.findByLabelText('Company name')).toBeEnabled();
    expect(screen.getByTestId('logo-upload-button')).toBeVisible();
    expect(screen.getByTestId('remote-access-switch')).toBeEnabled();
    expect(screen.queryByText("Only the account's own users can change this switch (not during remote access).")).not.toBeInTheDocument();
  });

  it('keeps the switch for the account during a remote visit (edit and logo answered, the switch not)', async () => {
    mockApi((path) => (path === 'customer/company-info/get' ? { data: info(['edit', 'setLogo']) } : undefined));
    renderPage(<CorpInfoPage />);
    expect(await screen.findByLabelText('Company name')).toBeEnabled();
    expect(screen.getByTestId('remote-access-switch')).toBeDisabled();
    expect(screen.getByText("Only the account's own users can change this switch (not during remote access).")).toBeVisible();
  });

  it('is read-only when nothing is answered', async () => {
    mockApi((path) => (path === 'customer/company-info/get' ? { data: info([]) } : undefined));
    renderPage(<CorpInfoPage />);
    expect(await screen.findByLabelText('Company name')).toBeDisabled();
    expect(screen.queryByTestId('logo-upload-button')).not.toBeInTheDocument();
    expect(screen.getByTestId('remote-access-switch')).toBeDisabled();
    expect(screen.getByText('You can view the company information; changing it needs the account operation permission.')).toBeVisible();
  });
});
