import type { ChatMessageItem, Conversation } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { ALL_CODES, mockApi, partnerOwner, signIn } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { ChatBadge } from '../components/ChatBadge';
import MyFeedbackPage from './MyFeedbackPage';
import SupportDeskPage from './SupportDeskPage';

const conversation = (over: Partial<Conversation> = {}): Conversation => ({
  id: 7,
  topic: 'Camera offline',
  state: 'open',
  requesterKind: 'user',
  requesterName: 'Dana Dealer',
  requesterOrigin: 'Dealer A1',
  requesterLocale: 'en-US',
  deskCompanyName: 'Acme Vision',
  device: { id: 3, sn: 'SN0001', model: 'IPC-200' },
  assigneeId: null,
  assigneeName: '',
  lastSeq: 3,
  unread: 1,
  lastMessageText: 'Please restart it.',
  lastMessageAt: '2026-11-20T10:00:00.000Z',
  waitingSince: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  resolvedAt: null,
  csat: null,
  actions: [],
  ...over,
});

const message = (seq: number, over: Partial<ChatMessageItem> = {}): ChatMessageItem => ({
  id: seq,
  conversationId: 7,
  seq,
  side: 'requester',
  internal: false,
  senderName: 'Dana Dealer',
  text: `message ${seq}`,
  files: [],
  clientId: `c${seq}`,
  createdAt: '2026-11-20T09:00:00.000Z',
  read: true,
  ...over,
});

const page = (records: Conversation[]) => ({ records, total: records.length, pageNum: 1, pageSize: 20 });
const FEEDBACK_CODES = ['dealer_feedback_qry', 'dealer_feedback_mgr'] as const;

beforeEach(async () => {
  await setLocale('en-US');
});
afterEach(() => vi.unstubAllGlobals());

describe('MyFeedbackPage', () => {
  it("lists the caller's conversations and shows a thread without the desk's notes, with a rating once resolved", async () => {
    signIn(partnerOwner());
    const resolved = conversation({ state: 'resolved', actions: ['send', 'rate'] });
    const { calls } = mockApi((path) => {
      if (path === 'feedback/list') return { data: page([resolved]) };
      if (path === 'feedback/get') return { data: resolved };
      if (path === 'feedback/history')
        return {
          data: { messages: [message(1), message(2, { side: 'desk', senderName: 'Desk' })], lastSeq: 2, otherReadSeq: 2, more: false },
        };
      if (path === 'feedback/read') return { data: { unread: 0 } };
      if (path === 'feedback/rate')
        return { data: { ...resolved, csat: { score: 5, comment: '', at: '2026-11-20T11:00:00.000Z' }, actions: [] } };
      return undefined;
    });
    renderPage(<MyFeedbackPage />);
    fireEvent.click(await screen.findByTestId('conversation-open-7'));
    const thread = await screen.findByTestId('chat-thread');
    expect(await within(thread).findByText('message 2')).toBeVisible();
    expect(screen.getByTestId('rate-form')).toBeVisible();
    // Read up to the last seq.
    await waitFor(() => expect(calls.some((c) => c.path === 'feedback/read' && (c.body.data as { seq: number }).seq === 2)).toBe(true));
    // No note box for a requester, and no call for the desk's canned replies (refused, 1005).
    expect(screen.queryByTestId('chat-internal')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'feedback/canned/list')).toHaveLength(0);
  });

  it('offers no composer when the server answers no send', async () => {
    signIn(partnerOwner());
    const closed = conversation({ state: 'resolved', actions: [] });
    mockApi((path) => {
      if (path === 'feedback/list') return { data: page([closed]) };
      if (path === 'feedback/get') return { data: closed };
      if (path === 'feedback/history') return { data: { messages: [message(1)], lastSeq: 1, otherReadSeq: 1, more: false } };
      if (path === 'feedback/read') return { data: { unread: 0 } };
      return undefined;
    });
    renderPage(<MyFeedbackPage />);
    fireEvent.click(await screen.findByTestId('conversation-open-7'));
    expect(await screen.findByText('This conversation is closed for new messages.')).toBeVisible();
    expect(screen.queryByTestId('chat-send')).not.toBeInTheDocument();
  });
});

