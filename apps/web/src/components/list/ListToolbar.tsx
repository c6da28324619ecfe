import { ReloadOutlined, SearchOutlined } from '../icons';
import { Button, Input, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllowClear } from './clear-button';
import { type ColumnOption, ColumnSettings } from './ColumnSettings';

export interface ListToolbarProps {
  /** The free-text search box (applied with Enter or the search button). */
  search?: { value: string; onChange: (value: string) => void; placeholder: string; label: string; width?: number; maxLength?: number };
  /** Filter controls (usually Selects that apply at once). */
  filters?: ReactNode;
  /** Apply the search text; shows the search button. */
  onSearch?: () => void;
  /** Clear search and filters; shows the reset button. */
  onReset?: () => void;
  /** Buttons on the right (create, import, ...). */
  actions?: ReactNode;
  /** Optional-column chooser. */
  columns?: { options: readonly ColumnOption[]; hidden: ReadonlySet<string>; onChange: (hidden: Set<string>) => void; onReset: () => void };
  onRefresh?: () => void;
  /** Put the filters on a line of their own below the search (lists with many filters). */
  filtersBelow?: boolean;
  /** A line below the toolbar (hints). */
  children?: ReactNode;
}

/** The toolbar above a list: search, filters, search/reset on the left; actions, columns, refresh on the right. */
export function ListToolbar({
  search,
  filters,
  onSearch,
  onReset,
  actions,
  columns,
  onRefresh,
  filtersBelow = false,
  children,
}: ListToolbarProps) {
  const { t } = useTranslation();
  const allowClear = useAllowClear();
  return (
    <>
      {/* One wrapping row (styles.css .portal-list-toolbar): the filters first, then Search and
          Reset together, then the actions at the far end, sharing the last line when there is room
          (a group wrapping on its own left Reset alone on a line, and the actions on a third). */}
      <div className="portal-toolbar portal-list-toolbar">
        {search && (
          <Input
            allowClear={allowClear}
            prefix={<SearchOutlined />}
            placeholder={search.placeholder}
            value={search.value}
            onChange={(e) => {
              search.onChange(e.target.value);
              // Clearing with the x applies at once, as a user expects.
              if (e.type === 'click' && e.target.value === '') setTimeout(() => onSearch?.());
            }}
            onPressEnter={onSearch}
            style={{ width: search.width ?? 260 }}
            maxLength={search.maxLength ?? 100}
            aria-label={search.label}
          />
        )}
        {!filtersBelow && filters}
        {(onSearch || onReset) && (
          <Space>
            {onSearch && (
              <Button type="primary" icon={<SearchOutlined />} onClick={onSearch}>
                {t('common.search')}
              </Button>
            )}
            {onReset && <Button onClick={onReset}>{t('common.reset')}</Button>}
          </Space>
        )}
        <Space wrap className="portal-list-toolbar-actions">
          {actions}
          {columns && <ColumnSettings {...columns} />}
          {onRefresh && (
            <Tooltip title={t('common.refresh')}>
              <Button icon={<ReloadOutlined />} onClick={onRefresh} aria-label={t('common.refresh')} />
            </Tooltip>
          )}
        </Space>
      </div>
      {filtersBelow && filters && (
        <Space wrap style={{ marginTop: -4, marginBottom: 16 }}>
          {filters}
        </Space>
      )}
      {children}
    </>
  );
}
