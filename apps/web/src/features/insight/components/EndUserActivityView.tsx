/**
 * Usage and diagnostics: end-user activity. Daily active end users over the range (a line), the
 * range's and the month's active end users, and the active end users by platform and by app
 * version, each chart with its Table toggle and CSV; platform and app version filters in the URL.
 * Read from the end-user log (the end users the caller sees there); days in the reporting time zone.
 */
import { Card, Col, Row, Select, Statistic, Typography } from 'antd';
import { END_USER_LOG_PLATFORMS } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useEndUserActivity } from '../api/insight-api';
import { ChartCard } from './ChartCard';
import { DiagnosticsLayout, noteAnsweredZone, useDiagnosticsRange } from './DiagnosticsLayout';
import { LazyEChart as EChart } from './LazyEChart';
import { failureOf } from './StatsError';

export default function EndUserActivityView() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const platform = params.get('platform') ?? undefined;
  const appVersion = params.get('appVersion') ?? undefined;
  const zone = useDiagnosticsRange();
  const answer = useEndUserActivity({
    range: zone.range,
    ...(platform ? { platform } : {}),
    ...(appVersion ? { appVersion } : {}),
  });
  const data = answer.data;
  noteAnsweredZone(zone, data?.timeZone);
  const failure = failureOf(answer);
  const set = (k: string, v: string | undefined) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    setParams(next, { replace: true });
  };
  const platformName = (p: string) =>
    (END_USER_LOG_PLATFORMS as readonly string[]).includes(p) ? t(`insight.eul.platforms.${p}`) : p || t('insight.unknown');
  const daily = data?.daily ?? [];
  const platforms = data?.platforms ?? [];
  const versions = data?.appVersions ?? [];
  const versionLabel = (v: { platform: string; appVersion: string }) => `${platformName(v.platform)} ${v.appVersion || '-'}`;
  return (
    <DiagnosticsLayout
      meta={
        data ? (
          <Typography.Text type="secondary" data-testid="stats-meta">
            {t('insight.diag.liveZone', { zone: data.timeZone })}
          </Typography.Text>
        ) : null
      }
      filters={
        <>
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder={t('insight.eul.platform')}
            aria-label={t('insight.eul.platform')}
            value={platform}
            onChange={(v: string | undefined) => set('platform', v)}
            options={END_USER_LOG_PLATFORMS.map((p) => ({ value: p, label: platformName(p) }))}
          />
          <Select
            allowClear
            showSearch
            style={{ width: 150 }}
            placeholder={t('insight.eul.appVersion')}
            aria-label={t('insight.eul.appVersion')}
            value={appVersion}
            onChange={(v: string | undefined) => set('appVersion', v)}
            options={[...new Set([...versions.map((v) => v.appVersion), ...(appVersion ? [appVersion] : [])])]
              .filter(Boolean)
              .sort()
              .map((v) => ({ value: v, label: v }))}
          />
        </>
      }
    >
      <Row gutter={[16, 16]}>
        {[
          { key: 'rangeActive', title: t('insight.diag.rangeActive'), value: data?.rangeActive },
          { key: 'monthlyActive', title: t('insight.diag.monthlyActive'), value: data?.monthlyActive },
          {
            key: 'dailyAverage',
            title: t('insight.diag.dailyAverage'),
            value: daily.length ? Math.round((daily.reduce((n, d) => n + d.active, 0) / daily.length) * 10) / 10 : undefined,
          },
        ].map((c) => (
          <Col xs={24} sm={8} key={c.key}>
            <Card variant="borderless" className="portal-card" data-testid={`activity-card-${c.key}`}>
              <Statistic title={c.title} value={c.value ?? '-'} loading={!data && !failure} />
            </Card>
          </Col>
        ))}
      </Row>
      <ChartCard
        failure={failure}
        title={t('insight.diag.dailyActive')}
        testId="chart-daily-active"
        csvName="daily-active-end-users"
        rows={daily}
        rowKey={(r) => r.day}
        columns={[
          { key: 'day', title: t('insight.day'), value: (r) => r.day },
          { key: 'active', title: t('insight.diag.active'), value: (r) => r.active },
        ]}
        chart={
          <EChart
            label={t('insight.diag.dailyActive')}
            testId="daily-active"
            option={{
              tooltip: { trigger: 'axis' },
              grid: { left: 48, right: 24, top: 24, bottom: 32 },
              xAxis: { type: 'category', data: daily.map((d) => d.day) },
              yAxis: { type: 'value', minInterval: 1 },
              series: [{ name: t('insight.diag.active'), type: 'line', data: daily.map((d) => d.active) }],
            }}
          />
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <ChartCard
            failure={failure}
            title={t('insight.diag.byPlatform')}
            testId="chart-active-by-platform"
            csvName="active-by-platform"
            rows={platforms}
            rowKey={(r) => r.platform}
            columns={[
              { key: 'platform', title: t('insight.eul.platform'), value: (r) => platformName(r.platform) },
              { key: 'active', title: t('insight.diag.active'), value: (r) => r.active },
            ]}
            chart={
              <EChart
                label={t('insight.diag.byPlatform')}
                height={Math.max(180, platforms.length * 34 + 48)}
                option={{
                  tooltip: {},
                  grid: { left: 100, right: 24, top: 16, bottom: 32 },
                  xAxis: { type: 'value', minInterval: 1 },
                  yAxis: { type: 'category', data: platforms.map((p) => platformName(p.platform)), inverse: true },
                  series: [{ name: t('insight.diag.active'), type: 'bar', data: platforms.map((p) => p.active) }],
                }}
              />
            }
          />
        </Col>
        <Col xs={24} xl={14}>
          <ChartCard
            failure={failure}
            title={t('insight.diag.byAppVersion')}
            testId="chart-active-by-version"
            csvName="active-by-app-version"
            rows={versions}
            rowKey={(r) => `${r.platform}|${r.appVersion}`}
            columns={[
              { key: 'platform', title: t('insight.eul.platform'), value: (r) => platformName(r.platform) },
              { key: 'appVersion', title: t('insight.eul.appVersion'), value: (r) => r.appVersion || '-' },
              { key: 'active', title: t('insight.diag.active'), value: (r) => r.active },
            ]}
            chart={
              <EChart
                label={t('insight.diag.byAppVersion')}
                height={Math.max(180, versions.length * 34 + 48)}
                option={{
                  tooltip: {},
                  grid: { left: 140, right: 24, top: 16, bottom: 32 },
                  xAxis: { type: 'value', minInterval: 1 },
                  yAxis: { type: 'category', data: versions.map(versionLabel), inverse: true },
                  series: [{ name: t('insight.diag.active'), type: 'bar', data: versions.map((v) => v.active) }],
                }}
              />
            }
          />
        </Col>
      </Row>
    </DiagnosticsLayout>
  );
}
