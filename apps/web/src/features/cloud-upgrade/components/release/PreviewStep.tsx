import { ReloadOutlined } from '../../../../components/icons';
import type { ReleasePreview } from '@portal/contract';
import { Alert, Button, Col, Empty, Flex, Row, Skeleton, Statistic, Table, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../../lib/i18n';
import { countryName } from '../../lib/display';

export interface PreviewRow {
  key: string;
  label: string;
  preview: ReleasePreview | null;
  /** Gray release: waves after this many are the promotion (the rest of the devices, after promote). */
  grayWaves?: number;
}

const NUMBERS = ['targetQuantity', 'noticeQuantity', 'busyElsewhere', 'unknownTargets', 'incompatible', 'alreadyUpgraded'] as const;

function PreviewDetail({ preview, grayWaves }: { preview: ReleasePreview; grayWaves?: number }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const byCountry = [...preview.byCountry].sort((a, b) => b.devices - a.devices);
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {NUMBERS.map((k) => (
          <Col xs={12} md={8} xl={4} key={k}>
            <Statistic
              title={t(`upgrade.preview.${k}`)}
              value={preview[k]}
              styles={{
                content: {
                  fontSize: 22,
                  color: k === 'targetQuantity' ? '#1668dc' : k === 'noticeQuantity' ? '#389e0d' : preview[k] > 0 ? '#d48806' : undefined,
                },
              }}
            />
          </Col>
        ))}
      </Row>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Typography.Text strong>{t('upgrade.preview.byCountry')}</Typography.Text>
          <Table
            size="small"
            rowKey="country"
            pagination={byCountry.length > 8 ? { pageSize: 8, size: 'small' } : false}
            dataSource={byCountry}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('upgrade.preview.noCountries')} /> }}
            columns={[
              { key: 'country', title: t('upgrade.field.country'), render: (_, r) => `${countryName(r.country, locale)} (${r.country})` },
              { key: 'devices', title: t('upgrade.wave.devices'), dataIndex: 'devices', align: 'right' },
            ]}
          />
        </Col>
        <Col xs={24} lg={12}>
          <Typography.Text strong>{t('upgrade.preview.waves')}</Typography.Text>
          <Table
            size="small"
            rowKey="index"
            pagination={false}
            dataSource={preview.waves}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('upgrade.preview.noWaves')} /> }}
            columns={[
              {
                key: 'index',
                title: t('upgrade.wave.wave'),
                render: (_, r) => (
                  <>
                    {t('upgrade.wave.nth', { n: r.index })}
                    {grayWaves !== undefined && r.index > grayWaves && (
                      <Tag color="purple" style={{ marginInlineStart: 6 }}>
                        {t('upgrade.wave.promotion')}
                      </Tag>
                    )}
                  </>
                ),
              },
              { key: 'size', title: t('upgrade.wave.devices'), dataIndex: 'size', align: 'right' },
              {
                key: 'pace',
                title: t('upgrade.wave.pace'),
                render: (_, r) => (r.paceMinutes ? t('upgrade.minutesCount', { count: r.paceMinutes }) : '-'),
              },
            ]}
          />
        </Col>
      </Row>
    </Flex>
  );
}

/** Step 4: what the release would reach, per task to create, before anything is submitted. */
export function PreviewStep({ rows, loading, onRefresh }: { rows: PreviewRow[]; loading: boolean; onRefresh: () => void }) {
  const { t } = useTranslation();
  const ready = rows.filter((r): r is PreviewRow & { preview: ReleasePreview } => !!r.preview);
  const empty = ready.filter((r) => r.preview.targetQuantity === 0);
  return (
    <Flex vertical gap={16} data-testid="release-preview">
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">
          {rows.length > 1 ? t('upgrade.preview.batch', { count: rows.length }) : t('upgrade.preview.single')}
        </Typography.Text>
        <Button icon={<ReloadOutlined />} onClick={onRefresh} loading={loading}>
          {t('upgrade.preview.refresh')}
        </Button>
      </Flex>
      {loading && ready.length === 0 ? (
        <Skeleton active />
      ) : rows.length === 1 && ready[0] ? (
        <PreviewDetail preview={ready[0].preview} grayWaves={ready[0].grayWaves} />
      ) : (
        <>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={rows}
            columns={[
              {
                key: 'label',
                title: t('upgrade.preview.task'),
                dataIndex: 'label',
                render: (v: string, _r, i) => (
                  <>
                    <Tag>{i + 1}</Tag>
                    {v}
                  </>
                ),
              },
              ...NUMBERS.map((k) => ({
                key: k,
                title: t(`upgrade.preview.${k}`),
                align: 'right' as const,
                render: (_: unknown, r: PreviewRow) => r.preview?.[k] ?? '-',
              })),
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <b>{t('upgrade.preview.total')}</b>
                </Table.Summary.Cell>
                {NUMBERS.map((k, i) => (
                  <Table.Summary.Cell index={i + 1} key={k} align="right">
                    <b>{ready.reduce((n, r) => n + r.preview[k], 0)}</b>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            )}
          />
          {ready.length > 0 && (
            <Tabs
              size="small"
              items={ready.map((r, i) => ({
                key: r.key,
                label: `${i + 1}. ${r.label}`,
                children: <PreviewDetail preview={r.preview} grayWaves={r.grayWaves} />,
              }))}
            />
          )}
        </>
      )}
      {!loading && ready.length < rows.length && (
        <Alert
          type="error"
          showIcon
          title={t('upgrade.preview.failed')}
          description={t('upgrade.preview.failedHint')}
          data-testid="preview-failed"
        />
      )}
      {empty.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('upgrade.preview.emptyWarning', { count: empty.length })}
          description={t('upgrade.preview.emptyHint')}
        />
      )}
    </Flex>
  );
}
