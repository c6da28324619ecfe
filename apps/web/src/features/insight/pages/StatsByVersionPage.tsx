/** Data statistics: By version (share over time; availability and failure rate per version). */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStatsByVersion, useStatsOptions } from '../api/insight-api';
import { ChartCard } from '../components/ChartCard';
import { failureOf } from '../components/StatsError';
import { EChart } from '../components/EChart';
import { healthLink, statsQueryOf, useStatsFilters } from '../components/stats-filters';
import { pct, rate, StatsLayout } from '../components/StatsTabs';

export default function StatsByVersionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state } = useStatsFilters();
  const options = useStatsOptions();
  const tz = options.data?.timeZone;
  const byVersion = useStatsByVersion(tz ? statsQueryOf(state, tz) : null);
  const data = byVersion.data;
  const failure = failureOf(options, byVersion);
  const versions = data?.versions ?? [];
  const days = data?.days ?? [];
  const names = [...new Set((data?.share ?? []).map((s) => s.version))].sort();
  const share = (day: string, version: string) => data?.share.find((s) => s.day === day && s.version === version)?.devices ?? 0;
  return (
    <StatsLayout meta={data} exportOf={tz ? { ...statsQueryOf(state, tz), table: 'byVersion' } : null}>
      <ChartCard
        failure={failure}
        title={t('insight.versionShare')}
        testId="chart-version-share"
        csvName="version-share"
        rows={data?.share ?? []}
        rowKey={(r) => `${r.day}|${r.version}`}
        columns={[
          { key: 'day', title: t('insight.day'), value: (r) => r.day },
          { key: 'version', title: t('insight.version'), value: (r) => r.version },
          { key: 'devices', title: t('insight.devices'), value: (r) => r.devices },
        ]}
        chart={
          <EChart
            label={t('insight.versionShare')}
            option={{
              tooltip: { trigger: 'axis' },
              legend: { type: 'scroll', top: 0 },
              grid: { left: 48, right: 24, top: 40, bottom: 32 },
              xAxis: { type: 'category', data: days },
              yAxis: { type: 'value', minInterval: 1 },
              series: names.map((v) => ({ name: v, type: 'bar', stack: 'share', data: days.map((d) => share(d, v)) })),
            }}
          />
        }
      />
      <ChartCard
        failure={failure}
        title={t('insight.byVersionChart')}
        testId="chart-by-version"
        csvName="versions"
        rows={versions}
        rowKey={(r) => r.version}
        columns={[
          { key: 'version', title: t('insight.version'), value: (r) => r.version },
          { key: 'devices', title: t('insight.devices'), value: (r) => r.devices, link: (r) => healthLink(state, { version: r.version }) },
          { key: 'onlineRate', title: t('insight.availability'), value: (r) => pct(r.onlineRate) },
          { key: 'upgradeFailed', title: t('insight.upgradeFailed'), value: (r) => r.upgradeFailed },
          {
            key: 'failureRate',
            title: t('insight.failureRate'),
            value: (r) => pct(r.upgradeSuccess + r.upgradeFailed === 0 ? null : 1 - (rate(r.upgradeSuccess, r.upgradeFailed) ?? 0)),
          },
        ]}
        chart={
          <EChart
            label={t('insight.byVersionChart')}
            testId="version-bars"
            height={Math.max(180, versions.length * 34 + 48)}
            onClick={(p) => void navigate(healthLink(state, { version: versions[p.dataIndex]?.version }))}
            option={{
              tooltip: {},
              grid: { left: 110, right: 24, top: 16, bottom: 32 },
              xAxis: { type: 'value', minInterval: 1 },
              yAxis: { type: 'category', data: versions.map((v) => v.version), inverse: true },
              series: [{ name: t('insight.devices'), type: 'bar', data: versions.map((v) => v.devices), cursor: 'pointer' }],
            }}
          />
        }
      />
    </StatsLayout>
  );
}
