import { CONTENT_TYPES, LOCALES } from '@portal/contract';
import { Alert, Card, Col, Empty, List, Row, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useOverview } from '../api/content-api';

/** Counts by type, locale and state; missing translations; schedules and their failures; SEO gaps; the site's addresses. */
export function OverviewPanel() {
  const { t } = useTranslation();
  const { data } = useOverview();
  if (!data) return null;
  if (!data.site) return <Empty description={t('content.noSite')} />;
  const rows = CONTENT_TYPES.map((type) => {
    const row: Record<string, number | string> = { type };
    for (const l of LOCALES)
      for (const s of ['draft', 'released'] as const)
        row[`${l}.${s}`] = data.counts.find((c) => c.type === type && c.locale === l && c.state === s)?.count ?? 0;
    return row;
  }).filter((r) => Object.values(r).some((v) => typeof v === 'number' && v > 0));
  const siteUrl = `/site/${data.site.slug}/`;
  return (
    <>
      <Typography.Paragraph>
        {t('content.siteAddress')}:{' '}
        <Typography.Link href={siteUrl} target="_blank" rel="noopener noreferrer" data-testid="site-link">
          {siteUrl}
        </Typography.Link>
        {data.site.domains.map((d) => (
          <span key={d}>
            {' · '}
            <Typography.Text code>{d}</Typography.Text>
          </span>
        ))}
      </Typography.Paragraph>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {data.missingTranslations.map((m) => (
          <Col key={m.locale} xs={12} md={6}>
            <Card size="small">
              <Statistic title={t('content.missingIn', { locale: m.locale })} value={m.count} />
            </Card>
          </Col>
        ))}
        <Col xs={12} md={6}>
          <Card size="small">
            <Statistic title={t('content.pendingSchedules')} value={data.pendingSchedules} />
          </Card>
        </Col>
        {(
          [
            ['missingDescriptions', data.missingDescriptions],
            ['duplicateTitles', data.duplicateTitles],
            ['imagesWithoutAlt', data.imagesWithoutAlt],
            ['brokenLinks', data.brokenLinks],
          ] as const
        ).map(([key, value]) => (
          <Col key={key} xs={12} md={6}>
            <Card size="small">
              <Statistic title={t(`content.${key}`)} value={value} />
            </Card>
          </Col>
        ))}
      </Row>
      {data.failedSchedules.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('content.failedSchedules')}
          description={
            <List
              size="small"
              dataSource={data.failedSchedules}
              renderItem={(s) => (
                <List.Item>
                  {s.itemTitle} ({s.locale}) · {t(`content.action.${s.action}`)} · {formatDateTime(s.runAt)} · {s.reason}
                </List.Item>
              )}
            />
          }
        />
      )}
      <Table
        size="small"
        rowKey="type"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 720 }}
        columns={[
          { key: 'type', title: t('content.typeLabel'), width: 180, render: (_, r) => t(`content.type.${r.type as string}`) },
          ...LOCALES.flatMap((l) =>
            (['draft', 'released'] as const).map((s) => ({
              key: `${l}.${s}`,
              title: `${l} · ${t(`content.state.${s}`)}`,
              dataIndex: `${l}.${s}`,
              width: 130,
              align: 'right' as const,
              render: (v: number | undefined) => formatCount(v ?? 0),
            })),
          ),
        ]}
      />
    </>
  );
}
