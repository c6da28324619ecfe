import { QUERY_RANGE_MAX_DAYS, type ReleaseTaskDetail, TASK_DEVICE_STATES, dateRangeError } from '@portal/contract';
import { DatePicker, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText, ListToolbar, PagedTable, useListQuery } from '../../../../components/list';
import { rangeLimit } from '../../../../components/range-limit';
import { formatDateTime } from '../../../../lib/format';
import { currentLocale } from '../../../../lib/i18n';
import { translateValidation } from '../../../../lib/i18n/validation';
import { type TaskDevicesQuery, taskStamp, useTaskCountries, useTaskDevices } from '../../api/upgrade-api';
import { countryName, displayMac } from '../../lib/display';
import { DeviceStateTag } from '../StatusTags';

type Row = {
  deviceId: number;
  sn: string;
  mac: string;
  model: string;
  country: string;
  wave: number;
  state: (typeof TASK_DEVICE_STATES)[number];
  fromVersion: string;
  reportedVersion: string | null;
  errorCode: string | null;
  updatedAt: string;
};
type Filters = Omit<TaskDevicesQuery, 'pageNum' | 'pageSize' | 'taskId'>;

/** The devices of a task: state, country, wave and text filters, and a report-time range of at most 31 days. */
export function TaskDevicesTable({ task, live }: { task: ReleaseTaskDetail; live: boolean }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const list = useListQuery<Filters>({});
  const [searchText, setSearchText] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const countries = useTaskCountries(task.taskId, live, taskStamp(task));
  const { data, isFetching } = useTaskDevices({ ...list.query, taskId: task.taskId }, live, taskStamp(task));

  const applyRange = (r: [Dayjs | null, Dayjs | null] | null) => {
    setRange(r);
    if (!r?.[0] || !r?.[1]) {
      setRangeError(null);
      list.setFilters({ range: undefined });
      return;
    }
    const from = r[0].startOf('day').valueOf();
    const to = r[1].endOf('day').valueOf();
    const key = dateRangeError(from, to, QUERY_RANGE_MAX_DAYS);
    setRangeError(key ? translateValidation(key) : null);
    if (!key) list.setFilters({ range: { from, to } });
  };

  const columns: ColumnsType<Row> = [
    {
      key: 'sn',
      title: 'SN',
      dataIndex: 'sn',
      width: 150,
      render: (v: string) => (
        <Typography.Text copyable={{ text: v }} ellipsis={{ tooltip: v }} style={{ maxWidth: '100%' }}>
          {v}
        </Typography.Text>
      ),
    },
    { key: 'mac', title: 'MAC', dataIndex: 'mac', width: 150, render: (v: string) => <span className="portal-mac">{displayMac(v)}</span> },
    // From 1600 px: below, the columns after it take the width (the SN names the device).
    {
      key: 'model',
      title: t('upgrade.field.model'),
      dataIndex: 'model',
      width: 110,
      responsive: ['xxl'],
      render: (v: string) => <CellText text={v} />,
    },
    {
      key: 'country',
      title: t('upgrade.field.country'),
      dataIndex: 'country',
      width: 120,
      render: (c: string) => <CellText text={countryName(c, locale)} />,
    },
    { key: 'wave', title: t('upgrade.wave.wave'), dataIndex: 'wave', width: 70, align: 'right' },
    {
      // A failed device's error code under its state: one column fewer at 1366 px.
      key: 'state',
      title: t('upgrade.field.status'),
      dataIndex: 'state',
      width: 150,
      render: (s: Row['state'], r) => (
        <div>
          <DeviceStateTag state={s} />
          {r.errorCode && (
            <div style={{ fontSize: 12 }}>
              <Typography.Text
                type="danger"
                ellipsis={{ tooltip: t('upgrade.labelValue', { label: t('upgrade.field.errorCode'), value: r.errorCode }) }}
                style={{ maxWidth: '100%' }}
              >
                {r.errorCode}
              </Typography.Text>
            </div>
          )}
        </div>
      ),
    },
    {
      key: 'version',
      title: t('upgrade.field.versionChange'),
      width: 140,
      render: (_, r) => (
        <span>
          {r.fromVersion} → {r.reportedVersion ?? <Typography.Text type="secondary">{task.versionName}</Typography.Text>}
        </span>
      ),
    },
    {
      key: 'updatedAt',
      title: t('upgrade.field.reportedAt'),
      dataIndex: 'updatedAt',
      width: 160,
      render: (v: string) => formatDateTime(v),
    },
  ];

  return (
    <>
      <ListToolbar
        search={{
          value: searchText,
          onChange: setSearchText,
          placeholder: t('upgrade.detail.deviceSearch'),
          label: t('upgrade.detail.deviceSearchLabel'),
          width: 220,
          maxLength: 64,
        }}
        onSearch={() => list.setFilters({ searchText: searchText.trim() || undefined })}
        onReset={() => {
          setSearchText('');
          setRange(null);
          setRangeError(null);
          list.reset();
        }}
        filters={
          <>
            <Select
              allowClear
              placeholder={t('upgrade.field.status')}
              value={list.filters.state}
              onChange={(state) => list.setFilters({ state })}
              options={TASK_DEVICE_STATES.map((s) => ({ value: s, label: t(`upgrade.deviceState.${s}`) }))}
              style={{ width: 140 }}
              aria-label={t('upgrade.detail.deviceState')}
            />
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('upgrade.field.country')}
              value={list.filters.country}
              onChange={(country) => list.setFilters({ country })}
              options={(countries.data ?? []).map((c) => ({ value: c.country, label: countryName(c.country, locale) }))}
              style={{ width: 160 }}
              aria-label={t('upgrade.field.country')}
            />
            <Select
              allowClear
              placeholder={t('upgrade.wave.wave')}
              value={list.filters.wave}
              onChange={(wave) => list.setFilters({ wave })}
              options={task.waves.map((w) => ({ value: w.index, label: t('upgrade.wave.nth', { n: w.index }) }))}
              style={{ width: 120 }}
              aria-label={t('upgrade.wave.wave')}
            />
            <DatePicker.RangePicker
              value={range}
              onChange={(r) => applyRange(r)}
              status={rangeError ? 'error' : undefined}
              {...rangeLimit(QUERY_RANGE_MAX_DAYS, 'validation.queryRangeTooLong')}
              placeholder={[t('upgrade.detail.reportedFrom'), t('upgrade.detail.reportedTo')]}
              aria-label={t('upgrade.field.reportedAt')}
            />
          </>
        }
        filtersBelow
      >
        <Typography.Paragraph type={rangeError ? 'danger' : 'secondary'} style={{ marginTop: -8, fontSize: 12 }}>
          {rangeError ?? t('upgrade.detail.rangeHint', { days: QUERY_RANGE_MAX_DAYS })}
        </Typography.Paragraph>
      </ListToolbar>
      <PagedTable<Row>
        rowKey="deviceId"
        data-testid="task-devices"
        loading={isFetching && !data}
        columns={columns}
        page={data}
        pageNum={list.query.pageNum}
        pageSize={list.query.pageSize}
        onPageChange={list.setPage}
        emptyText={list.isFiltered ? t('common.emptyFiltered') : t('upgrade.detail.noDevices')}
      />
    </>
  );
}
