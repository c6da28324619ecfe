import { Card, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText, ListToolbar, PagedTable, useListQuery } from '../../../components/list';
import { useProductSet } from '../api/content-api';

interface Row {
  id: number;
  model: string;
  title: string;
  categoryTitle: string;
  discontinued: boolean;
  summary: string;
}

/** The brand's released catalogue, read-only (what distributors and installers get). */
export default function ProductSetPage() {
  const { t } = useTranslation();
  const list = useListQuery<{ searchText?: string }>({});
  const [searchText, setSearchText] = useState('');
  const { data, isFetching } = useProductSet(list.query);
  const columns: ColumnsType<Row> = [
    { key: 'model', title: t('content.field.model'), width: 170, render: (_, r) => <CellText text={r.model} /> },
    {
      key: 'title',
      title: t('content.field.title'),
      minWidth: 220,
      render: (_, r) => (
        <>
          <CellText text={r.title} /> {r.discontinued && <Tag color="orange">{t('content.discontinued')}</Tag>}
        </>
      ),
    },
    { key: 'category', title: t('content.field.categoryId'), width: 180, render: (_, r) => <CellText text={r.categoryTitle} /> },
    { key: 'summary', title: t('content.field.summary'), width: 320, render: (_, r) => <CellText text={r.summary} /> },
  ];
  return (
    <Card variant="borderless" className="portal-card">
      <ListToolbar
        search={{ value: searchText, onChange: setSearchText, placeholder: t('content.searchPlaceholder'), label: t('content.search') }}
        onSearch={() => list.setFilters({ searchText: searchText.trim() || undefined })}
        onReset={() => {
          setSearchText('');
          list.reset();
        }}
      />
      <PagedTable<Row>
        rowKey="id"
        columns={columns}
        page={data}
        loading={isFetching}
        pageNum={list.query.pageNum}
        pageSize={list.query.pageSize}
        onPageChange={list.setPage}
      />
    </Card>
  );
}
