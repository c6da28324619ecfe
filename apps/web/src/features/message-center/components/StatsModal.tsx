import { normalizeLocale, type Message } from '@portal/contract';
import { Alert, Button, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined } from '../../../components/icons';
import { useExportStats, useMessageStats } from '../api/message-api';
import { languageName } from './labels';

/** Recipients, pushed, delivered and opened per language of one message; its xlsx export. */
export function StatsModal({ message, onClose }: { message: Message | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const ui = normalizeLocale(i18n.language);
  const { data } = useMessageStats(message?.id ?? null);
  const exp = useExportStats();
  const rows = data ? [...data.byLanguage, { language: 'total' as const, ...data.total }] : [];
  return (
    <Modal
      open={!!message}
      onCancel={onClose}
      title={message ? t('messageCenter.release.statsTitle', { title: message.title }) : ''}
      width={640}
      footer={
        <Button
          icon={<DownloadOutlined />}
          loading={exp.isPending}
          disabled={!message}
          onClick={() => message && exp.mutate(message.id, { onSuccess: (r) => window.open(r.url, '_blank', 'noopener') })}
        >
          {t('messageCenter.release.export')}
        </Button>
      }
      destroyOnHidden
    >
      {data && !data.fanoutDone && data.state === 'released' && (
        <Alert type="info" showIcon title={t('messageCenter.release.statsLive')} style={{ marginBottom: 12 }} />
      )}
      <Table
        size="small"
        rowKey="language"
        pagination={false}
        dataSource={rows}
        data-testid="stats-table"
        columns={[
          {
            key: 'language',
            title: t('messageCenter.field.language'),
            render: (_, r) => (r.language === 'total' ? t('messageCenter.field.total') : languageName(r.language, ui)),
          },
          { key: 'recipients', title: t('messageCenter.field.recipients'), dataIndex: 'recipients', width: 120 },
          { key: 'pushed', title: t('messageCenter.field.pushed'), dataIndex: 'pushed', width: 110 },
          { key: 'delivered', title: t('messageCenter.field.delivered'), dataIndex: 'delivered', width: 120 },
          { key: 'opened', title: t('messageCenter.field.opened'), dataIndex: 'opened', width: 120 },
        ]}
      />
    </Modal>
  );
}
