import { Grid, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Breakpoint } from 'antd/es/_util/responsiveObserver';
import type { ReactNode } from 'react';

/** antd's expand-icon column (and the selection column) at size "middle". */
export const EXPAND_COLUMN_WIDTH = 48;
/** What a column without a width (or minWidth) is given when the table's width is summed. */
const FLEX_COLUMN_WIDTH = 160;

/**
 * The columns a table shows at the current screen width (a column with `responsive` only on the
 * breakpoints it names, as antd does) and its `scroll.x`: the sum of their widths. The table scrolls
 * sideways only when its columns do not fit; when they do, no column is squeezed or left under a
 * fixed Actions column. A fixed guess (the old `scroll={{ x: 960 }}`) did either once a list had
 * more columns than the guess, or a narrower screen than the guess was made for.
 */
export function useFittedColumns<T>(columns: ColumnsType<T>, extraWidth = 0): { columns: ColumnsType<T>; scroll: { x: number } } {
  const screens = Grid.useBreakpoint();
  const shown = columns.filter((c) => !c.responsive || c.responsive.some((b: Breakpoint) => screens[b]));
  return { columns: shown, scroll: { x: columnsWidth(shown) + extraWidth } };
}

/** The sum of the columns' widths (a column without one counts its minWidth, else FLEX_COLUMN_WIDTH). */
export function columnsWidth(columns: readonly { width?: number | string; minWidth?: number }[]): number {
  return columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : (c.minWidth ?? FLEX_COLUMN_WIDTH)), 0);
}

/**
 * A cell value on one line, cut with an ellipsis when longer than its column, the whole value in a
 * tooltip then (`children` shows it differently, e.g. with a suffix). An empty value shows `empty`
 * (default "-"). Use it instead of the column's `ellipsis`, which cuts the column title as well.
 */
export function CellText({ text, empty, children }: { text: string | null | undefined; empty?: ReactNode; children?: ReactNode }) {
  if (!text) return <>{empty ?? '-'}</>;
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: '100%' }}>
      {children ?? text}
    </Typography.Text>
  );
}
