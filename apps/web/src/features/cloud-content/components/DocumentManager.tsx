import type { ContentDocument, ContentFolder } from '@portal/contract';
import { App, Button, Card, Col, Form, Input, Modal, Row, Space, Switch, Tag, Tree, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteOutlined, EditOutlined, PlusOutlined, SyncOutlined } from '../../../components/icons';
import { CellText, PagedTable } from '../../../components/list';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useContentAbilities } from '../api/content-api';
import {
  useAutoFiles,
  useDeleteDocument,
  useDeleteFolder,
  useDocuments,
  useFolders,
  useSaveDocument,
  useSaveFolder,
} from '../api/documents-api';
import { DocumentVersionsDrawer } from './DocumentVersionsDrawer';

const ALL = 'all';

function treeOf(folders: ContentFolder[], rootLabel: string): DataNode[] {
  const childrenOf = (parentId: number | null): DataNode[] =>
    folders
      .filter((f) => f.parentId === parentId)
      .map((f) => ({ key: String(f.id), title: `${f.name}${f.documentCount ? ` (${f.documentCount})` : ''}`, children: childrenOf(f.id) }));
  return [{ key: ALL, title: rootLabel, children: childrenOf(null) }];
}

type FolderForm = { mode: 'new' | 'rename'; name: string };
type DocumentForm = { id?: number; title: string; publicAccess: boolean };

