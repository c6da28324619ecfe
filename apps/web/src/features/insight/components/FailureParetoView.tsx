/**
 * Usage and diagnostics: failure codes. A Pareto of the upgrade failures of the range by code (bars,
 * most first, with the running share as a line), failures by model and by from-to version, each
 * with its Table toggle and CSV; filters (model, from- and to-version) in the URL. The figures come
 * from the failure rollup; days are cut in the reporting time zone.
 */
import { Col, Row, Select } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFailurePareto, type FailureParetoQuery } from '../api/insight-api';
import { ChartCard } from './ChartCard';
import { DiagnosticsLayout, noteAnsweredZone, useDiagnosticsRange } from './DiagnosticsLayout';
import { LazyEChart as EChart } from './LazyEChart';
import { StatsMeta } from './StatsFilters';
import { failureOf } from './StatsError';
import { pct } from './StatsTabs';

const FILTERS = ['model', 'fromVersion', 'toVersion'] as const;

export default function FailureParetoView() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? undefined])) as Record<
    (typeof FILTERS)[number],
    string | undefined
  >;
  const zone = useDiagnosticsRange();
  const { range } = zone;
  const query: FailureParetoQuery = { range };
  for (const k of FILTERS) if (filter[k]) query[k] = filter[k];
  const answer = useFailurePareto(query);
  const data = answer.data;
  noteAnsweredZone(zone, data?.timeZone);
  const failure = failureOf(answer);
  const setFilter = (k: (typeof FILTERS)[number], v: string | undefined) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    setParams(next, { replace: true });
  };
  const codes = data?.codes ?? [];
  const models = data?.models ?? [];
  const versions = data?.versions ?? [];
  const pair = (v: { fromVersion: string; toVersion: string }) =>
    t('insight.diag.versionPair', { from: v.fromVersion || '-', to: v.toVersion || t('insight.diag.noTask') });
  const opts = (values: string[]) => [...new Set(values.filter(Boolean))].sort().map((v) => ({ value: v, label: v }));
  const select = (k: (typeof FILTERS)[number], values: string[], width = 150) => (
    <Select
      allowClear
      showSearch
      style={{ width }}
      placeholder={t(`insight.diag.${k}`)}
      aria-label={t(`insight.diag.${k}`)}
      value={filter[k]}
      onChange={(v: string | undefined) => setFilter(k, v)}
      options={opts([...values, ...(filter[k] ? [filter[k]] : [])])}
    />
  );
  return (
    <DiagnosticsLayout
      meta={<StatsMeta timeZone={data?.timeZone} updatedAt={data?.updatedAt} />}
      filters={
        <>
          {select(
            'model',
            models.map((m) => m.model),
          )}
          {select(
            'fromVersion',
            versions.map((v) => v.fromVersion),
          )}
          {select(
            'toVersion',
            versions.map((v) => v.toVersion),
          )}
        </>
      }
    >
      <ChartCard
        failure={failure}
        title={t('insight.diag.paretoTitle', { total: data?.total ?? 0 })}
        testId="chart-failure-pareto"
        csvName="failure-codes"
        rows={codes}
        rowKey={(r) => r.code}
        columns={[
          { key: 'code', title: t('insight.diag.code'), value: (r) => r.code || '-' },
          { key: 'failures', title: t('insight.diag.failures'), value: (r) => r.failures },
          { key: 'cumulative', title: t('insight.diag.cumulative'), value: (r) => pct(r.cumulative) },
        ]}
        chart={
          <EChart
            label={t('insight.diag.paretoLabel')}
            testId="failure-pareto"
            option={{
              tooltip: { trigger: 'axis' },
              legend: { top: 0 },
              grid: { left: 48, right: 56, top: 40, bottom: 48 },
              xAxis: { type: 'category', data: codes.map((c) => c.code || '-'), axisLabel: { rotate: codes.length > 6 ? 30 : 0 } },
              yAxis: [
                { type: 'value', minInterval: 1, name: t('insight.diag.failures') },
                { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
              ],
              series: [
                { name: t('insight.diag.failures'), type: 'bar', data: codes.map((c) => c.failures) },
                {
                  name: t('insight.diag.cumulative'),
                  type: 'line',
                  yAxisIndex: 1,
                  data: codes.map((c) => Math.round(c.cumulative * 1000) / 10),
                },
              ],
            }}
          />
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <ChartCard
            failure={failure}
            title={t('insight.diag.byModel')}
            testId="chart-failures-by-model"
            csvName="failures-by-model"
            rows={models}
            rowKey={(r) => r.model}
            columns={[
              { key: 'model', title: t('insight.model'), value: (r) => r.model || '-' },
              { key: 'failures', title: t('insight.diag.failures'), value: (r) => r.failures },
            ]}
            chart={
              <EChart
                label={t('insight.diag.byModel')}
                height={Math.max(180, models.length * 34 + 48)}
                option={{
                  tooltip: {},
                  grid: { left: 110, right: 24, top: 16, bottom: 32 },
                  xAxis: { type: 'value', minInterval: 1 },
                  yAxis: { type: 'category', data: models.map((m) => m.model || '-'), inverse: true },
                  series: [{ name: t('insight.diag.failures'), type: 'bar', data: models.map((m) => m.failures) }],
                }}
              />
            }
          />
        </Col>
        <Col xs={24} xl={14}>
          <ChartCard
            failure={failure}
            title={t('insight.diag.byVersion')}
            testId="chart-failures-by-version"
            csvName="failures-by-version"
            rows={versions}
            rowKey={(r) => `${r.fromVersion}|${r.toVersion}`}
            columns={[
              { key: 'from', title: t('insight.diag.fromVersion'), value: (r) => r.fromVersion || '-' },
              { key: 'to', title: t('insight.diag.toVersion'), value: (r) => r.toVersion || t('insight.diag.noTask') },
              { key: 'failures', title: t('insight.diag.failures'), value: (r) => r.failures },
            ]}
            chart={
              <EChart
                label={t('insight.diag.byVersion')}
                height={Math.max(180, versions.length * 34 + 48)}
                option={{
                  tooltip: {},
                  grid: { left: 180, right: 24, top: 16, bottom: 32 },
                  xAxis: { type: 'value', minInterval: 1 },
                  yAxis: { type: 'category', data: versions.map(pair), inverse: true },
                  series: [{ name: t('insight.diag.failures'), type: 'bar', data: versions.map((v) => v.failures) }],
                }}
              />
            }
          />
        </Col>
      </Row>
    </DiagnosticsLayout>
  );
}
