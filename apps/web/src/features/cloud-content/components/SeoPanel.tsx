import { SEO_GAP_KINDS, type SeoGap, type SeoGapKind } from '@portal/contract';
import { Empty, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText } from '../../../components/list';
import { useSeoGaps } from '../api/content-api';

/**
 * The SEO tab of cloudIndex: every SEO gap of the released pages (no description, a title shared
 * with another page, an image without alt text, a link to a page of the site that does not answer),
 * filtered by kind.
 */
export function SeoPanel() {
  const { t } = useTranslation();
  const { data, isFetching } = useSeoGaps();
  const [kind, setKind] = useState<SeoGapKind | undefined>();
  const gaps = (data?.gaps ?? []).filter((g) => !kind || g.kind === kind);
  if (data && data.gaps.length === 0) return <Empty description={t('content.seo.none')} />;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('content.seo.intro')}</Typography.Paragraph>
      <Select
        allowClear
        placeholder={t('content.seo.filter')}
        aria-label={t('content.seo.filter')}
        value={kind}
        onChange={setKind}
        options={SEO_GAP_KINDS.map((k) => ({
          value: k,
          label: `${t(`content.seo.kind.${k}`)} (${(data?.gaps ?? []).filter((g) => g.kind === k).length})`,
        }))}
        style={{ width: 260, marginBottom: 12 }}
        data-testid="seo-kind-filter"
      />
      <Table<SeoGap>
        size="small"
        loading={isFetching}
        rowKey={(g) => `${g.kind}-${g.itemId}-${g.locale}-${g.detail}`}
        dataSource={gaps}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 870 }}
        data-testid="seo-gaps"
        columns={[
          { key: 'kind', title: t('content.seo.kindLabel'), width: 200, render: (_, g) => t(`content.seo.kind.${g.kind}`) },
          { key: 'type', title: t('content.typeLabel'), width: 150, render: (_, g) => t(`content.type.${g.type}`) },
          { key: 'locale', title: t('content.locale'), width: 90, render: (_, g) => g.locale },
          { key: 'title', title: t('content.seo.item'), width: 230, render: (_, g) => <CellText text={g.title} /> },
          { key: 'detail', title: t('content.seo.detail'), width: 200, render: (_, g) => <CellText text={g.detail} /> },
        ]}
      />
    </>
  );
}
