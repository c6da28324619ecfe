import type { PushSettings } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowedPaths } from '../../../app/access';
import { LAYOUT_ROUTES } from '../../../app/routes';
import { MessageCenterTabs } from '../../../components/MessageCenterTabs';
import { NavigationProvider } from '../../../lib/navigation/nav-context';
import { setLocale } from '../../../lib/i18n';
import { ALL_CODES, mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import MessagePushPage from './MessagePushPage';

const app = (over: Partial<PushSettings> = {}): PushSettings => ({
  appKeyId: 5,
  appId: 'appacme000000000000001',
  appName: 'Acme Home',
  companyName: 'Acme Vision',
  provider: 'outbox',
  credentialsMask: '',
  updatedAt: null,
  actions: ['configure', 'test'],
  ...over,
});
const page = (records: PushSettings[]) => ({ records, total: records.length, pageNum: 1, pageSize: 20 });
const MGR = [...ALL_CODES, 'dealer_message_qry', 'dealer_message_mgr'] as const;
const P8 = '-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg\n-----END PRIVATE KEY-----';

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => vi.unstubAllGlobals());

describe('MessagePushPage', () => {
  it('lists each brand app with its provider and only the masked credentials', async () => {
    signIn(partnerOwner({ authResList: [...MGR] }));
    const apns = app({
      appKeyId: 6,
      appName: 'Acme Pro',
      provider: 'apns',
      credentialsMask: 'com.acme.pro · team TEAM123456 · key ABCDE12345',
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
    const { calls } = mockApi((path) => (path === 'message/push-settings/list' ? { data: page([app(), apns]) } : undefined));
    renderPage(<MessagePushPage />);
    expect(await screen.findByText('Acme Pro')).toBeVisible();
    expect(screen.getByTestId('push-provider-5')).toHaveTextContent('Local outbox');
    expect(screen.getByTestId('push-credentials-5')).toHaveTextContent('Local outbox: no credentials');
    expect(screen.getByTestId('push-provider-6')).toHaveTextContent('APNs');
    expect(screen.getByTestId('push-credentials-6')).toHaveTextContent('Configured · com.acme.pro · team TEAM123456 · key ABCDE12345');
    // The search goes to the server.
    const search = screen.getByRole('searchbox', { name: 'Search apps by name or appId' });
    fireEvent.change(search, { target: { value: 'pro' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(calls.some((c) => c.path === 'message/push-settings/list' && (c.body.data as { keyword?: string }).keyword === 'pro')).toBe(
        true,
      ),
    );
  });

  it('saves APNs credentials (sandbox) after checking them here first', async () => {
    signIn(partnerOwner({ authResList: [...MGR] }));
    const saved = app({ provider: 'apns', credentialsMask: 'com.acme.home · team TEAM123456 · key ABCDE12345 · sandbox' });
    const { calls } = mockApi((path) => {
      if (path === 'message/push-settings/list') return { data: page([app()]) };
      if (path === 'message/push-settings/save') return { data: saved };
      return undefined;
    });
    renderPage(<MessagePushPage />);
    fireEvent.click(await screen.findByTestId('push-configure-5'));
    const form = await screen.findByTestId('push-form');
    fireEvent.click(within(form).getByText('APNs'));
    expect(await within(form).findByText(/signed with the team's \.p8 key/)).toBeVisible();
    fireEvent.change(within(form).getByLabelText('Signing key (.p8)'), { target: { value: P8 } });
    fireEvent.change(within(form).getByLabelText('Key ID'), { target: { value: 'abc' } });
    fireEvent.change(within(form).getByLabelText('Team ID'), { target: { value: 'TEAM123456' } });
    fireEvent.change(within(form).getByLabelText('Bundle ID'), { target: { value: 'com.acme.home' } });
    fireEvent.click(within(form).getByText('Sandbox (development builds)'));
    // A key id that is not 10 letters or digits: refused here, nothing sent.
    fireEvent.click(screen.getByTestId('push-save'));
    await waitFor(() => expect(within(form).getByLabelText('Key ID')).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.some((c) => c.path === 'message/push-settings/save')).toBe(false);
    fireEvent.change(within(form).getByLabelText('Key ID'), { target: { value: 'ABCDE12345' } });
    fireEvent.click(screen.getByTestId('push-save'));
    await waitFor(() => expect(calls.some((c) => c.path === 'message/push-settings/save')).toBe(true));
    expect(calls.find((c) => c.path === 'message/push-settings/save')!.body.data).toEqual({
      appKeyId: 5,
      provider: 'apns',
      apns: { privateKeyP8: P8, keyId: 'ABCDE12345', teamId: 'TEAM123456', bundleId: 'com.acme.home', production: false },
    });
    expect(await screen.findByText('Push settings saved.')).toBeVisible();
    await waitFor(() => expect(screen.queryByTestId('push-form')).not.toBeInTheDocument());
  });

  it('shows a refusal of the server in the drawer, and the stored credentials masked', async () => {
    signIn(partnerOwner({ authResList: [...MGR] }));
    const fcm = app({ provider: 'fcm', credentialsMask: 'push@acme.iam.gserviceaccount.com · acme · key …9f3a' });
    const { calls } = mockApi((path) => {
      if (path === 'message/push-settings/list') return { data: page([fcm]) };
      if (path === 'message/push-settings/save')
        return { code: 27009, msg: 'The push credentials cannot be used: the service account has no client_email' };
      return undefined;
    });
    renderPage(<MessagePushPage />);
    fireEvent.click(await screen.findByTestId('push-configure-5'));
    expect(await screen.findByTestId('push-stored')).toHaveTextContent(
      'FCM is configured: push@acme.iam.gserviceaccount.com · acme · key …9f3a',
    );
    const form = screen.getByTestId('push-form');
    // The stored secret is not filled in.
    expect(within(form).getByLabelText('Service account (JSON)')).toHaveValue('');
    fireEvent.change(within(form).getByLabelText('Service account (JSON)'), { target: { value: '{"project_id":"acme"}' } });
    fireEvent.click(screen.getByTestId('push-save'));
    expect(await screen.findByTestId('push-save-error')).toHaveTextContent('the service account has no client_email');
    expect(calls.find((c) => c.path === 'message/push-settings/save')!.body.data).toEqual({
      appKeyId: 5,
      provider: 'fcm',
      fcm: { serviceAccountJson: '{"project_id":"acme"}' },
    });
    // Back to the outbox: no credentials asked.
    fireEvent.click(within(form).getByText('Local outbox'));
    await waitFor(() => expect(within(form).queryByLabelText('Service account (JSON)')).not.toBeInTheDocument());
    expect(screen.queryByTestId('push-stored')).not.toBeInTheDocument();
  });

  it('test-sends to a token and shows what the provider answered, in both locales', async () => {
    signIn(partnerOwner({ authResList: [...MGR] }));
    let answer = { result: 'sent', detail: '' };
    const { calls } = mockApi((path) => {
      if (path === 'message/push-settings/list')
        return { data: page([app({ provider: 'apns', credentialsMask: 'com.acme.home · team T · key K' })]) };
      if (path === 'message/push-settings/test-send') return { data: answer };
      return undefined;
    });
    renderPage(<MessagePushPage />);
    fireEvent.click(await screen.findByTestId('push-test-5'));
    expect(await screen.findByTestId('push-test-provider')).toHaveTextContent('APNs · com.acme.home · team T · key K');
    const send = screen.getByTestId('push-test-send');
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Device token'), { target: { value: ' tok-123 ' } });
    fireEvent.click(send);
    expect(await screen.findByTestId('push-test-result')).toHaveTextContent('Sent: the provider accepted the push.');
    // An APNs app tries an iOS token by default.
    expect(calls.find((c) => c.path === 'message/push-settings/test-send')!.body.data).toEqual({
      appKeyId: 5,
      platform: 'ios',
      token: 'tok-123',
    });
    answer = { result: 'deadToken', detail: 'BadDeviceToken' };
    await setLocale('zh-CN');
    fireEvent.change(screen.getByLabelText('设备令牌'), { target: { value: 'tok-old' } });
    fireEvent.click(screen.getByTestId('push-test-send'));
    const result = await screen.findByTestId('push-test-result');
    expect(result).toHaveTextContent('推送服务答复此令牌已失效。');
    expect(result).toHaveTextContent('BadDeviceToken');
  });

  it('offers only what the server answers: a remote-access visit can test-send but not configure', async () => {
    signIn(partnerOwner({ authResList: [...MGR] }));
    mockApi((path) => (path === 'message/push-settings/list' ? { data: page([app({ actions: ['test'] })]) } : undefined));
    renderPage(<MessagePushPage />);
    expect(await screen.findByTestId('push-test-5')).toBeVisible();
    expect(screen.queryByTestId('push-configure-5')).not.toBeInTheDocument();
  });
});

describe('MessageCenterTabs', () => {
  /** The tabs as the layout gives them: which pages the route table lets the user open. */
  const tabsFor = (user: ReturnType<typeof partnerOwner>) => {
    signIn(user);
    const open = allowedPaths(LAYOUT_ROUTES, user);
    return renderPage(
      <NavigationProvider value={{ menus: [], leaves: [], mayOpen: (p) => open.has(p) }}>
        <MessageCenterTabs />
      </NavigationProvider>,
    );
  };

  it('offers the pages the route table opens to the user: push settings to holders of dealer_message_mgr only', async () => {
    mockApi();
    const { unmount } = tabsFor(partnerOwner({ authResList: [...ALL_CODES, 'dealer_message_qry'] }));
    expect(await screen.findByRole('tab', { name: 'Messaging release' })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Push settings' })).not.toBeInTheDocument();
    unmount();
    tabsFor(partnerOwner({ authResList: [...MGR] }));
    expect(await screen.findByRole('tab', { name: 'Push settings' })).toBeVisible();
  });

  it('shows only the inbox and my feedback when the navigation opens nothing else', async () => {
    mockApi();
    signIn(partnerOwner({ authResList: [...MGR] }));
    renderPage(<MessageCenterTabs />);
    expect(await screen.findByRole('tab', { name: 'Inbox' })).toBeVisible();
    expect(screen.getAllByRole('tab')).toHaveLength(2);
  });
});
