import { Empty, Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPAND_COLUMN_WIDTH, useFittedColumns } from './fit-columns';
import { totalOptions } from '../../lib/format';

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

export interface PagedTableProps<T> extends Omit<TableProps<T>, 'pagination' | 'columns' | 'dataSource' | 'locale'> {
  columns: ColumnsType<T>;
  /** One page of the list as the server answered it. */
  page: { records: T[]; total: number } | undefined;
  pageNum?: number;
  pageSize?: number;
  /** Absent: no numbered pager (a keyset list pages with its own Newer/Older). */
  onPageChange?: (pageNum: number, pageSize: number) => void;
  /** Keys of columns the user chose to hide. */
  hiddenColumns?: ReadonlySet<string>;
  /** What an empty page says (e.g. different texts with and without filters). */
  emptyText?: ReactNode;
  /** The total under the table (default: "N records in total"). */
  totalText?: (total: number) => ReactNode;
}

/**
 * A table of one server page, wired to pageNum / pageSize / total (or, without onPageChange, no
 * numbered pager), with the user's hidden columns left out.
 */
export function PagedTable<T extends object>({
  columns,
  page,
  pageNum,
  pageSize,
  onPageChange,
  hiddenColumns,
  emptyText,
  totalText,
  ...rest
}: PagedTableProps<T>) {
  const { t } = useTranslation();
  const chosen = hiddenColumns?.size ? columns.filter((c) => !hiddenColumns.has(String(c.key))) : columns;
  const fitted = useFittedColumns(chosen, (rest.expandable ? EXPAND_COLUMN_WIDTH : 0) + (rest.rowSelection ? EXPAND_COLUMN_WIDTH : 0));
  const box = useRef<HTMLDivElement>(null);
  // A table wider than its box scrolls sideways: its scroller takes the keyboard focus, so the
  // hidden columns can be reached without a mouse (axe scrollable-region-focusable).
  useEffect(() => {
    for (const el of box.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body') ?? []) {
      if (el.scrollWidth > el.clientWidth) el.tabIndex = 0;
      else el.removeAttribute('tabindex');
    }
  });
  return (
    <div ref={box}>
      <Table<T>
        size="middle"
        // As wide as its columns: wider than the box only when the shown columns do not fit.
        scroll={fitted.scroll}
        {...rest}
        columns={fitted.columns}
        dataSource={page?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('common.noData')} /> }}
        pagination={
          onPageChange
            ? {
                current: pageNum,
                pageSize,
                total: page?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: PAGE_SIZE_OPTIONS,
                showTotal: (total) => (totalText ? totalText(total) : t('common.total', totalOptions(total))),
                onChange: onPageChange,
              }
            : false
        }
      />
    </div>
  );
}
