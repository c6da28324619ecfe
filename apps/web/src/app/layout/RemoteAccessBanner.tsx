import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { logout } from '../../lib/session/logout';
import { useSessionUser } from '../../lib/session/session-store';

/** Shown while a superior works in this account through remote access; everything is logged on its behalf. */
export function RemoteAccessBanner() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const ra = user?.remoteAccess;
  if (!user || !ra) return null;
  return (
    <Alert
      banner
      type="warning"
      showIcon
      data-testid="remote-access-banner"
      title={t('layout.remoteAccess', {
        by: ra.byNickName,
        byCompany: ra.byCoName,
        account: user.nickName,
        company: user.coName,
        until: formatDateTime(ra.expiresAt),
      })}
      action={
        <Button size="small" onClick={() => void logout()}>
          {t('layout.endRemoteAccess')}
        </Button>
      }
    />
  );
}
