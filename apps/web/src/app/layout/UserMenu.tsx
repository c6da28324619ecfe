import { DownOutlined, IdcardOutlined, LogoutOutlined } from '../../components/icons';
import { Avatar, Dropdown, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleKeys } from '../../lib/roles';
import { logout } from '../../lib/session/logout';
import { useSessionUser } from '../../lib/session/session-store';
import { AccountInfoModal } from './AccountInfoModal';

export function UserMenu() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [infoOpen, setInfoOpen] = useState(false);
  if (!user) return null;
  const { typeKey } = roleKeys(user);
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'info', icon: <IdcardOutlined />, label: t('layout.accountInfo') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'info') setInfoOpen(true);
            if (key === 'logout') void logout();
          },
        }}
      >
        <button
          type="button"
          className="portal-user-trigger"
          data-testid="user-menu"
          aria-label={t('layout.userMenu', { name: user.nickName, role: t(typeKey) })}
        >
          <Space size={8}>
            <Avatar size={28} style={{ background: '#1677ff' }}>
              {user.nickName.charAt(0).toUpperCase()}
            </Avatar>
            <span className="portal-user-text">
              <Typography.Text className="portal-user-name" ellipsis>
                {user.nickName}
              </Typography.Text>
              <Typography.Text className="portal-user-role" ellipsis>
                {t(typeKey)}
              </Typography.Text>
            </span>
            <DownOutlined style={{ fontSize: 10, color: 'rgba(255,255,255,0.65)' }} />
          </Space>
        </button>
      </Dropdown>
      <AccountInfoModal user={user} open={infoOpen} onClose={() => setInfoOpen(false)} />
    </>
  );
}
