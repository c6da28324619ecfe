import { CopyOutlined, ExportOutlined } from '../../../components/icons';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';

export interface RemoteLink {
  companyName: string;
  path: string;
  expiresAt: number;
  sessionMinutes: number;
}

/** The one-time remote-access link: opened in a new tab (its own session), never in this one. */
export function RemoteAccessLinkModal({ link, onClose }: { link: RemoteLink | null; onClose: () => void }) {
  const { t } = useTranslation();
  const url = link ? `${window.location.origin}${link.path}` : '';
  return (
    <Modal
      open={!!link}
      title={link ? t('partner.remote.title', { name: link.companyName }) : ''}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {link && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Alert
            type="warning"
            showIcon
            title={t('partner.remote.linkReady', { until: formatDateTime(link.expiresAt), minutes: link.sessionMinutes })}
          />
          <Input readOnly value={url} data-testid="remote-link" />
          <Space>
            <Button
              type="primary"
              icon={<ExportOutlined />}
              href={url}
              target="_blank"
              rel="noopener"
              onClick={onClose}
              data-testid="remote-open"
            >
              {t('partner.remote.openLink')}
            </Button>
            <Button
              icon={<CopyOutlined />}
              onClick={() =>
                void navigator.clipboard?.writeText(url).then(() => notify('success', 'partner-copy', t('partner.remote.copied')))
              }
            >
              {t('partner.remote.copy')}
            </Button>
          </Space>
        </Space>
      )}
    </Modal>
  );
}
