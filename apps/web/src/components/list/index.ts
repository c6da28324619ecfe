export { ColumnSettings, type ColumnOption } from './ColumnSettings';
export { ListToolbar, type ListToolbarProps } from './ListToolbar';
export { PagedTable, PAGE_SIZE_OPTIONS, type PagedTableProps } from './PagedTable';
export { useListQuery, type PageParams } from './use-list-query';
export { savedListBindings, useTablePrefs, userConfigsKey, type TablePrefs, type TablePrefsApi } from './use-table-prefs';
export { useAllowClear } from './clear-button';
export { CellText, columnsWidth, EXPAND_COLUMN_WIDTH, useFittedColumns } from './fit-columns';
