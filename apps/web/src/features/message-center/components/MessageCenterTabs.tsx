import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSessionUser } from '../../../lib/session/session-store';

export const INBOX_PATH = '/layout/messageCenter/messageInbox';
export const RELEASE_PATH = '/layout/messageCenter/messageRelease';

/**
 * The message centre's child routes as tabs (one menu entry): the inbox for everyone, messaging
 * release for holders of its codes (the route table shows that route to them only).
 */
export function MessageCenterTabs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useSessionUser();
  const canRelease = !!user?.authResList.some((c) => c === 'dealer_message_qry' || c === 'dealer_message_mgr');
  const items = [
    { key: INBOX_PATH, label: t('messageCenter.tabs.inbox') },
    ...(canRelease ? [{ key: RELEASE_PATH, label: t('messageCenter.tabs.release') }] : []),
  ];
  return (
    <Tabs
      activeKey={pathname.startsWith(RELEASE_PATH) ? RELEASE_PATH : INBOX_PATH}
      onChange={(k) => void navigate(k)}
      items={items}
      style={{ marginBottom: 4 }}
    />
  );
}
