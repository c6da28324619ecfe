import { DownOutlined, IdcardOutlined, LogoutOutlined } from '../../components/icons';
import { Avatar, Dropdown, Space, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleKeys } from '../../lib/roles';
import { logout } from '../../lib/session/logout';
import { useSessionUser } from '../../lib/session/session-store';
import { preloadableLazy, withChunkTimeout } from '../../lib/lazy-page';

/**
 * The account dialog (its forms: profile, password, e-mail, unregister) is a chunk of its own,
 * fetched when the menu opens: every signed-in page would otherwise download antd's forms for a
 * dialog seldom opened (issue 16).
 */
const AccountInfoModal = preloadableLazy(() =>
  withChunkTimeout(() => import('./AccountInfoModal')).then((m) => ({ default: m.AccountInfoModal })),
);

export function UserMenu() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [infoOpen, setInfoOpen] = useState(false);
  // Drawn from its first opening on (so that closing it still animates).
  const [infoShown, setInfoShown] = useState(false);
  if (!user) return null;
  const { typeKey } = roleKeys(user);
  return (
    <>
      <Dropdown
        trigger={['click']}
        onOpenChange={(open) => {
          if (open) void AccountInfoModal.preload().catch(() => undefined);
        }}
        menu={{
          items: [
            { key: 'info', icon: <IdcardOutlined />, label: t('layout.accountInfo') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'info') {
              setInfoShown(true);
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
            {/* The initial is decoration, drawn by CSS (styles.css .portal-avatar-initial): no text
                of its own, so the button's visible text is the name and role its label starts with. */}
            <Avatar
              size={28}
              style={{ background: '#1677ff' }}
              aria-hidden
              icon={<span className="portal-avatar-initial" data-initial={user.nickName.charAt(0).toUpperCase()} />}
            />
            <span className="portal-user-text">
              <Typography.Text className="portal-user-name" ellipsis>
                {user.nickName}
              </Typography.Text>{' '}
              {/* A space between name and role (not drawn in the column): the visible text reads
                  "Bench Owner Partner", as the button's label does, not "Bench OwnerPartner". */}
              <Typography.Text className="portal-user-role" ellipsis>
                {t(typeKey)}
              </Typography.Text>
            </span>
            <DownOutlined style={{ fontSize: 10, color: 'rgba(255,255,255,0.65)' }} />
          </Space>
        </button>
      </Dropdown>
      {infoShown && (
        <Suspense fallback={null}>
          <AccountInfoModal user={user} open={infoOpen} onClose={() => setInfoOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
