import { LOCALES, type ContentDocument, type Locale } from '@portal/contract';
import { Button, Drawer, Form, Input, Select, Space, Table, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadOutlined, UploadOutlined } from '../../../components/icons';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useAddVersion, useVersions, versionDownloadUrl } from '../api/documents-api';
import { ContentUploadProgress, useContentUpload } from './ContentUploadProgress';
import type { DocumentVersion } from '@portal/contract';

const ACCEPT = '.pdf,.zip,.docx,.xlsx,.mp4';

/** A document's version history (newest first) with the upload of a new version: file, language, notes. */
export function DocumentVersionsDrawer({
  document,
  canEdit,
  onClose,
}: {
  document: ContentDocument;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { data, isFetching } = useVersions(document.id);
  const add = useAddVersion();
  const [file, setFile] = useState<File | null>(null);
  const [locale, setLocale] = useState<Locale>('en-US');
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const sender = useContentUpload();
  const auto = document.kind !== 'file';

  const submit = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const use = file.name.toLowerCase().endsWith('.mp4') ? 'video' : 'manual';
      const uploaded = await sender.upload(use, file);
      if (!uploaded) return; // paused: Resume sends the rest
      await add.mutateAsync({ documentId: document.id, fileId: uploaded.fileId, locale, notes });
      notify('success', 'content-version', t('contentFiles.versionAdded'));
      setFile(null);
      setNotes('');
    } catch {
      // the upload or the call already showed its error
    } finally {
      setBusy(false);
    }
  };

  const download = async (v: DocumentVersion) => {
    if (v.fileId === null) {
      window.open(v.url, '_blank', 'noopener');
      return;
    }
    window.location.assign(await versionDownloadUrl(v.fileId));
  };

  const columns: ColumnsType<DocumentVersion> = [
    { key: 'n', title: t('contentFiles.version'), width: 70, render: (_, v) => `v${v.n}` },
    { key: 'locale', title: t('contentFiles.language'), width: 90, render: (_, v) => v.locale },
    {
      key: 'name',
      title: t('contentFiles.file'),
      render: (_, v) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{v.name}</Typography.Text>
          {v.notes && <Typography.Text type="secondary">{v.notes}</Typography.Text>}
          <Typography.Text type="secondary" style={{ fontSize: 12 }} copyable={{ text: v.sha256 }}>
            SHA-256 {v.sha256.slice(0, 12)}…
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'by',
      title: t('contentFiles.uploadedBy'),
      width: 170,
      render: (_, v) => (
        <Space direction="vertical" size={0}>
          <span>{v.createdByName}</span>
          <Typography.Text type="secondary">{formatDateTime(v.createdAt)}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'download',
      title: t('contentFiles.download'),
      width: 90,
      render: (_, v) => (
        <Button
          size="small"
          icon={<DownloadOutlined />}
          aria-label={t('contentFiles.downloadVersion', { n: v.n })}
          onClick={() => void download(v)}
        />
      ),
    },
  ];

  return (
    <Drawer open width={760} title={t('contentFiles.versionsOf', { name: document.title })} onClose={onClose} destroyOnHidden>
      {canEdit && !auto && (
        <Form layout="vertical" onFinish={() => void submit()} style={{ marginBottom: 24 }} aria-label={t('contentFiles.newVersion')}>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {t('contentFiles.newVersion')}
          </Typography.Title>
          <Form.Item label={t('contentFiles.file')} extra={t('contentFiles.fileHint')} required>
            <Upload
              accept={ACCEPT}
              maxCount={1}
              beforeUpload={(f) => {
                setFile(f);
                return false;
              }}
              onRemove={() => setFile(null)}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            >
              <Button icon={<UploadOutlined />} data-testid="version-file">
                {t('contentFiles.chooseFile')}
              </Button>
            </Upload>
          </Form.Item>
          <Space size={16} wrap align="start">
            <Form.Item label={t('contentFiles.language')} htmlFor="version-locale">
              <Select
                id="version-locale"
                style={{ width: 140 }}
                value={locale}
                onChange={setLocale}
                options={LOCALES.map((l) => ({ value: l, label: l }))}
              />
            </Form.Item>
            <Form.Item label={t('contentFiles.notes')} htmlFor="version-notes">
              <Input id="version-notes" style={{ width: 360 }} maxLength={500} value={notes} onChange={(e) => setNotes(e.target.value)} />
            </Form.Item>
          </Space>
          <ContentUploadProgress run={sender.run} onPause={sender.pause} onResume={() => void submit()} />
          <div>
            <Button
              type="primary"
              htmlType="submit"
              // A resumable upload shows its own progress bar; the button is then just unavailable.
              loading={busy && !sender.run}
              disabled={!file || (busy && !!sender.run)}
              data-testid="version-submit"
            >
              {t('contentFiles.uploadVersion')}
            </Button>
          </div>
        </Form>
      )}
      {auto && <Typography.Paragraph type="secondary">{t('contentFiles.autoHint')}</Typography.Paragraph>}
      <Table<DocumentVersion> rowKey="id" size="small" columns={columns} dataSource={data ?? []} loading={isFetching} pagination={false} />
    </Drawer>
  );
}
