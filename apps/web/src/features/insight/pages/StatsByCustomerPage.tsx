/** Data statistics: By customer (direct downstream companies; the supplier: brands), drill in, breadcrumb back. */
import { Breadcrumb, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStatsByCustomer, useStatsOptions } from '../api/insight-api';
import { ChartCard } from '../components/ChartCard';
import { failureOf } from '../components/StatsError';
import { EChart } from '../components/EChart';
import { healthLink, statsQueryOf, useStatsFilters } from '../components/stats-filters';
import { pct, rate, StatsLayout } from '../components/StatsTabs';

export default function StatsByCustomerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, set, params } = useStatsFilters();
  const options = useStatsOptions();
  const tz = options.data?.timeZone;
  const parentId = params.get('parentId') ? Number(params.get('parentId')) : undefined;
  const byCustomer = useStatsByCustomer(tz ? { ...statsQueryOf(state, tz), ...(parentId ? { parentId } : {}) } : null);
  const data = byCustomer.data;
  const failure = failureOf(options, byCustomer);
  const rows = data?.rows ?? [];
  const nameOf = (r: (typeof rows)[number]) => (r.companyId === null ? t('insight.ownDevices', { name: r.name }) : r.name);
  /** A row opens its own customers (drill in), or the health list of its devices. */
  const linkOf = (r: (typeof rows)[number]) => {
    if (r.companyId !== null && r.hasChildren) {
      const next = new URLSearchParams(params);
      next.set('parentId', String(r.companyId));
      return `/layout/dataStatistics/statsByCustomer?${next.toString()}`;
    }
    return healthLink(state, { customerId: r.companyId ?? parentId });
  };
  const open = (r: (typeof rows)[number] | undefined) => {
    if (!r) return;
    if (r.companyId !== null && r.hasChildren) set({ parentId: r.companyId });
    else void navigate(healthLink(state, { customerId: r.companyId ?? parentId }));
  };
  return (
    <StatsLayout meta={data} exportOf={tz ? { ...statsQueryOf(state, tz), ...(parentId ? { parentId } : {}), table: 'byCustomer' } : null}>
      <Breadcrumb
        data-testid="customer-breadcrumb"
        items={(data?.path ?? []).map((p, i, all) => ({
          key: p.companyId,
          title:
            i === all.length - 1 ? (
              p.name
            ) : (
              <Button
                type="link"
                size="small"
                style={{ padding: 0, height: 'auto' }}
                onClick={() => set({ parentId: i === 0 ? undefined : p.companyId })}
              >
                {p.name}
              </Button>
            ),
        }))}
      />
      <ChartCard
        failure={failure}
        title={t('insight.byCustomerChart')}
        testId="chart-by-customer"
        csvName="customers"
        rows={rows}
        rowKey={(r) => String(r.companyId ?? 'own')}
        columns={[
          { key: 'name', title: t('insight.customer'), value: nameOf, width: 240, link: linkOf },
          { key: 'devices', title: t('insight.devices'), value: (r) => r.devices },
          { key: 'onlineRate', title: t('insight.onlineRate'), value: (r) => pct(r.onlineRate) },
          { key: 'activations', title: t('insight.activations'), value: (r) => r.activations },
          { key: 'upgradeSuccess', title: t('insight.upgradeSuccess'), value: (r) => pct(rate(r.upgradeSuccess, r.upgradeFailed)) },
        ]}
        chart={
          <EChart
            label={t('insight.byCustomerChart')}
            height={Math.max(180, rows.length * 34 + 60)}
            onClick={(p) => open(rows[p.dataIndex])}
            option={{
              tooltip: { trigger: 'axis' },
              legend: {},
              grid: { left: 200, right: 24, top: 40, bottom: 32 },
              xAxis: { type: 'value', minInterval: 1 },
              yAxis: { type: 'category', data: rows.map(nameOf), inverse: true },
              series: [
                { name: t('insight.devices'), type: 'bar', data: rows.map((r) => r.devices), cursor: 'pointer' },
                { name: t('insight.online'), type: 'bar', data: rows.map((r) => r.online), cursor: 'pointer' },
              ],
            }}
          />
        }
      />
    </StatsLayout>
  );
}
