import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, type Mail } from '@portal/contract';
import { Alert, Button, Card, Empty, Input, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { type MailOutboxQuery, useMailOutbox } from '../api/system-api';

const STATUS_COLOR: Record<Mail['status'], string> = { queued: 'processing', sent: 'success', failed: 'error', outbox: 'default' };

function MailBody({ mail }: { mail: Mail }) {
  const { t } = useTranslation();
  const text = <pre className="portal-json" style={{ maxHeight: 360 }}>{mail.text}</pre>;
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
              children: <iframe title={mail.subject} sandbox="" srcDoc={mail.html} style={{ width: '100%', height: 360, border: '1px solid #eef0f3', borderRadius: 6, background: '#fff' }} />,
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
  const [query, setQuery] = useState<MailOutboxQuery>({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [to, setTo] = useState('');
  const { data, isFetching, refetch } = useMailOutbox(query);
  const search = () => setQuery((q) => ({ ...q, pageNum: 1, to: to.trim() || undefined }));

  const columns: ColumnsType<Mail> = [
    { key: 'createdAt', title: t('mail.createdAt'), dataIndex: 'createdAt', width: 190, render: (v: string) => formatDateTime(v) },
    { key: 'to', title: t('mail.to'), dataIndex: 'to', width: 240, ellipsis: true },
    { key: 'subject', title: t('mail.subject'), dataIndex: 'subject', ellipsis: true },
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
      <div className="portal-toolbar">
        <Space wrap>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('mail.toPlaceholder')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            onPressEnter={search}
            style={{ width: 280 }}
            maxLength={254}
            aria-label={t('mail.to')}
          />
          <Button type="primary" icon={<SearchOutlined />} onClick={search}>
            {t('common.search')}
          </Button>
        </Space>
        <Tooltip title={t('common.refresh')}>
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()} aria-label={t('common.refresh')} />
        </Tooltip>
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: -4, fontSize: 12 }}>
        {t('mail.hint')}
      </Typography.Paragraph>
      <Table<Mail>
        rowKey="id"
        size="middle"
        data-testid="mail-outbox-table"
        loading={isFetching}
        columns={columns}
        dataSource={data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} /> }}
        expandable={{ expandedRowRender: (m) => <MailBody mail={m} /> }}
        scroll={{ x: 800 }}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum: pageSize !== q.pageSize ? 1 : pageNum, pageSize })),
        }}
      />
    </Card>
  );
}
