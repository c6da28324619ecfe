import { DeleteOutlined, PictureOutlined, UploadOutlined } from '../../../components/icons';
import { imageFileError } from '@portal/contract';
import { Button, Flex, Image, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../../lib/api/upload';
import { translateValidation } from '../../../lib/i18n/validation';
import { notify } from '../../../lib/notify';

/**
 * The issuing/signing sheet: a PNG or JPG uploaded at once (file/upload, purpose signSheet); the
 * form keeps its file id. `currentUrl` shows the sheet a package already has.
 */
export function SignSheetField({
  value,
  onChange,
  currentUrl,
}: {
  value?: number | null;
  onChange?: (fileId: number | null) => void;
  currentUrl?: string | null;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const pick = async (file: File) => {
    const bad = imageFileError('cover', { name: file.name, size: file.size, type: file.type });
    if (bad) return notify('error', 'sign-sheet', translateValidation(bad));
    setBusy(true);
    try {
      const stored = await uploadFile('signSheet', file);
      setPreview(URL.createObjectURL(file));
      setName(file.name);
      onChange?.(stored.fileId);
    } catch {
      /* shown by the upload client */
    } finally {
      setBusy(false);
    }
  };

  const src = preview ?? (value ? currentUrl : null);
  return (
    <Flex gap={12} align="center" data-testid="sign-sheet">
      <div
        style={{
          width: 72,
          height: 72,
          border: '1px dashed #d9d9d9',
          borderRadius: 6,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#fafafa',
          overflow: 'hidden',
          flex: 'none',
        }}
      >
        {src ? (
          <Image src={src} alt={t('upgrade.field.signSheet')} width={70} height={70} style={{ objectFit: 'cover' }} />
        ) : (
          <PictureOutlined style={{ fontSize: 22, color: '#bfbfbf' }} />
        )}
      </div>
      <Flex vertical gap={4}>
        <Flex gap={8}>
          <Upload
            accept=".png,.jpg,.jpeg,image/png,image/jpeg"
            showUploadList={false}
            beforeUpload={(f) => {
              void pick(f);
              return false;
            }}
          >
            <Button size="small" icon={<UploadOutlined />} loading={busy}>
              {value ? t('upgrade.upload.replaceImage') : t('upgrade.upload.chooseImage')}
            </Button>
          </Upload>
          {value ? (
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('upgrade.upload.removeImage')}
              onClick={() => {
                setPreview(null);
                setName(null);
                onChange?.(null);
              }}
            />
          ) : null}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {name ?? t('upgrade.upload.signSheetHint')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
