import type { Mail } from '@portal/contract';
import { Alert, Card, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText, ListToolbar, PagedTable, useListQuery } from '../../../components/list';
import { formatDateTime } from '../../../lib/format';
import { type MailOutboxQuery, useMailOutbox } from '../api/system-api';

const STATUS_COLOR: Record<Mail['status'], string> = { queued: 'processing', sent: 'success', failed: 'error', outbox: 'default' };

function MailBody({ mail }: { mail: Mail }) {
  const { t } = useTranslation();
  const text = (
    <pre className="portal-json" style={{ maxHeight: 360 }}>
      {mail.text}
    </pre>
  );
  return (
    <div data-testid={`mail-detail-${mail.id}`}>
      {mail.error && <Alert type="error" showIcon title={mail.error} style={{ marginBottom: 12 }} />}
      {mail.html ? (
        <Tabs
          size="small"
          items={[
            {
              key: 'html',
              label: t('mail.html'),
              children: (
                <iframe
                  title={mail.subject}
                  sandbox=""
                  srcDoc={mail.html}
                  style={{ width: '100%', height: 360, border: '1px solid #eef0f3', borderRadius: 6, background: '#fff' }}
                />
              ),
            },
            { key: 'text', label: t('mail.text'), children: text },
          ]}
        />
      ) : (
        text
      )}
    </div>
  );
}

/** Mail kept in the development outbox (supplier only): invitations, codes and notices sent by the platform. */
export default function MailOutboxPage() {
  const { t } = useTranslation();
  const list = useListQuery<Omit<MailOutboxQuery, 'pageNum' | 'pageSize'>>({});
  const [to, setTo] = useState('');
  const { data, isFetching, refetch } = useMailOutbox(list.query);

  const columns: ColumnsType<Mail> = [
    { key: 'createdAt', title: t('mail.createdAt'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
    { key: 'to', title: t('mail.to'), dataIndex: 'to', width: 240, render: (v: string) => <CellText text={v} /> },
    { key: 'subject', title: t('mail.subject'), dataIndex: 'subject', minWidth: 280, render: (v: string) => <CellText text={v} /> },
    {
      key: 'status',
      title: t('mail.status'),
      dataIndex: 'status',
      width: 120,
      render: (s: Mail['status']) => <Tag color={STATUS_COLOR[s]}>{t(`mail.statuses.${s}`)}</Tag>,
    },
  ];

  return (
    <Card variant="borderless" className="portal-card">
      <ListToolbar
        search={{ value: to, onChange: setTo, placeholder: t('mail.toPlaceholder'), label: t('mail.to'), width: 280, maxLength: 254 }}
        onSearch={() => list.setFilters({ to: to.trim() || undefined })}
        onRefresh={() => void refetch()}
      >
        <Typography.Paragraph type="secondary" style={{ marginTop: -4, fontSize: 12 }}>
          {t('mail.hint')}
        </Typography.Paragraph>
      </ListToolbar>
      <PagedTable<Mail>
        rowKey="id"
        data-testid="mail-outbox-table"
        loading={isFetching}
        columns={columns}
        page={data}
        emptyText={list.query.to ? t('common.emptyFiltered') : t('mail.empty')}
        pageNum={list.query.pageNum}
        pageSize={list.query.pageSize}
        onPageChange={list.setPage}
        expandable={{ expandedRowRender: (m) => <MailBody mail={m} /> }}
      />
    </Card>
  );
}
