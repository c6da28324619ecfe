import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSessionUser } from '../lib/session/session-store';

export const INBOX_PATH = '/layout/messageCenter/messageInbox';
export const FEEDBACK_PATH = '/layout/messageCenter/messageFeedback';
export const RELEASE_PATH = '/layout/messageCenter/messageRelease';
export const DESK_PATH = '/layout/messageCenter/messageDesk';
export const PUSH_PATH = '/layout/messageCenter/messagePush';

/**
 * The message centre's child routes as tabs (one menu entry, shared by the message centre's and
 * the feedback chat's pages): the inbox and my feedback for everyone, messaging release, the
 * support desk and push settings for holders of their codes (the route table shows those routes to
 * them only).
 */
export function MessageCenterTabs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useSessionUser();
  const has = (...codes: string[]) => !!user?.authResList.some((c) => codes.includes(c));
  const items = [
    { key: INBOX_PATH, label: t('menu.messageInbox') },
    { key: FEEDBACK_PATH, label: t('menu.messageFeedback') },
    ...(has('dealer_message_qry', 'dealer_message_mgr') ? [{ key: RELEASE_PATH, label: t('menu.messageRelease') }] : []),
    ...(has('dealer_feedback_qry', 'dealer_feedback_mgr') ? [{ key: DESK_PATH, label: t('menu.messageDesk') }] : []),
    ...(has('dealer_message_mgr') ? [{ key: PUSH_PATH, label: t('menu.messagePush') }] : []),
  ];
  const active = items.find((i) => pathname.startsWith(i.key))?.key ?? INBOX_PATH;
  return <Tabs activeKey={active} onChange={(k) => void navigate(k)} items={items} style={{ marginBottom: 4 }} />;
}
