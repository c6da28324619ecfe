import { Card, Col, Empty, Input, List, Row, Space, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicShell } from '../../../components/PublicShell';
import { DownloadOutlined } from '../../../components/icons';
import { formatDateTime } from '../../../lib/format';
import { usePublicDocuments, type PublicDocuments } from '../api/documents-api';

const ALL = 'all';

function folderTree(folders: PublicDocuments['folders'], allLabel: string): DataNode[] {
  const childrenOf = (parentId: number | null): DataNode[] =>
    folders.filter((f) => f.parentId === parentId).map((f) => ({ key: String(f.id), title: f.name, children: childrenOf(f.id) }));
  return [{ key: ALL, title: allLabel, children: childrenOf(null) }];
}

/** The folders below (and with) a folder. */
function subtreeIds(folders: PublicDocuments['folders'], id: number): Set<number> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const f of folders)
      if (f.parentId !== null && out.has(f.parentId) && !out.has(f.id)) {
        out.add(f.id);
        grew = true;
      }
  }
  return out;
}

const sizeText = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : n >= 1024 ? `${Math.ceil(n / 1024)} KB` : n > 0 ? `${n} B` : '';

/** The host brand's public documents (no login): a folder tree, a searched list, every version downloadable (resumable). */
export default function DocumentFilesPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [folder, setFolder] = useState<string>(ALL);
  const { data, isFetching } = usePublicDocuments(search);
  const folders = useMemo(() => data?.folders ?? [], [data]);
  const tree = useMemo(() => folderTree(folders, t('documentFiles.allFolders')), [folders, t]);
  const inFolder = folder === ALL ? null : subtreeIds(folders, Number(folder));
  const documents = (data?.documents ?? []).filter((d) => !inFolder || inFolder.has(d.folderId));
  const folderName = (id: number) => folders.find((f) => f.id === id)?.name ?? '';
  return (
    <PublicShell titleKey="publicPages.documentFiles" width={1100}>
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
        <Row gutter={24}>
          <Col xs={24} md={7}>
            <nav aria-label={t('documentFiles.folders')}>
              <Typography.Title level={2} style={{ fontSize: 16 }}>
                {t('documentFiles.folders')}
              </Typography.Title>
              <Tree
                // remounted when the folders arrive, so that they open expanded
                key={folders.length}
                treeData={tree}
                defaultExpandAll
                selectedKeys={[folder]}
                onSelect={(keys) => setFolder(keys.length ? String(keys[0]) : ALL)}
              />
            </nav>
          </Col>
          <Col xs={24} md={17}>
            {data && documents.length === 0 && <Empty description={t('documentFiles.empty')} />}
            <List
              dataSource={documents}
              renderItem={(d) => {
                const latest = d.versions[0]!;
                return (
                  <List.Item>
                    <div style={{ width: '100%' }}>
                      <Space wrap>
                        <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
                          {d.title}
                        </Typography.Title>
                        <Tag>{t(`documentFiles.kind.${d.kind}`)}</Tag>
                        <Typography.Text type="secondary">{folderName(d.folderId)}</Typography.Text>
                      </Space>
                      <ul
                        style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}
                        aria-label={t('documentFiles.versionsOf', { name: d.title })}
                      >
                        {d.versions.map((v) => (
                          <li key={v.id} style={{ padding: '4px 0' }}>
                            <Space wrap size={12}>
                              <Typography.Link
                                href={v.url}
                                target={d.kind === 'video' || d.kind === 'datasheet' ? '_blank' : undefined}
                                rel="noopener noreferrer"
                              >
                                <DownloadOutlined /> {t('documentFiles.download', { name: `${v.name} (v${v.n})` })}
                              </Typography.Link>
                              <Tag color={v.id === latest.id ? 'blue' : undefined}>{v.locale}</Tag>
                              <Typography.Text type="secondary">
                                {[sizeText(v.size), formatDateTime(v.createdAt)].filter(Boolean).join(' · ')}
                              </Typography.Text>
                              {v.notes && <Typography.Text>{v.notes}</Typography.Text>}
                            </Space>
                          </li>
                        ))}
                      </ul>
                    </div>
                  </List.Item>
                );
              }}
            />
          </Col>
        </Row>
      </Card>
    </PublicShell>
  );
}
