import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useNavigation } from '../lib/navigation/nav-context';

export const INBOX_PATH = '/layout/messageCenter/messageInbox';
export const FEEDBACK_PATH = '/layout/messageCenter/messageFeedback';
export const RELEASE_PATH = '/layout/messageCenter/messageRelease';
export const DESK_PATH = '/layout/messageCenter/messageDesk';
export const PUSH_PATH = '/layout/messageCenter/messagePush';

/**
 * The message centre's child routes as tabs (one menu entry, shared by the message centre's and
 * the feedback chat's pages): the inbox and my feedback for everyone; messaging release, the
 * support desk and push settings when the route table lets the user open them (useNavigation's
 * mayOpen: the routes' own access rules, not a second list of codes here).
 */
export function MessageCenterTabs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { mayOpen } = useNavigation();
  const items = [
    { key: INBOX_PATH, label: t('menu.messageInbox') },
    { key: FEEDBACK_PATH, label: t('menu.messageFeedback') },
    ...(mayOpen(RELEASE_PATH) ? [{ key: RELEASE_PATH, label: t('menu.messageRelease') }] : []),
    ...(mayOpen(DESK_PATH) ? [{ key: DESK_PATH, label: t('menu.messageDesk') }] : []),
    ...(mayOpen(PUSH_PATH) ? [{ key: PUSH_PATH, label: t('menu.messagePush') }] : []),
  ];
  const active = items.find((i) => pathname.startsWith(i.key))?.key ?? INBOX_PATH;
  return <Tabs activeKey={active} onChange={(k) => void navigate(k)} items={items} style={{ marginBottom: 4 }} />;
}
