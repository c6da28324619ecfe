import type { CompanyAction, PartnerAction, RegistrationAuditAction, ResourceCode } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import DownstreamCompanyPage from './DownstreamCompanyPage';

const company = (id: number, name: string, status: 'inactive' | 'active' | 'frozen', actions: CompanyAction[]) => ({
  id,
  parentId: 10,
  type: 'installer',
  level: 0,
  name,
  logo: null,
  contact: '',
  telephone: '',
  email: '',
  areaId: 1,
  status,
  userCount: status === 'inactive' ? 0 : 2,
  userLimit: 50,
  createdAt: '2025-03-01T08:00:00.000Z',
  actions,
});
const audit = (companyId: number, name: string, actions: RegistrationAuditAction[]) => ({
  id: companyId,
  companyId,
  companyName: name,
  type: 'customer',
  applicantName: 'Ann',
  applicantEmail: 'ann@example.com',
  status: 'pending',
  reason: null,
  submittedAt: '2025-03-02T08:00:00.000Z',
  decidedAt: null,
  decidedByName: null,
  actions,
});
const STATS = { total: 0, byType: [], byStatus: [], byArea: [], users: { count: 0, limit: 0 }, atLimit: [], pendingAudits: 2 };

/** The page against a server whose policy answers `abilities` for the module and the given companies and registrations. */
function mockPartnerApi(abilities: PartnerAction[], companies: ReturnType<typeof company>[], audits: ReturnType<typeof audit>[] = []) {
  return mockApi((path) => {
    if (path === 'customer/partner/abilities') return { data: { actions: abilities } };
    if (path === 'customer/partner-company/statistics') return { data: STATS };
    if (path === 'customer/company/list') return { data: { records: companies, total: companies.length, pageNum: 1, pageSize: 10 } };
    if (path === 'customer/registration-audit/page') return { data: { records: audits, total: audits.length, pageNum: 1, pageSize: 10 } };
    return undefined;
  });
}

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DownstreamCompanyPage: actions come from the server only', () => {
  it('offers no invitation when the server answers none, whatever the codes suggest', async () => {
    signIn(partnerOwner());
    mockPartnerApi([], [company(21, 'Nordic Installers', 'active', [])]);
    renderPage(<DownstreamCompanyPage />);
    expect(await within(await screen.findByTestId('company-table')).findByText('Nordic Installers')).toBeVisible();
    expect(screen.queryByTestId('invite-button')).not.toBeInTheDocument();
  });

  it('offers exactly the kinds of company the server answers', async () => {
    // Only the installer invitation code: the server lets this caller invite installers and sub-customers.
    signIn(partnerOwner({ authResList: ['dealer_account_qry', 'dealer_installerinvite_mgr'] as ResourceCode[] }));
    mockPartnerApi(['inviteInstaller', 'inviteCustomer'], []);
    const user = userEvent.setup({ delay: null });
    renderPage(<DownstreamCompanyPage />);
    await user.click(await screen.findByTestId('invite-button'));
    const form = await screen.findByTestId('invite-form');
    expect(within(form).getByText('Installer')).toBeVisible();
    expect(within(form).getByText('Sub-customer')).toBeVisible();
    expect(within(form).queryByText('Dealer')).not.toBeInTheDocument();
  });

  it('offers on each company exactly the actions answered with it', async () => {
    signIn(partnerOwner());
    mockPartnerApi(
      [],
      [
        company(21, 'Nordic Installers', 'active', ['update', 'freeze', 'remoteAccess']),
        company(22, 'Pending Installers', 'inactive', ['reinvite', 'undoInvite']),
        company(23, 'Looked-at Installers', 'frozen', []),
      ],
    );
    const user = userEvent.setup({ delay: null });
    renderPage(<DownstreamCompanyPage />);
    await within(await screen.findByTestId('company-table')).findByText('Nordic Installers');
    expect(screen.queryByTestId('more-23')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('more-21'));
    let menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Edit company', 'Freeze', 'Remote access']);

    await user.click(screen.getByTestId('more-22'));
    menu = (await screen.findByRole('menuitem', { name: 'Re-invite' })).closest('ul')!;
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Re-invite', 'Undo invite']);
  });

  it('offers a remote-access visit no invitation, re-invite or remote access when the server answers none of them', async () => {
    signIn(
      partnerOwner({ remoteAccess: { byUserId: 1, byNickName: 'Max Boss', byCoName: 'Vision HQ', expiresAt: Date.now() + 3_600_000 } }),
    );
    // What the policy answers a visit: the account's ordinary work, nothing that invites or opens remote access.
    mockPartnerApi(
      [],
      [company(21, 'Nordic Installers', 'active', ['update', 'freeze']), company(22, 'Pending Installers', 'inactive', ['undoInvite'])],
    );
    const user = userEvent.setup({ delay: null });
    renderPage(<DownstreamCompanyPage />);
    await within(await screen.findByTestId('company-table')).findByText('Nordic Installers');
    expect(screen.queryByTestId('invite-button')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('more-21'));
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Edit company', 'Freeze']);
    await user.click(screen.getByTestId('more-22'));
    const menu = (await screen.findByRole('menuitem', { name: 'Undo invite' })).closest('ul')!;
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Undo invite']);
  });

  it('offers approve and reject on a registration only as answered with it', async () => {
    signIn(partnerOwner());
    mockPartnerApi([], [], [audit(31, 'Waiting Customer', ['approve', 'reject']), audit(32, 'Viewed Customer', [])]);
    const user = userEvent.setup({ delay: null });
    renderPage(<DownstreamCompanyPage />);
    await user.click(await screen.findByRole('tab', { name: /Registration audit/ }));
    expect(await screen.findByTestId('approve-31')).toBeVisible();
    expect(screen.getByTestId('reject-31')).toBeVisible();
    expect(screen.getByText('Viewed Customer')).toBeVisible();
    expect(screen.queryByTestId('approve-32')).not.toBeInTheDocument();
    expect(screen.queryByTestId('reject-32')).not.toBeInTheDocument();
  });
});
