import { type AuditState, DEFAULT_PAGE_SIZE, type RegistrationAudit } from '@portal/contract';
import { Button, Empty, Input, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchOutlined } from '../../../components/icons';
import { CellText, useAllowClear, useFittedColumns } from '../../../components/list';
import { formatDateTime, totalOptions } from '../../../lib/format';
import { type AuditQuery, useAudits } from '../api/partner-api';
import { useCompanyActions } from './CompanyActions';
import { AuditStatusTag, CompanyTypeTag } from './StatusTags';

/** Registrations waiting for (or given) approval in the caller's subtree. */
export function RegistrationAuditTable({ onOpen }: { onOpen: (companyId: number) => void }) {
  const { t } = useTranslation();
  const act = useCompanyActions();
  const allowClear = useAllowClear();
  const [query, setQuery] = useState<AuditQuery>({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE, status: 'pending' });
  const [text, setText] = useState('');
  const { data, isFetching } = useAudits(query);

  const columns: ColumnsType<RegistrationAudit> = [
    {
      key: 'company',
      title: t('partner.companies.name'),
      width: 180,
      render: (_, r) => (
        <CellText text={r.companyName}>
          <Typography.Link onClick={() => onOpen(r.companyId)}>{r.companyName}</Typography.Link>
        </CellText>
      ),
    },
    { key: 'type', title: t('partner.companies.type'), width: 150, render: (_, r) => <CompanyTypeTag type={r.type} /> },
    {
      key: 'applicant',
      title: t('partner.detail.applicant'),
      width: 200,
      render: (_, r) => (
        <div>
          <CellText text={r.applicantName} />
          <div style={{ fontSize: 12 }}>
            <CellText text={r.applicantEmail}>
              <span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>{r.applicantEmail}</span>
            </CellText>
          </div>
        </div>
      ),
    },
    {
      // The decision under the state (a pending registration has none): one column fewer at 1366 px.
      key: 'status',
      title: t('partner.companies.status'),
      width: 170,
      render: (_, r) => (
        <div>
          <AuditStatusTag status={r.status} />
          {r.reason ? (
            <Typography.Paragraph type="danger" style={{ fontSize: 12, margin: '4px 0 0' }} ellipsis={{ rows: 2, tooltip: r.reason }}>
              {t('partner.detail.reasonValue', { reason: r.reason })}
            </Typography.Paragraph>
          ) : r.decidedByName ? (
            <div style={{ fontSize: 12, marginTop: 4, color: 'rgba(0, 0, 0, 0.65)' }}>
              {t('partner.detail.decidedByAt', { name: r.decidedByName, at: formatDateTime(r.decidedAt) })}
            </div>
          ) : null}
        </div>
      ),
    },
    { key: 'submittedAt', title: t('partner.detail.submittedAt'), width: 160, render: (_, r) => formatDateTime(r.submittedAt) },
    {
      key: 'actions',
      title: t('partner.companies.actions'),
      width: 150,
      // Exactly what the server answered with the registration (the company policy).
      render: (_, r) => (
        <Space>
          {r.actions.includes('approve') && (
            <Button
              size="small"
              type="primary"
              onClick={() => act.approve({ id: r.companyId, name: r.companyName, type: r.type })}
              data-testid={`approve-${r.companyId}`}
            >
              {t('partner.decide.approve')}
            </Button>
          )}
          {r.actions.includes('reject') && (
            <Button
              size="small"
              danger
              onClick={() => act.reject({ id: r.companyId, name: r.companyName, type: r.type })}
              data-testid={`reject-${r.companyId}`}
            >
              {t('partner.decide.reject')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const fitted = useFittedColumns(columns);

  return (
    <>
      <div className="portal-toolbar">
        <Space wrap>
          <Input.Search
            allowClear={allowClear}
            // antd's own search button is named by its icon ("search"), in every language.
            enterButton={<Button icon={<SearchOutlined />} aria-label={t('common.search')} />}
            aria-label={t('partner.companies.searchPlaceholder')}
            placeholder={t('partner.companies.searchPlaceholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, searchText: v.trim() || undefined }))}
            style={{ width: 240 }}
            maxLength={100}
          />
          <Select<AuditState | 'all'>
            value={query.status ?? 'all'}
            style={{ width: 160 }}
            onChange={(v) => setQuery((q) => ({ ...q, pageNum: 1, status: v === 'all' ? undefined : v }))}
            options={[
              { value: 'all', label: t('partner.companies.allStatuses') },
              ...(['pending', 'passed', 'rejected'] as const).map((s) => ({ value: s, label: t(`partner.audit.${s}`) })),
            ]}
            aria-label={t('partner.companies.status')}
          />
        </Space>
      </div>
      <Table<RegistrationAudit>
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={fitted.columns}
        scroll={fitted.scroll}
        dataSource={data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('partner.decide.empty')} /> }}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', totalOptions(total)),
          onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
        }}
        data-testid="audit-table"
      />
    </>
  );
}
