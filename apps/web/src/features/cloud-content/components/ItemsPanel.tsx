import { contentMachine, LOCALES, SORTED_CONTENT_TYPES, type ContentItem, type ContentType } from '@portal/contract';
import { App, Button, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '../../../components/icons';
import { CellText, ListToolbar, PagedTable, useListQuery } from '../../../components/list';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useContentAbilities, useDeleteItem, useItemList, useItemOptions, useReorderItems, type ItemListQuery } from '../api/content-api';
import { ItemEditorDrawer } from './ItemEditorDrawer';
import { ProductSheetButtons } from './ProductSheetButtons';
import { StateTag } from './StateTag';

type Filters = Omit<ItemListQuery, 'pageNum' | 'pageSize' | 'type'>;

/** Items of one type: each translation with its own state, search and state filter, the editor. */
export function ItemsPanel({ type }: { type: ContentType }) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const canCreate = useContentAbilities().can(type === 'terms' ? 'editTerms' : 'createItem');
  const list = useListQuery<Filters>({});
  const [searchText, setSearchText] = useState('');
  const { data, isFetching } = useItemList({ ...list.query, type });
  const remove = useDeleteItem();
  const reorder = useReorderItems();
  // Types ordered by hand: an item moves one place up or down within the page shown.
  const sortable = SORTED_CONTENT_TYPES.includes(type) && canCreate;
  const move = (i: ContentItem, by: -1 | 1) => {
    const ids = (data?.records ?? []).map((x) => x.id);
    const at = ids.indexOf(i.id);
    const to = at + by;
    if (at < 0 || to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    void reorder
      .mutateAsync({ type, ids })
      .then(() => notify('success', 'content-reorder', t('content.reordered')))
      .catch(() => undefined);
  };
  // Products are filtered (and exported) by category.
  const categories = useItemOptions('product_category', type === 'product');
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  const titleOf = (i: ContentItem) => (i.translations.find((x) => x.locale === i18n.language) ?? i.translations[0])?.title ?? `#${i.id}`;
  const columns: ColumnsType<ContentItem> = [
    {
      key: 'title',
      title: t('content.field.title'),
      minWidth: 220,
      render: (_, i) => (
        <Typography.Link onClick={() => setEditing(i.id)} data-testid={`item-${i.id}`}>
          <CellText text={titleOf(i)} />
        </Typography.Link>
      ),
    },
    ...(type === 'product'
      ? [
          {
            key: 'model',
            title: t('content.field.model'),
            width: 150,
            render: (_: unknown, i: ContentItem) => <CellText text={i.shared.model ?? ''} />,
          },
        ]
      : []),
    {
      key: 'states',
      title: t('content.translations'),
      width: 330,
      render: (_, i) => (
        <Space size={4} wrap>
          {LOCALES.map((l) => {
            const tr = i.translations.find((x) => x.locale === l);
            return tr ? (
              <StateTag key={l} locale={l} state={tr.state} pending={tr.hasUnreleasedChanges} />
            ) : (
              <Typography.Text key={l} type="secondary">
                {l} · {t('content.missing')}
              </Typography.Text>
            );
          })}
        </Space>
      ),
    },
    { key: 'updatedAt', title: t('content.updatedAt'), width: 170, render: (_, i) => `${formatDateTime(i.updatedAt)}` },
    {
      key: 'actions',
      title: t('common.actions'),
      width: sortable ? 180 : 120,
      fixed: 'right',
      render: (_, i) => (
        <Space size={0}>
          {sortable && i.actions.includes('edit') && (
            <>
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label={t('content.moveUp', { name: titleOf(i) })}
                disabled={data?.records[0]?.id === i.id}
                loading={reorder.isPending}
                onClick={() => move(i, -1)}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={t('content.moveDown', { name: titleOf(i) })}
                disabled={data?.records[data.records.length - 1]?.id === i.id}
                loading={reorder.isPending}
                onClick={() => move(i, 1)}
              />
            </>
          )}
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('content.edit', { name: titleOf(i) })}
            onClick={() => setEditing(i.id)}
          />
          {i.actions.includes('delete') && (
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('content.delete', { name: titleOf(i) })}
              onClick={() =>
                modal.confirm({
                  title: t('content.confirmDelete', { name: titleOf(i) }),
                  okText: t('content.deleteOk'),
                  cancelText: t('content.cancel'),
                  okButtonProps: { danger: true },
                  onOk: () =>
                    remove
                      .mutateAsync(i.id)
                      .then(() => notify('success', 'content-delete', t('content.deleted')))
                      .catch(() => undefined),
                })
              }
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListToolbar
        search={{ value: searchText, onChange: setSearchText, placeholder: t('content.searchPlaceholder'), label: t('content.search') }}
        onSearch={() => list.setFilters({ searchText: searchText.trim() || undefined })}
        onReset={() => {
          setSearchText('');
          list.reset();
        }}
        filters={
          <>
            <Select
              allowClear
              placeholder={t('content.locale')}
              aria-label={t('content.locale')}
              value={list.filters.locale}
              onChange={(locale) => list.setFilters({ locale })}
              options={LOCALES.map((l) => ({ value: l, label: l }))}
              style={{ width: 120 }}
            />
            <Select
              allowClear
              placeholder={t('content.stateLabel')}
              aria-label={t('content.stateLabel')}
              value={list.filters.state}
              onChange={(state) => list.setFilters({ state })}
              options={contentMachine.states.map((s) => ({ value: s, label: t(`content.state.${s}`) }))}
              style={{ width: 160 }}
            />
            {type === 'product' && (
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('content.field.categoryId')}
                aria-label={t('content.field.categoryId')}
                value={list.filters.categoryId}
                onChange={(categoryId) => list.setFilters({ categoryId })}
                options={(categories.data?.records ?? []).map((c) => ({ value: c.id, label: titleOf(c) }))}
                style={{ width: 180 }}
                data-testid="product-category-filter"
              />
            )}
          </>
        }
        actions={
          type === 'product' || canCreate ? (
            <Space wrap>
              {type === 'product' && <ProductSheetButtons categoryId={list.filters.categoryId} />}
              {canCreate && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid={`new-${type}`}>
                  {t('content.new', { type: t(`content.type.${type}`) })}
                </Button>
              )}
            </Space>
          ) : undefined
        }
      />
      <PagedTable<ContentItem>
        rowKey="id"
        columns={columns}
        page={data}
        loading={isFetching}
        pageNum={list.query.pageNum}
        pageSize={list.query.pageSize}
        onPageChange={list.setPage}
      />
      {editing !== null && (
        <ItemEditorDrawer
          type={type}
          itemId={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(id) => setEditing(id)}
        />
      )}
    </>
  );
}
