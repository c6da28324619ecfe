import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BellOutlined } from '../../../components/icons';
import { useUnreadCount } from '../api/message-api';
import { INBOX_PATH } from '../../../components/MessageCenterTabs';

/** The header's unread badge: polled, so it rises and drops without a reload. */
export function UnreadBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useUnreadCount();
  const count = data?.total ?? 0;
  return (
    <Button
      type="text"
      className="portal-header-icon"
      data-testid="unread-badge"
      data-count={data ? count : undefined}
      aria-label={count ? t('messageCenter.badge', { count }) : t('messageCenter.badgeNone')}
      onClick={() => void navigate(INBOX_PATH)}
      icon={
        <Badge count={count} size="small" overflowCount={99} offset={[4, -2]}>
          <BellOutlined style={{ color: 'inherit', fontSize: 18 }} />
        </Badge>
      }
    />
  );
}