/** The file manual: a folder tree, the documents of the chosen folder, and each document's versions. */
export function DocumentManager() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canEdit = useContentAbilities().can('createItem');
  const folders = useFolders();
  const [folderKey, setFolderKey] = useState<string>(ALL);
  const [searchText, setSearchText] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const folderId = folderKey === ALL ? undefined : Number(folderKey);
  const { data, isFetching } = useDocuments({ ...page, folderId, searchText: searchText || undefined });
  const saveFolder = useSaveFolder();
  const deleteFolder = useDeleteFolder();
  const saveDocument = useSaveDocument();
  const deleteDocument = useDeleteDocument();
  const autoFiles = useAutoFiles();
  const [folderForm, setFolderForm] = useState<FolderForm | null>(null);
  const [documentForm, setDocumentForm] = useState<DocumentForm | null>(null);
  const [open, setOpen] = useState<ContentDocument | null>(null);
  const list = useMemo(() => folders.data ?? [], [folders.data]);
  const tree = useMemo(() => treeOf(list, t('contentFiles.allFolders')), [list, t]);
  const folder = list.find((f) => f.id === folderId) ?? null;
  const folderName = (id: number) => list.find((f) => f.id === id)?.name ?? '';

  const submitFolder = async () => {
    if (!folderForm) return;
    const saved = await saveFolder.mutateAsync(
      folderForm.mode === 'rename' && folder
        ? { id: folder.id, parentId: folder.parentId, name: folderForm.name }
        : { parentId: folderId ?? null, name: folderForm.name },
    );
    notify('success', 'content-folder', t('contentFiles.folderSaved'));
    setFolderForm(null);
    setFolderKey(String(saved.id));
  };
  const submitDocument = async () => {
    if (!documentForm || folderId === undefined) return;
    const saved = await saveDocument.mutateAsync({ ...documentForm, folderId });
    notify('success', 'content-document', t('contentFiles.documentSaved'));
    setDocumentForm(null);
    if (documentForm.id === undefined) setOpen(saved);
  };

  const columns: ColumnsType<ContentDocument> = [
    {
      key: 'title',
      title: t('contentFiles.title'),
      minWidth: 220,
      render: (_, d) => (
        <Typography.Link onClick={() => setOpen(d)} data-testid={`document-${d.id}`}>
          <CellText text={d.title} />
        </Typography.Link>
      ),
    },
    { key: 'folder', title: t('contentFiles.folder'), width: 140, render: (_, d) => <CellText text={folderName(d.folderId)} /> },
    { key: 'kind', title: t('contentFiles.kindLabel'), width: 100, render: (_, d) => <Tag>{t(`contentFiles.kind.${d.kind}`)}</Tag> },
    {
      key: 'access',
      title: t('contentFiles.access'),
      width: 110,
      render: (_, d) => (
        <Tag color={d.publicAccess ? 'green' : 'orange'}>{t(d.publicAccess ? 'contentFiles.public' : 'contentFiles.signedIn')}</Tag>
      ),
    },
    {
      key: 'latest',
      title: t('contentFiles.latest'),
      width: 170,
      render: (_, d) =>
        d.latest ? (
          <Space direction="vertical" size={0}>
            <span>{`v${d.latest.n} · ${d.latest.locale}`}</span>
            <Typography.Text type="secondary">{formatDateTime(d.latest.createdAt)}</Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('contentFiles.noVersion')}</Typography.Text>
        ),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: t('contentFiles.actions'),
            width: 96,
            render: (_: unknown, d: ContentDocument) =>
              d.kind === 'file' ? (
                <Space>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('contentFiles.editDocument', { name: d.title })}
                    onClick={() => setDocumentForm({ id: d.id, title: d.title, publicAccess: d.publicAccess })}
                  />
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('contentFiles.deleteDocument', { name: d.title })}
                    onClick={() =>
                      modal.confirm({
                        title: t('contentFiles.confirmDeleteDocument', { name: d.title }),
                        onOk: async () => {
                          await deleteDocument.mutateAsync(d.id);
                          notify('success', 'content-document', t('contentFiles.deleted'));
                        },
                      })
                    }
                  />
                </Space>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Row gutter={16}>
      <Col span={7}>
        <Card size="small" title={t('contentFiles.folders')} className="portal-card">
          {canEdit && (
            <Space wrap style={{ marginBottom: 8 }}>
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setFolderForm({ mode: 'new', name: '' })}
                data-testid="new-folder"
              >
                {t('contentFiles.newFolder')}
              </Button>
              {folder && !folder.auto && (
                <>
                  <Button size="small" icon={<EditOutlined />} onClick={() => setFolderForm({ mode: 'rename', name: folder.name })}>
                    {t('contentFiles.rename')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() =>
                      modal.confirm({
                        title: t('contentFiles.confirmDeleteFolder', { name: folder.name }),
                        onOk: async () => {
                          await deleteFolder.mutateAsync(folder.id);
                          setFolderKey(ALL);
                          notify('success', 'content-folder', t('contentFiles.deleted'));
                        },
                      })
                    }
                  >
                    {t('contentFiles.delete')}
                  </Button>
                </>
              )}
            </Space>
          )}
          <nav aria-label={t('contentFiles.folders')}>
            <Tree
              treeData={tree}
              defaultExpandAll
              key={list.length}
              selectedKeys={[folderKey]}
              onSelect={(keys) => {
                setFolderKey(keys.length ? String(keys[0]) : ALL);
                setPage((p) => ({ ...p, pageNum: 1 }));
              }}
            />
          </nav>
        </Card>
      </Col>
      <Col span={17}>
        <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
          <Input.Search
            allowClear
            placeholder={t('contentFiles.search')}
            aria-label={t('contentFiles.search')}
            onSearch={(v) => {
              setSearchText(v.trim());
              setPage((p) => ({ ...p, pageNum: 1 }));
            }}
            style={{ width: 280 }}
          />
          {canEdit && (
            <Space wrap>
              <Button
                icon={<SyncOutlined />}
                loading={autoFiles.isPending}
                onClick={async () => {
                  const r = await autoFiles.mutateAsync();
                  notify('success', 'content-auto', t('contentFiles.autoDone', r));
                }}
              >
                {t('contentFiles.autoFiles')}
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={!folder || folder.auto}
                title={!folder ? t('contentFiles.chooseFolder') : undefined}
                onClick={() => setDocumentForm({ title: '', publicAccess: true })}
                data-testid="new-document"
              >
                {t('contentFiles.newDocument')}
              </Button>
            </Space>
          )}
        </Space>
        <PagedTable<ContentDocument>
          rowKey="id"
          columns={columns}
          page={data}
          loading={isFetching}
          pageNum={page.pageNum}
          pageSize={page.pageSize}
          onPageChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
        />
      </Col>
      {folderForm && (
        <Modal
          open
          title={t(folderForm.mode === 'new' ? 'contentFiles.newFolder' : 'contentFiles.rename')}
          okText={t('contentFiles.save')}
          cancelText={t('contentFiles.cancel')}
          confirmLoading={saveFolder.isPending}
          onOk={() => void submitFolder().catch(() => {})}
          onCancel={() => setFolderForm(null)}
        >
          <Form layout="vertical">
            <Form.Item label={t('contentFiles.folderName')} htmlFor="folder-name" extra={t('contentFiles.folderNameHint')}>
              <Input
                id="folder-name"
                value={folderForm.name}
                maxLength={255}
                onChange={(e) => setFolderForm({ ...folderForm, name: e.target.value })}
              />
            </Form.Item>
          </Form>
        </Modal>
      )}
      {documentForm && (
        <Modal
          open
          title={t(documentForm.id === undefined ? 'contentFiles.newDocument' : 'contentFiles.editDocument', { name: documentForm.title })}
          okText={t('contentFiles.save')}
          cancelText={t('contentFiles.cancel')}
          confirmLoading={saveDocument.isPending}
          onOk={() => void submitDocument().catch(() => {})}
          onCancel={() => setDocumentForm(null)}
        >
          <Form layout="vertical">
            <Form.Item label={t('contentFiles.title')} htmlFor="document-title">
              <Input
                id="document-title"
                value={documentForm.title}
                maxLength={100}
                onChange={(e) => setDocumentForm({ ...documentForm, title: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('contentFiles.publicAccess')} htmlFor="document-public" extra={t('contentFiles.publicHint')}>
              <Switch
                id="document-public"
                checked={documentForm.publicAccess}
                onChange={(v) => setDocumentForm({ ...documentForm, publicAccess: v })}
              />
            </Form.Item>
          </Form>
        </Modal>
      )}
      {open && <DocumentVersionsDrawer document={open} canEdit={canEdit} onClose={() => setOpen(null)} />}
    </Row>
  );
}
