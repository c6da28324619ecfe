import type { UserRecord } from '@portal/contract';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR: Record<UserRecord['status'], string> = {
  normal: 'success',
  operation_locked: 'warning',
  auto_locked: 'error',
  deleted: 'default',
};

/** The account state (glossary terms), plus "not registered" for an invitee who has not set a password yet. */
export function UserStatusTag({ user }: { user: Pick<UserRecord, 'status' | 'registered'> }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <Tag color={COLOR[user.status]} data-testid="user-status">
        {t(`users.status.${user.status}`)}
      </Tag>
      {!user.registered && user.status !== 'deleted' && <Tag color="processing">{t('users.notRegistered')}</Tag>}
    </Space>
  );
}
