import { SafetyCertificateOutlined } from '../../../components/icons';
import type { CorpInfo } from '@portal/contract';
import { App, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useSetRemoteAccess } from '../api/partner-api';

/** The account's consent to remote access by its superior (DOMAIN §2); administrators are e-mailed on change. */
export function RemoteAccessSwitch({ info }: { info: CorpInfo }) {
  const { t } = useTranslation();
  const canSwitch = info.actions.includes('setRemoteAccess');
  // Allowed to edit the company but not this switch: a superior's remote-access visit.
  const lockedForVisit = !canSwitch && info.actions.includes('edit');
  const { modal } = App.useApp();
  const set = useSetRemoteAccess();
  const change = (allow: boolean) =>
    modal.confirm({
      title: t('partner.corp.allowSuperior'),
      content: t(allow ? 'partner.corp.turnOnConfirm' : 'partner.corp.turnOffConfirm'),
      okButtonProps: { danger: !allow },
      onOk: async () => {
        try {
          const r = await set.mutateAsync(allow);
          notify(
            'success',
            'partner-remote',
            allow
              ? t('partner.corp.turnedOn')
              : r.endedSessions
                ? t('partner.corp.endedSessions', { count: r.endedSessions })
                : t('partner.corp.turnedOff'),
          );
        } catch {
          /* shown by the API client */
        }
      },
    });
  return (
    <Flex vertical gap={8} style={{ maxWidth: 640 }}>
      <Flex align="center" gap={12}>
        <SafetyCertificateOutlined style={{ fontSize: 20, color: '#1677ff' }} />
        <Typography.Text strong>{t('partner.corp.allowSuperior')}</Typography.Text>
        <Switch
          checked={info.allowSuperiorAccess}
          disabled={!canSwitch}
          loading={set.isPending}
          onChange={change}
          data-testid="remote-access-switch"
          aria-label={t('partner.corp.allowSuperior')}
        />
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('partner.corp.allowSuperiorHint')}
      </Typography.Paragraph>
      {lockedForVisit && <Typography.Text type="warning">{t('partner.corp.remoteLocked')}</Typography.Text>}
    </Flex>
  );
}