describe('SupportDeskPage', () => {
  it('shows the desk its queue, the answered moves, internal notes and canned replies', async () => {
    signIn(partnerOwner({ authResList: [...ALL_CODES, ...FEEDBACK_CODES] }));
    const open = conversation({ actions: ['reply', 'note', 'pend', 'resolve', 'assign'] });
    const { calls } = mockApi((path) => {
      if (path === 'feedback/desk/list') return { data: page([open]) };
      if (path === 'feedback/desk/get') return { data: open };
      if (path === 'feedback/desk/history')
        return {
          data: {
            messages: [message(1), message(2, { side: 'desk', internal: true, text: 'VIP customer', senderName: 'Pat' })],
            lastSeq: 2,
            otherReadSeq: 1,
            more: false,
          },
        };
      if (path === 'feedback/desk/read') return { data: { unread: 0 } };
      if (path === 'feedback/canned/list')
        return {
          data: [
            {
              id: 1,
              language: 'en-US',
              title: 'Restart',
              text: 'Please restart the device.',
              updatedAt: '2026-11-20T09:00:00.000Z',
              actions: [],
            },
          ],
        };
      if (path === 'feedback/desk/staff/list') return { data: [{ userId: 10, name: 'Pat', available: true, cap: 10, active: 1 }] };
      if (path === 'feedback/desk/reply') return { data: message(3, { side: 'desk', text: 'Please restart the device.' }) };
      return undefined;
    });
    renderPage(<SupportDeskPage />);
    fireEvent.click(await screen.findByTestId('desk-open-7'));
    expect(await screen.findByText('VIP customer')).toBeVisible();
    expect(screen.getByText('Internal note')).toBeVisible();
    expect(screen.getByTestId('conversation-resolve')).toBeVisible();
    expect(screen.queryByTestId('conversation-reopen')).not.toBeInTheDocument();
    expect(screen.getByText('IPC-200 · SN0001')).toBeVisible();
    // A canned reply fills the box; send answers the requester (not a note).
    fireEvent.mouseDown(within(screen.getByTestId('canned-select')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Restart (en-US)'));
    expect(screen.getByTestId('chat-input')).toHaveValue('Please restart the device.');
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(calls.some((c) => c.path === 'feedback/desk/reply')).toBe(true));
    const sent = calls.find((c) => c.path === 'feedback/desk/reply')!.body.data as { text: string; internal: boolean; clientId: string };
    expect(sent).toMatchObject({ text: 'Please restart the device.', internal: false });
    expect(sent.clientId).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe('SupportDeskPage staff', () => {
  const staff = [
    { userId: 10, name: 'Pat', available: true, cap: 10, active: 2 },
    { userId: 11, name: 'Sam', available: false, cap: 3, active: 3 },
  ];

  it('lets a desk admin set a member’s availability and cap, in both locales', async () => {
    signIn(partnerOwner({ authResList: [...ALL_CODES, ...FEEDBACK_CODES] }));
    const { calls } = mockApi((path, data) => {
      if (path === 'feedback/desk/list') return { data: page([]) };
      if (path === 'feedback/desk/staff/list') return { data: staff };
      if (path === 'feedback/desk/abilities') return { data: { actions: ['createCannedReply', 'manageStaff'] } };
      if (path === 'feedback/desk/staff/save') {
        const d = data as { userId: number; available: boolean; cap: number };
        return { data: { ...staff.find((s) => s.userId === d.userId)!, ...d } };
      }
      return undefined;
    });
    renderPage(<SupportDeskPage />);
    fireEvent.click(await screen.findByText('Staff'));
    const table = await screen.findByTestId('desk-staff');
    expect(await within(table).findByText('Pat')).toBeVisible();
    expect(within(table).getByTestId('staff-active-11')).toHaveTextContent('3 of 3');
    // Nothing changed, nothing to save.
    expect(screen.getByTestId('staff-save-10')).toBeDisabled();
    fireEvent.click(screen.getByRole('switch', { name: 'Pat takes new conversations' }));
    const cap = screen.getByRole('spinbutton', { name: 'Cap of active conversations for Pat' });
    fireEvent.change(cap, { target: { value: '5' } });
    fireEvent.blur(cap);
    fireEvent.click(screen.getByTestId('staff-save-10'));
    await waitFor(() => expect(calls.some((c) => c.path === 'feedback/desk/staff/save')).toBe(true));
    expect(calls.find((c) => c.path === 'feedback/desk/staff/save')!.body.data).toEqual({ userId: 10, available: false, cap: 5 });
    expect(await screen.findByText("Saved Pat's availability and cap.")).toBeVisible();

    await setLocale('zh-CN');
    expect(await screen.findByRole('switch', { name: 'Sam 接收新会话' })).toBeVisible();
    expect(screen.getByRole('spinbutton', { name: 'Sam 的进行中会话上限' })).toBeVisible();
    expect(screen.getByRole('columnheader', { name: '进行中会话' })).toBeVisible();
  });

  it('shows a desk member the server does not let manage the staff the same table, read-only', async () => {
    signIn(partnerOwner({ authResList: [...ALL_CODES, 'dealer_feedback_qry'] }));
    mockApi((path) => {
      if (path === 'feedback/desk/list') return { data: page([]) };
      if (path === 'feedback/desk/staff/list') return { data: staff };
      if (path === 'feedback/desk/abilities') return { data: { actions: [] } };
      return undefined;
    });
    renderPage(<SupportDeskPage />);
    fireEvent.click(await screen.findByText('Staff'));
    expect(await screen.findByRole('switch', { name: 'Pat takes new conversations' })).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: 'Cap of active conversations for Sam' })).toBeDisabled();
    expect(screen.queryByTestId('staff-save-10')).not.toBeInTheDocument();
  });
});

describe('ChatBadge', () => {
  it('shows the unread count it is answered, in both locales', async () => {
    signIn(partnerOwner());
    mockApi((path) => (path === 'feedback/unread' ? { data: { total: 3, mine: 2, desk: 1 } } : undefined));
    renderPage(<ChatBadge />);
    await waitFor(() => expect(screen.getByTestId('chat-badge')).toHaveAttribute('data-count', '3'));
    expect(screen.getByRole('button', { name: 'Chat, 3 unread' })).toBeVisible();
    await setLocale('zh-CN');
    expect(await screen.findByRole('button', { name: '会话，3条未读' })).toBeVisible();
  });
});

describe('SupportDeskPage canned replies', () => {
  const reply = (id: number, title: string, actions: string[]) => ({
    id,
    language: 'en-US',
    title,
    text: `${title} text`,
    updatedAt: '2026-11-20T09:00:00.000Z',
    actions,
  });

  it('offers New, Edit and Delete exactly as the server answers them, whatever the codes', async () => {
    // Every code: the answers decide. The desk offers no New; one reply may be edited, the other deleted.
    signIn(partnerOwner({ authResList: [...ALL_CODES, ...FEEDBACK_CODES] }));
    const { calls } = mockApi((path) => {
      if (path === 'feedback/desk/list') return { data: page([]) };
      if (path === 'feedback/desk/abilities') return { data: { actions: [] } };
      if (path === 'feedback/canned/list') return { data: [reply(1, 'Restart', ['edit']), reply(2, 'Reset', ['delete'])] };
      return undefined;
    });
    renderPage(<SupportDeskPage />);
    fireEvent.click(await screen.findByText('Canned replies'));
    const restart = (await screen.findByText('Restart')).closest('tr')!;
    const reset = screen.getByText('Reset').closest('tr')!;
    expect(within(restart).getByRole('button', { name: /Edit/ })).toBeVisible();
    expect(within(restart).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(reset).getByRole('button', { name: /Delete/ })).toBeVisible();
    expect(within(reset).queryByRole('button', { name: /Edit/ })).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.path === 'feedback/desk/abilities')).toBe(true));
    expect(screen.queryByTestId('canned-new')).toBeNull();
  });

  it('offers New when the desk answers createCannedReply, and no actions column for a reader', async () => {
    signIn(partnerOwner({ authResList: [] }));
    mockApi((path) => {
      if (path === 'feedback/desk/list') return { data: page([]) };
      if (path === 'feedback/desk/abilities') return { data: { actions: ['createCannedReply'] } };
      if (path === 'feedback/canned/list') return { data: [reply(1, 'Restart', [])] };
      return undefined;
    });
    renderPage(<SupportDeskPage />);
    fireEvent.click(await screen.findByText('Canned replies'));
    expect(await screen.findByTestId('canned-new')).toBeVisible();
    expect(await screen.findByText('Restart')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});
