/** The statistics' filter bar: range (7/30 days or custom up to 31), product type, model, version, country, customer. */
import { DatePicker, Flex, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rangeLimit } from '../../../components/range-limit';
import { QUERY_RANGE_MAX_DAYS } from '@portal/contract';
import { useStatsOptions } from '../api/insight-api';
import { useStatsFilters } from './stats-filters';

export function StatsFilters({ withCustomer = true }: { withCustomer?: boolean }) {
  const { t } = useTranslation();
  const { state, set } = useStatsFilters();
  const options = useStatsOptions().data;
  const opts = (values: string[] | undefined) => (values ?? []).map((v) => ({ value: v, label: v }));
  return (
    <Flex gap={8} wrap align="center" data-testid="stats-filters">
      <Select
        style={{ width: 150 }}
        value={state.days}
        aria-label={t('insight.range')}
        onChange={(days) => set({ days, from: undefined, to: undefined })}
        options={[
          { value: '7', label: t('insight.last7') },
          { value: '30', label: t('insight.last30') },
          { value: 'custom', label: t('insight.custom') },
        ]}
      />
      {state.days === 'custom' && (
        <DatePicker.RangePicker
          aria-label={t('insight.range')}
          value={state.from && state.to ? [dayjs(state.from), dayjs(state.to)] : null}
          {...rangeLimit(QUERY_RANGE_MAX_DAYS, 'validation.queryRangeTooLong', { noFuture: true })}
          onChange={(v) => set({ from: v?.[0]?.format('YYYY-MM-DD'), to: v?.[1]?.format('YYYY-MM-DD') })}
        />
      )}
      <Select
        allowClear
        style={{ width: 130 }}
        placeholder={t('insight.productType')}
        aria-label={t('insight.productType')}
        value={state.productType}
        onChange={(productType) => set({ productType })}
        options={opts(options?.productTypes)}
      />
      <Select
        allowClear
        showSearch
        style={{ width: 150 }}
        placeholder={t('insight.model')}
        aria-label={t('insight.model')}
        value={state.model}
        onChange={(model) => set({ model })}
        options={opts(options?.models)}
      />
      <Select
        allowClear
        showSearch
        style={{ width: 150 }}
        placeholder={t('insight.version')}
        aria-label={t('insight.version')}
        value={state.version}
        onChange={(version) => set({ version })}
        options={opts(options?.versions)}
      />
      <Select
        allowClear
        showSearch
        style={{ width: 120 }}
        placeholder={t('insight.country')}
        aria-label={t('insight.country')}
        value={state.country}
        onChange={(country) => set({ country })}
        options={opts(options?.countries)}
      />
      {withCustomer && (
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 200 }}
          placeholder={t('insight.customer')}
          aria-label={t('insight.customer')}
          value={state.customerId}
          onChange={(customerId) => set({ customerId })}
          options={(options?.customers ?? []).map((c) => ({ value: c.companyId, label: c.name }))}
        />
      )}
    </Flex>
  );
}

/** "Days in Asia/Shanghai · updated 3 min ago". */
export function StatsMeta({ timeZone, updatedAt }: { timeZone?: string; updatedAt?: number | null }) {
  const { t } = useTranslation();
  // The age as of when the figures were shown (they refresh with the next query).
  const [shownAt] = useState(() => Date.now());
  if (!timeZone) return null;
  const minutes = updatedAt == null ? null : Math.max(0, Math.round((shownAt - updatedAt) / 60_000));
  return (
    <Typography.Text type="secondary" data-testid="stats-meta">
      {t('insight.zone', { zone: timeZone })}
      {' · '}
      {minutes === null ? t('insight.notYetUpdated') : t('insight.updatedAgo', { count: minutes })}
    </Typography.Text>
  );
}
