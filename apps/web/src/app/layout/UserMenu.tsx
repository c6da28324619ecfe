import { DownOutlined, IdcardOutlined, LogoutOutlined } from '../../components/icons';
import { Avatar, Dropdown, Space, Typography } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleKeys } from '../../lib/roles';
import { logout } from '../../lib/session/logout';
import { useSessionUser } from '../../lib/session/session-store';

/**
 * The account dialog (profile, password, e-mail and unregister forms) is loaded when first opened,
 * not with the signed-in frame every page waits for (issue 16: its forms, schemas and antd's form
 * components were a sixth of the frame's chunks).
 */
const AccountInfoModal = lazy(() => import('./AccountInfoModal').then((m) => ({ default: m.AccountInfoModal })));

export function UserMenu() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [infoOpen, setInfoOpen] = useState(false);
  // Mounted from the first opening on (so it closes with its own animation, and reopens at once).
  const [infoWanted, setInfoWanted] = useState(false);
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
            if (key === 'info') {
              setInfoWanted(true);
              setInfoOpen(true);
            }
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
      {infoWanted && (
        <Suspense fallback={null}>
          <AccountInfoModal user={user} open={infoOpen} onClose={() => setInfoOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
