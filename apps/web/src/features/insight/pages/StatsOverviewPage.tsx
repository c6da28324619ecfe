/** Data statistics: Overview (cards with the previous period, trend, versions, countries, top customers). */
import { Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import type { StatsFigures } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStatsOptions, useStatsOverview } from '../api/insight-api';
import { ChartCard } from '../components/ChartCard';
import { failureOf } from '../components/StatsError';
import { EChart } from '../components/EChart';
import { healthLink, statsQueryOf, useStatsFilters } from '../components/stats-filters';
import { pct, rate, StatsLayout } from '../components/StatsTabs';

/** Prices and sales are minor units (cents), like every price of the portal. */
const money = (minor: number) => (minor / 100).toFixed(2);

function Delta({ now, before, percent }: { now: number | null; before: number | null; percent?: boolean }) {
  const { t } = useTranslation();
  if (now === null || before === null) return null;
  const d = percent ? Math.round((now - before) * 1000) / 10 : now - before;
  const sign = d > 0 ? '+' : '';
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {t('insight.vsPrevious', { delta: `${sign}${d}${percent ? ' pt' : ''}` })}
    </Typography.Text>
  );
}

export default function StatsOverviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state } = useStatsFilters();
  const options = useStatsOptions();
  const tz = options.data?.timeZone;
  const query = tz ? statsQueryOf(state, tz) : null;
  const overview = useStatsOverview(query);
  const shown = overview.data;
  const failure = failureOf(options, overview);
  const cur: StatsFigures | undefined = shown?.current;
  const prev = shown?.previous;
  const success = (f?: StatsFigures) => (f ? rate(f.upgradeSuccess, f.upgradeFailed) : null);
  const cards = [
    {
      key: 'devices',
      title: t('insight.devices'),
      value: cur?.devices ?? 0,
      delta: <Delta now={cur?.devices ?? null} before={prev?.devices ?? null} />,
    },
    {
      key: 'onlineRate',
      title: t('insight.onlineRate'),
      value: pct(cur?.onlineRate),
      delta: <Delta now={cur?.onlineRate ?? null} before={prev?.onlineRate ?? null} percent />,
    },
    {
      key: 'activations',
      title: t('insight.activations'),
      value: cur?.activations ?? 0,
      delta: <Delta now={cur?.activations ?? null} before={prev?.activations ?? null} />,
    },
    {
      key: 'upgradeSuccess',
      title: t('insight.upgradeSuccess'),
      value: pct(success(cur)),
      delta: <Delta now={success(cur)} before={success(prev)} percent />,
    },
    {
      key: 'endUsers',
      title: t('insight.endUsers'),
      value: shown?.app.current.activeEndUsers ?? '-',
      delta:
        shown && shown.app.current.activeEndUsers === null ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('insight.endUsersFiltered')}
          </Typography.Text>
        ) : (
          <Delta now={shown?.app.current.activeEndUsers ?? null} before={shown?.app.previous.activeEndUsers ?? null} />
        ),
    },
    ...(shown?.app.current.sales
      ? [
          {
            key: 'sales',
            title: t('insight.sales'),
            value: money(shown.app.current.sales.amount),
            delta: (
              <Flex vertical>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('insight.salesOrders', { count: shown.app.current.sales.orders })}
                </Typography.Text>
                <Delta now={shown.app.current.sales.amount / 100} before={(shown.app.previous.sales?.amount ?? 0) / 100} />
              </Flex>
            ),
          },
        ]
      : []),
  ];
  const trend = shown?.trend ?? [];
  const appTrend = shown?.app.trend ?? [];
  const sales = !!shown?.app.current.sales;
  const versions = shown?.versions ?? [];
  const countries = shown?.countries ?? [];
  const customers = shown?.customers ?? [];
  const countryName = (c: string) => (c === 'OTHERS' ? t('insight.others') : c || t('insight.unknown'));

  return (
    <StatsLayout meta={shown} exportOf={query ? { ...query, table: 'overview' } : null}>
      <Row gutter={[16, 16]} data-testid="overview-cards">
        {cards.map((c) => (
          <Col key={c.key} xs={24} sm={12} xl={6}>
            <Card variant="borderless" className="portal-card" data-testid={`card-${c.key}`}>
              <Statistic title={c.title} value={c.value} />
              {c.delta}
            </Card>
          </Col>
        ))}
      </Row>
      <ChartCard
        failure={failure}
        title={t('insight.trend')}
        testId="chart-trend"
        csvName="trend"
        rows={trend}
        rowKey={(r) => r.day}
        columns={[
          { key: 'day', title: t('insight.day'), value: (r) => r.day },
          { key: 'devices', title: t('insight.devices'), value: (r) => r.devices },
          { key: 'onlineRate', title: t('insight.onlineRate'), value: (r) => pct(r.onlineRate) },
          { key: 'activations', title: t('insight.activations'), value: (r) => r.activations },
          { key: 'upgradeSuccessCount', title: t('insight.upgradeSucceeded'), value: (r) => r.upgradeSuccess },
          { key: 'upgradeFailed', title: t('insight.upgradeFailed'), value: (r) => r.upgradeFailed },
        ]}
        chart={
          <EChart
            label={t('insight.trend')}
            option={{
              tooltip: { trigger: 'axis' },
              legend: { top: 0 },
              grid: { left: 48, right: 24, top: 40, bottom: 32 },
              xAxis: { type: 'category', data: trend.map((d) => d.day) },
              yAxis: { type: 'value', minInterval: 1 },
              series: [
                { name: t('insight.devices'), type: 'line', data: trend.map((d) => d.devices) },
                { name: t('insight.activations'), type: 'bar', data: trend.map((d) => d.activations) },
                { name: t('insight.upgradeSucceeded'), type: 'bar', data: trend.map((d) => d.upgradeSuccess) },
                { name: t('insight.upgradeFailed'), type: 'bar', data: trend.map((d) => d.upgradeFailed) },
              ],
            }}
          />
        }
      />
      <ChartCard
        failure={failure}
        title={t('insight.appTrend')}
        testId="chart-app"
        csvName="end-users-sales"
        rows={appTrend}
        rowKey={(r) => r.day}
        columns={[
          { key: 'day', title: t('insight.day'), value: (r) => r.day },
          { key: 'endUsers', title: t('insight.endUsers'), value: (r) => r.activeEndUsers ?? '-' },
          ...(sales
            ? [
                { key: 'ordersPaid', title: t('insight.ordersPaid'), value: (r: (typeof appTrend)[number]) => r.ordersPaid ?? 0 },
                { key: 'salesAmount', title: t('insight.salesAmount'), value: (r: (typeof appTrend)[number]) => money(r.salesAmount ?? 0) },
              ]
            : []),
        ]}
        chart={
          <EChart
            label={t('insight.appTrend')}
            option={{
              tooltip: { trigger: 'axis' },
              legend: { top: 0 },
              grid: { left: 48, right: 48, top: 40, bottom: 32 },
              xAxis: { type: 'category', data: appTrend.map((d) => d.day) },
              yAxis: [{ type: 'value', minInterval: 1 }, ...(sales ? [{ type: 'value' as const, position: 'right' as const }] : [])],
              series: [
                { name: t('insight.endUsers'), type: 'line', data: appTrend.map((d) => d.activeEndUsers ?? 0) },
                ...(sales
                  ? [
                      { name: t('insight.ordersPaid'), type: 'bar' as const, data: appTrend.map((d) => d.ordersPaid ?? 0) },
                      {
                        name: t('insight.salesAmount'),
                        type: 'line' as const,
                        yAxisIndex: 1,
                        data: appTrend.map((d) => (d.salesAmount ?? 0) / 100),
                      },
                    ]
                  : []),
              ],
            }}
          />
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ChartCard
            failure={failure}
            title={t('insight.byVersionChart')}
            testId="chart-versions"
            csvName="versions"
            rows={versions}
            rowKey={(r) => r.version}
            columns={[
              { key: 'version', title: t('insight.version'), value: (r) => r.version },
              {
                key: 'devices',
                title: t('insight.devices'),
                value: (r) => r.devices,
                link: (r) => healthLink(state, { version: r.version }),
              },
            ]}
            chart={
              <EChart
                label={t('insight.byVersionChart')}
                testId="versions-chart"
                onClick={(p) => void navigate(healthLink(state, { version: p.name }))}
                option={{
                  tooltip: {},
                  grid: { left: 100, right: 24, top: 16, bottom: 32 },
                  xAxis: { type: 'value', minInterval: 1 },
                  yAxis: { type: 'category', data: versions.map((v) => v.version), inverse: true },
                  series: [{ name: t('insight.devices'), type: 'bar', data: versions.map((v) => v.devices), cursor: 'pointer' }],
                }}
              />
            }
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartCard
            failure={failure}
            title={t('insight.byCountryChart')}
            testId="chart-countries"
            csvName="countries"
            rows={countries}
            rowKey={(r) => r.country}
            columns={[
              { key: 'country', title: t('insight.country'), value: (r) => countryName(r.country) },
              { key: 'devices', title: t('insight.devices'), value: (r) => r.devices },
            ]}
            chart={
              <EChart
                label={t('insight.byCountryChart')}
                onClick={(p) =>
                  countries[p.dataIndex]?.country !== 'OTHERS' &&
                  void navigate(healthLink(state, { country: countries[p.dataIndex]?.country }))
                }
                option={{
                  tooltip: {},
                  grid: { left: 80, right: 24, top: 16, bottom: 32 },
                  xAxis: { type: 'value', minInterval: 1 },
                  yAxis: { type: 'category', data: countries.map((c) => countryName(c.country)), inverse: true },
                  series: [{ name: t('insight.devices'), type: 'bar', data: countries.map((c) => c.devices), cursor: 'pointer' }],
                }}
              />
            }
          />
        </Col>
      </Row>
      <ChartCard
        failure={failure}
        title={t('insight.topCustomers')}
        testId="chart-customers"
        csvName="customers"
        rows={customers}
        rowKey={(r) => String(r.companyId)}
        columns={[
          { key: 'name', title: t('insight.customer'), value: (r) => r.name, width: 240 },
          { key: 'devices', title: t('insight.devices'), value: (r) => r.devices },
        ]}
        chart={
          <EChart
            label={t('insight.topCustomers')}
            height={Math.max(160, customers.length * 32 + 48)}
            onClick={(p) => void navigate(healthLink(state, { customerId: customers[p.dataIndex]?.companyId }))}
            option={{
              tooltip: {},
              grid: { left: 180, right: 24, top: 16, bottom: 32 },
              xAxis: { type: 'value', minInterval: 1 },
              yAxis: { type: 'category', data: customers.map((c) => c.name), inverse: true },
              series: [{ name: t('insight.devices'), type: 'bar', data: customers.map((c) => c.devices), cursor: 'pointer' }],
            }}
          />
        }
      />
    </StatsLayout>
  );
}
