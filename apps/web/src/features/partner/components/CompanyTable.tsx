import { DownOutlined } from '../../../components/icons';
import { type Company, type CompanyAction, companyCalls, type CompanyType, DEFAULT_PAGE_SIZE } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Empty, Progress, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText, EXPAND_COLUMN_WIDTH, useFittedColumns } from '../../../components/list';
import { call } from '../../../lib/api/client';
import { useAreaName } from '../../../lib/areas';
import { formatDateTime, totalOptions } from '../../../lib/format';
import { useSessionUser } from '../../../lib/session/session-store';
import { type CompanyListQuery, partnerKeys, useCompanies } from '../api/partner-api';
import { useCompanyActions } from './CompanyActions';
import { CompanyStatusTag, CompanyTypeTag } from './StatusTags';

/** The parent's name: the caller's own company from the session, others fetched once and cached. */
function ParentName({ parentId }: { parentId: number | null }) {
  const user = useSessionUser();
  const own = parentId === user?.coId;
  const { data } = useQuery({
    queryKey: partnerKeys.companyName(parentId),
    queryFn: ({ signal }) => call(companyCalls.get, { companyId: parentId! }, { signal, silent: true }),
    enabled: parentId !== null && !own,
    staleTime: 60_000,
  });
  if (parentId === null) return <>-</>;
  return <CellText text={own ? user?.coName : (data?.name ?? `#${parentId}`)} />;
}

function AreaName({ areaId }: { areaId: number | null }) {
  const user = useSessionUser();
  const areaName = useAreaName();
  const area = user?.areaList.find((a) => a.id === areaId);
  return <CellText text={area ? areaName(area) : areaId ? `#${areaId}` : ''} />;
}

const HAS_CHILDREN: readonly CompanyType[] = ['partner', 'distributor', 'installer'];

interface Props {
  query: CompanyListQuery;
  onQueryChange?: (q: CompanyListQuery) => void;
  onOpen: (companyId: number) => void;
  /** Nested tables (children of a row) are compact and show no parent column. */
  nested?: boolean;
  emptyText?: string;
}

/** Companies with their state, users against the limit and quick operations; a row expands to its children. */
export function CompanyTable({ query, onQueryChange, onOpen, nested, emptyText }: Props) {
  const { t } = useTranslation();
  const act = useCompanyActions();
  const { data, isFetching } = useCompanies(query);

  /** Exactly the actions the server answered with the company (its policy), in its order. */
  const menuFor = (c: Company) => {
    const item: Record<CompanyAction, { label: string; danger?: boolean; onClick: () => void }> = {
      update: { label: t('partner.edit.title'), onClick: () => act.edit(c) },
      freeze: { label: t('partner.freeze.freeze'), danger: true, onClick: () => act.freeze(c, true) },
      unfreeze: { label: t('partner.freeze.unfreeze'), onClick: () => act.freeze(c, false) },
      reinvite: { label: t('partner.invite.reinvite'), onClick: () => act.reinvite(c) },
      undoInvite: { label: t('partner.invite.undo'), danger: true, onClick: () => act.undoInvite(c) },
      approve: { label: t('partner.decide.approve'), onClick: () => act.approve(c) },
      reject: { label: t('partner.decide.reject'), danger: true, onClick: () => act.reject(c) },
      remoteAccess: { label: t('partner.remote.open'), onClick: () => act.remoteAccess(c) },
    };
    return c.actions.map((key) => ({ key, ...item[key] }));
  };

  const columns: ColumnsType<Company> = [
    {
      key: 'name',
      title: t('partner.companies.name'),
      width: 190,
      render: (_, c) => (
        <CellText text={c.name}>
          <Typography.Link onClick={() => onOpen(c.id)} data-testid={`company-${c.id}`}>
            {c.name}
          </Typography.Link>
        </CellText>
      ),
    },
    { key: 'type', title: t('partner.companies.type'), width: 140, render: (_, c) => <CompanyTypeTag type={c.type} /> },
    { key: 'status', title: t('partner.companies.status'), width: 110, render: (_, c) => <CompanyStatusTag status={c.status} /> },
    {
      key: 'users',
      title: t('partner.companies.users'),
      width: 110,
      render: (_, c) => (
        <div>
          <span>{`${c.userCount} / ${c.userLimit}`}</span>
          <Progress
            aria-label={t('partner.companies.users')}
            percent={Math.min(100, Math.round((c.userCount / Math.max(1, c.userLimit)) * 100))}
            showInfo={false}
            size="small"
            status={c.userCount >= c.userLimit ? 'exception' : 'normal'}
          />
        </div>
      ),
    },
    ...(nested
      ? []
      : [
          {
            key: 'parent',
            title: t('partner.companies.parent'),
            width: 160,
            render: (_: unknown, c: Company) => <ParentName parentId={c.parentId} />,
          },
        ]),
    // Area and creation time from 1600 px: at 1366 px the columns before them take the width (the
    // area filter and the "by area" figures above the list, and the company drawer, show them).
    { key: 'area', title: t('partner.companies.area'), width: 150, responsive: ['xxl'], render: (_, c) => <AreaName areaId={c.areaId} /> },
    {
      key: 'createdAt',
      title: t('partner.companies.createdAt'),
      width: 160,
      responsive: ['xxl'],
      render: (_, c) => formatDateTime(c.createdAt),
    },
    {
      key: 'actions',
      title: t('partner.companies.actions'),
      width: 150,
      fixed: 'right',
      render: (_, c) => {
        const items = menuFor(c);
        return (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => onOpen(c.id)}>
              {t('partner.companies.details')}
            </Button>
            {items.length > 0 && (
              <Dropdown
                menu={{
                  items: items.map(({ key, label, danger }) => ({ key, label, danger })),
                  onClick: ({ key }) => items.find((i) => i.key === key)?.onClick(),
                }}
              >
                <Button type="link" size="small" data-testid={`more-${c.id}`}>
                  {t('partner.companies.more')} <DownOutlined />
                </Button>
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];

  const fitted = useFittedColumns(columns, EXPAND_COLUMN_WIDTH);

  return (
    <Table<Company>
      rowKey="id"
      size={nested ? 'small' : 'middle'}
      loading={isFetching}
      columns={fitted.columns}
      dataSource={data?.records ?? []}
      scroll={fitted.scroll}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('partner.companies.empty')} /> }}
      expandable={{
        rowExpandable: (c) => HAS_CHILDREN.includes(c.type) && c.status !== 'inactive',
        expandedRowRender: (c) => <ChildCompanies parent={c} onOpen={onOpen} />,
      }}
      pagination={
        nested && (data?.total ?? 0) <= (query.pageSize ?? DEFAULT_PAGE_SIZE)
          ? false
          : {
              current: query.pageNum,
              pageSize: query.pageSize,
              total: data?.total ?? 0,
              showSizeChanger: !nested,
              showTotal: (total) => t('common.total', totalOptions(total)),
              onChange: (pageNum, pageSize) => onQueryChange?.({ ...query, pageNum, pageSize }),
            }
      }
      data-testid={nested ? undefined : 'company-table'}
    />
  );
}

/** The direct children of a company, as a nested table with its own paging. */
function ChildCompanies({ parent, onOpen }: { parent: Company; onOpen: (companyId: number) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<CompanyListQuery>({ parentId: parent.id, pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  return (
    <CompanyTable
      nested
      query={query}
      onQueryChange={setQuery}
      onOpen={onOpen}
      emptyText={t('partner.companies.noChildren', { name: parent.name })}
    />
  );
}
