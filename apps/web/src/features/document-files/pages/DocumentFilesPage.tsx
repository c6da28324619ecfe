import { Card, Empty, Input, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicShell } from '../../../components/PublicShell';
import { DownloadOutlined } from '../../../components/icons';
import { formatDateTime } from '../../../lib/format';
import { usePublicDocuments } from '../api/documents-api';

/** The host brand's public documents (no login): searched, grouped by folder, each with its download link. */
export default function DocumentFilesPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const { data, isFetching } = usePublicDocuments(search);
  const folders = [...new Set((data ?? []).map((d) => d.folder))].sort();
  return (
    <PublicShell titleKey="publicPages.documentFiles" width={860}>
      <Card variant="borderless" className="portal-card">
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          {t('documentFiles.title')}
        </Typography.Title>
        <Input.Search
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(v) => setSearch(v.trim())}
          placeholder={t('documentFiles.search')}
          aria-label={t('documentFiles.search')}
          enterButton={t('documentFiles.searchButton')}
          loading={isFetching}
          style={{ maxWidth: 420, marginBottom: 16 }}
        />
        {data && data.length === 0 && <Empty description={t('documentFiles.empty')} />}
        {folders.map((f) => (
          <section key={f}>
            <Typography.Title level={2} style={{ fontSize: 18 }}>
              {f || t('documentFiles.noFolder')}
            </Typography.Title>
            <List
              dataSource={(data ?? []).filter((d) => d.folder === f)}
              renderItem={(d) => (
                <List.Item
                  actions={[
                    <Typography.Link key="dl" href={d.url} download>
                      <DownloadOutlined /> {t('documentFiles.download', { name: d.title })}
                    </Typography.Link>,
                  ]}
                >
                  <List.Item.Meta title={d.title} description={`${d.locale} · ${formatDateTime(d.updatedAt)}`} />
                </List.Item>
              )}
            />
          </section>
        ))}
      </Card>
    </PublicShell>
  );
}
