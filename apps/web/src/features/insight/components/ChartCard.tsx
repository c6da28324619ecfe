/**
 * A chart with its table: a Chart/Table switch (the same rows either way), a CSV download of the
 * rows with the localized headers, and a footer naming the time zone and the rollup's age. When its
 * figures failed (e.g. the statistics' statement timeout) the error and Retry stand in its place.
 */
import { Button, Card, Flex, Segmented, Table, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DownloadOutlined } from '../../../components/icons';
import { useFittedColumns } from '../../../components/list';
import { StatsError, type StatsFailure } from './StatsError';

export interface TableColumn<T> {
  key: string;
  title: string;
  value: (row: T) => string | number;
  width?: number;
  /** The cell opens this (what a click on the chart's bar opens), for keyboards and screen readers. */
  link?: (row: T) => string | undefined;
}

function csvCell(v: string | number): string {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function downloadCsv<T>(name: string, columns: TableColumn<T>[], rows: T[]) {
  const lines = [columns.map((c) => csvCell(c.title)).join(','), ...rows.map((r) => columns.map((c) => csvCell(c.value(r))).join(','))];
  // A byte-order mark, so spreadsheet programs read the localized headers as UTF-8.
  const blob = new Blob(['\uFEFF' + lines.join('\r\n')], { type: 'text/csv;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${name}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1_000);
}

export function ChartCard<T extends object>(props: {
  title: string;
  chart: ReactNode;
  columns: TableColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  csvName: string;
  testId?: string;
  extra?: ReactNode;
  /** The figures' query failed: its error with Retry instead of the chart. */
  failure?: StatsFailure | null;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const tableColumns = useFittedColumns(
    props.columns.map((c) => ({
      key: c.key,
      title: c.title,
      width: c.width ?? 140,
      render: (_: unknown, r: T) => {
        const to = c.link?.(r);
        return to ? <Link to={to}>{c.value(r)}</Link> : c.value(r);
      },
    })),
  );
  return (
    <Card
      variant="borderless"
      className="portal-card"
      data-testid={props.testId}
      title={
        <Typography.Title level={4} style={{ margin: 0, fontSize: 15 }}>
          {props.title}
        </Typography.Title>
      }
      extra={
        <Flex gap={8} align="center">
          {props.extra}
          <Segmented
            size="small"
            value={view}
            onChange={(v) => setView(v as 'chart' | 'table')}
            options={[
              { value: 'chart', label: t('insight.viewChart') },
              { value: 'table', label: t('insight.viewTable') },
            ]}
            aria-label={t('insight.viewSwitch', { name: props.title })}
          />
          <Button
            size="small"
            icon={<DownloadOutlined />}
            aria-label={t('insight.csvOf', { name: props.title })}
            onClick={() => downloadCsv(props.csvName, props.columns, props.rows)}
          >
            CSV
          </Button>
        </Flex>
      }
    >
      {props.failure ? (
        <StatsError failure={props.failure} testId={props.testId ? `${props.testId}-error` : undefined} />
      ) : view === 'chart' ? (
        props.chart
      ) : (
        <Table<T>
          size="small"
          rowKey={props.rowKey}
          columns={tableColumns.columns}
          scroll={tableColumns.scroll}
          dataSource={props.rows}
          pagination={false}
        />
      )}
    </Card>
  );
}
