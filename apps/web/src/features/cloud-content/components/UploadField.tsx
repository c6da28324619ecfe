import type { ContentType, ContentUploadUse } from '@portal/contract';
import { Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteOutlined, UploadOutlined } from '../../../components/icons';
import { ContentUploadProgress, useContentUpload } from './ContentUploadProgress';

const ACCEPT: Record<ContentUploadUse, string> = {
  cover: 'image/png,image/jpeg,image/gif',
  detail: 'image/png,image/jpeg',
  icon: 'image/png,image/jpeg',
  banner: 'image/png,image/jpeg',
  richImage: 'image/png,image/jpeg,image/gif',
  manual: '.pdf,.zip,.docx,.xlsx',
  video: 'video/mp4',
};

/**
 * An image field of an item (a cover, banner or detail images): uploads through content/upload for
 * its use (the server checks type, size, width and the GIF rule and answers the public URL), with
 * previews. The form value is the URL, or the list of URLs when `multiple`.
 */
export function UploadField({
  use,
  itemType,
  itemId,
  multiple = false,
  value,
  onChange,
  id,
}: {
  use: ContentUploadUse;
  itemType: ContentType;
  /** The item (or its reserved id before the first save) the upload is made for. */
  itemId?: number;
  multiple?: boolean;
  value?: string | string[];
  onChange?: (v: string | string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const sender = useContentUpload();
  const urls = (Array.isArray(value) ? value : value ? [value] : []).filter(Boolean);
  const set = (next: string[]) => onChange?.(multiple ? next : (next[0] ?? ''));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {urls.map((u, i) => (
          <span key={u} style={{ position: 'relative', display: 'inline-block' }}>
            <img
              src={u}
              alt={t('contentFiles.upload.preview', {
                name: `${t(`content.field.${use === 'detail' || use === 'banner' ? 'images' : 'cover'}`)} ${i + 1}`,
              })}
              style={{
                width: use === 'icon' ? 36 : 120,
                height: use === 'icon' ? 36 : 80,
                objectFit: 'contain',
                border: '1px solid #d9d9d9',
                borderRadius: 4,
                background: '#fafafa',
              }}
            />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('contentFiles.upload.remove')} ${i + 1}`}
              onClick={() => set(urls.filter((x) => x !== u))}
              style={{ position: 'absolute', top: 0, right: 0 }}
            />
          </span>
        ))}
      </Space>
      <Upload
        accept={ACCEPT[use]}
        showUploadList={false}
        customRequest={async ({ file, onSuccess, onError }) => {
          setBusy(true);
          try {
            const asset = await sender.upload(use, file as File, { itemType, itemId });
            if (!asset) return onError?.(new Error('paused'));
            set(multiple ? [...urls, asset.url] : [asset.url]);
            onSuccess?.(asset);
          } catch (e) {
            onError?.(e as Error);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button id={id} icon={<UploadOutlined />} loading={busy} data-testid={`upload-${use}`}>
          {urls.length && !multiple ? t('contentFiles.upload.replace') : t('contentFiles.upload.choose')}
        </Button>
      </Upload>
      <ContentUploadProgress run={sender.run} onPause={sender.pause} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(`contentFiles.upload.rule.${use}`)}
      </Typography.Text>
    </Space>
  );
}
