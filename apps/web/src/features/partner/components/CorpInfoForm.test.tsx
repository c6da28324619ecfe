import type { CorpInfo } from '@portal/contract';
import { VALIDATION_MESSAGES } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { CorpInfoForm } from './CorpInfoForm';

const INFO: CorpInfo = {
  id: 10,
  type: 'partner',
  name: 'Acme Security',
  contact: 'Pat',
  telephone: '+1 555 0100',
  email: 'info@acme.test',
  areaId: 1,
  logoFileId: null,
  allowSuperiorAccess: false,
  timeZone: 'Europe/Berlin',
  areaOptions: [
    { id: 1, displayName: 'Global RDC', displayNames: { 'en-US': 'Global RDC', 'zh-CN': '全球中心' } },
    { id: 2, displayName: 'Europe DC', displayNames: { 'en-US': 'Europe DC', 'zh-CN': '欧洲中心' } },
  ],
  actions: ['edit', 'setLogo', 'setRemoteAccess'],
};

beforeEach(async () => {
  await setLocale('en-US');
  signIn(partnerOwner());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CorpInfoForm', () => {
  it('validates the name, telephone and e-mail with the contract rules', async () => {
    const { calls } = mockApi();
    const user = userEvent.setup({ delay: null });
    renderPage(<CorpInfoForm info={INFO} editable />);
    await screen.findByTestId('corp-info-form');
    await user.clear(screen.getByLabelText('Company name'));
    await user.clear(screen.getByLabelText('Telephone'));
    await user.type(screen.getByLabelText('Telephone'), 'call me');
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'nope');
    await user.click(screen.getByTestId('corp-info-save'));
    expect(await screen.findByText(VALIDATION_MESSAGES.companyNameRequired.en)).toBeVisible();
    expect(await screen.findByText(VALIDATION_MESSAGES.phoneInvalid.en)).toBeVisible();
    expect(await screen.findByText(VALIDATION_MESSAGES.emailInvalid.en)).toBeVisible();
    expect(calls.filter((c) => c.path === 'customer/company-info/set')).toHaveLength(0);
  });

  it('saves the changed fields (an empty e-mail is allowed)', async () => {
    const { calls } = mockApi((path, data) =>
      path === 'customer/company-info/set' ? { data: { ...INFO, ...(data as object) } } : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderPage(<CorpInfoForm info={INFO} editable />);
    await screen.findByTestId('corp-info-form');
    await user.clear(screen.getByLabelText('Contact'));
    await user.type(screen.getByLabelText('Contact'), 'Eva');
    await user.clear(screen.getByLabelText('E-mail'));
    await user.click(screen.getByTestId('corp-info-save'));
    await waitFor(() => expect(calls.some((c) => c.path === 'customer/company-info/set')).toBe(true));
    expect(calls.find((c) => c.path === 'customer/company-info/set')!.body.data).toEqual({
      name: 'Acme Security',
      contact: 'Eva',
      telephone: '+1 555 0100',
      email: '',
    });
    expect(await screen.findByText('Company information saved.')).toBeInTheDocument();
  });

  it('shows the reporting time zone with its UTC offset and saves another one chosen by search', async () => {
    const { calls } = mockApi((path, data) =>
      path === 'customer/company-info/set' ? { data: { ...INFO, ...(data as object) } } : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderPage(<CorpInfoForm info={INFO} editable />);
    await screen.findByTestId('corp-info-form');
    const field = screen.getByLabelText('Reporting time zone');
    expect(screen.getByText(/Statistics days are cut in this time zone/)).toBeVisible();
    expect(screen.getByTestId('corp-info-time-zone')).toHaveTextContent(/\(UTC\+0[12]:00\) Europe\/Berlin/);
    await user.click(field);
    await user.type(field, 'Shanghai');
    await user.click(await screen.findByText('(UTC+08:00) Asia/Shanghai'));
    await user.click(screen.getByTestId('corp-info-save'));
    await waitFor(() => expect(calls.some((c) => c.path === 'customer/company-info/set')).toBe(true));
    expect(calls.find((c) => c.path === 'customer/company-info/set')!.body.data).toMatchObject({ timeZone: 'Asia/Shanghai' });
  });

  it('labels the zone in Chinese', async () => {
    mockApi();
    await setLocale('zh-CN');
    renderPage(<CorpInfoForm info={INFO} editable />);
    await screen.findByTestId('corp-info-form');
    expect(screen.getByLabelText('报表时区')).toBeInTheDocument();
    expect(screen.getByText(/数据统计与首页的每一天按此时区/)).toBeVisible();
  });

  it('is read-only without the operation permission', async () => {
    mockApi();
    renderPage(<CorpInfoForm info={INFO} editable={false} />);
    await screen.findByTestId('corp-info-form');
    expect(screen.getByLabelText('Company name')).toBeDisabled();
    expect(screen.queryByTestId('corp-info-save')).not.toBeInTheDocument();
  });
});
