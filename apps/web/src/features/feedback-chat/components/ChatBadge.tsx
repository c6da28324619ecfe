import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CommentOutlined } from '../../../components/icons';
import { DESK_PATH, FEEDBACK_PATH } from '../../../components/MessageCenterTabs';
import { useChatUnread } from '../api/feedback-api';

/** The header's chat badge: unread desk replies of the caller's conversations, and the desk's unread for its staff; polled. */
export function ChatBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useChatUnread();
  const count = data?.total ?? 0;
  return (
    <Button
      type="text"
      className="portal-header-icon"
      data-testid="chat-badge"
      data-count={data ? count : undefined}
      aria-label={count ? t('feedbackChat.badge', { count }) : t('feedbackChat.badgeNone')}
      onClick={() => void navigate(data && data.mine === 0 && data.desk > 0 ? DESK_PATH : FEEDBACK_PATH)}
      icon={
        <Badge count={count} size="small" overflowCount={99} offset={[4, -2]}>
          <CommentOutlined style={{ color: 'inherit', fontSize: 18 }} />
        </Badge>
      }
    />
  );
}
