import { Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../../lib/i18n';
import { useTaskCountries } from '../../api/upgrade-api';
import { countryName, percentOf } from '../../lib/display';

/** To-upgrade, notified, success and failed devices of a task per country (upgrade/task/result-number). */
export function CountryResults({ taskId, live, stamp }: { taskId: number; live: boolean; stamp: string }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useTaskCountries(taskId, live, stamp);
  const locale = currentLocale();
  const rows = [...(data ?? [])].sort(
    (a, b) => b.toUpgrade + b.notified + b.success + b.failed - (a.toUpgrade + a.notified + a.success + a.failed),
  );
  return (
    <Table
      size="small"
      rowKey="country"
      loading={isLoading}
      dataSource={rows}
      data-testid="country-results"
      pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={isError ? t('upgrade.loadFailed') : t('upgrade.detail.noCountryResults')}
          />
        ),
      }}
      columns={[
        { key: 'country', title: t('upgrade.field.country'), render: (_, r) => `${countryName(r.country, locale)} (${r.country})` },
        { key: 'toUpgrade', title: t('upgrade.counts.toUpgrade'), dataIndex: 'toUpgrade', align: 'right' },
        { key: 'notified', title: t('upgrade.counts.notified'), dataIndex: 'notified', align: 'right' },
        { key: 'success', title: t('upgrade.counts.success'), dataIndex: 'success', align: 'right' },
        { key: 'failed', title: t('upgrade.counts.failed'), dataIndex: 'failed', align: 'right' },
        {
          key: 'rate',
          title: t('upgrade.detail.successRate'),
          align: 'right',
          render: (_, r) => `${percentOf(r.success, r.success + r.failed)}%`,
        },
      ]}
    />
  );
}
