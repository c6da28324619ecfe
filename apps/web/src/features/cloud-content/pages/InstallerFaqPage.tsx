import { richTextParagraphsOf, type InstallerFaq } from '@portal/contract';
import { Card, Collapse, Empty, Pagination, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar, useListQuery } from '../../../components/list';
import { useInstallerFaqs } from '../api/content-api';

/**
 * The brand's installer FAQs (audience installers or both), read-only, by FAQ type in the order the
 * brand set: what installers read in the portal. Answers are shown as text (React escapes it).
 */
export default function InstallerFaqPage() {
  const { t } = useTranslation();
  const list = useListQuery<{ searchText?: string }>({});
  const [searchText, setSearchText] = useState('');
  const { data, isFetching } = useInstallerFaqs({ ...list.query, pageSize: 50 });
  const groups: Array<{ title: string; rows: InstallerFaq[] }> = [];
  for (const f of data?.records ?? []) {
    const title = f.typeTitle || t('content.faq.otherType');
    const last = groups[groups.length - 1];
    if (last && last.title === title) last.rows.push(f);
    else groups.push({ title, rows: [f] });
  }
  return (
    <Card variant="borderless" className="portal-card" title={<h1 style={{ fontSize: 18, margin: 0 }}>{t('content.faq.title')}</h1>}>
      <Typography.Paragraph type="secondary">{t('content.faq.intro')}</Typography.Paragraph>
      <ListToolbar
        search={{ value: searchText, onChange: setSearchText, placeholder: t('content.faq.search'), label: t('content.faq.search') }}
        onSearch={() => list.setFilters({ searchText: searchText.trim() || undefined })}
        onReset={() => {
          setSearchText('');
          list.reset();
        }}
      />
      {!isFetching && groups.length === 0 && <Empty description={t('content.faq.none')} />}
      {groups.map((g, i) => (
        <section key={`${g.title}-${i}`} aria-label={g.title} data-testid="installer-faq-group">
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            {g.title}
          </Typography.Title>
          <Collapse
            items={g.rows.map((f) => ({
              key: f.id,
              label: f.question,
              children: richTextParagraphsOf(f.answer).map((p, j) => <Typography.Paragraph key={j}>{p}</Typography.Paragraph>),
            }))}
          />
        </section>
      ))}
      {(data?.total ?? 0) > 50 && (
        <Pagination
          style={{ marginTop: 16 }}
          current={list.query.pageNum}
          pageSize={50}
          total={data?.total ?? 0}
          showSizeChanger={false}
          onChange={(p) => list.setPage(p, 50)}
        />
      )}
    </Card>
  );
}
