import { PictureOutlined, UploadOutlined } from '../../../components/icons';
import { imageFileError, isRecommendedLogoSize, LOGO_STORED_MAX_BYTES, readImageSize } from '@portal/contract';
import { Alert, Button, Flex, Image, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '../../../lib/i18n/validation';
import { notify } from '../../../lib/notify';
import { readBlob } from '../../../lib/read-blob';
import { useFileLink, useUploadLogo } from '../api/partner-api';

/**
 * The company logo: checked in the browser first (JPG/PNG by name, type and content, under 500 KB),
 * then uploaded through the signed file/upload and chosen; the server checks everything again.
 * A size other than 720*200 or 700*200 is accepted with a warning.
 */
export function LogoUpload({ logoFileId, editable }: { logoFileId: number | null; editable: boolean }) {
  const { t } = useTranslation();
  const link = useFileLink(logoFileId);
  const upload = useUploadLogo();
  const [warning, setWarning] = useState<string | null>(null);

  const pick = async (file: File) => {
    setWarning(null);
    const bad = imageFileError('logo', { name: file.name, size: file.size, type: file.type });
    if (bad) return notify('error', 'partner-logo', translateValidation(bad));
    if (file.size > LOGO_STORED_MAX_BYTES) return notify('error', 'partner-logo', t('partner.corp.logoTooBig'));
    const size = readImageSize(new Uint8Array(await readBlob(file.slice(0, 64 * 1024))));
    if (!size) return notify('error', 'partner-logo', translateValidation('validation.imageTypeNotAllowed'));
    try {
      const r = await upload.mutateAsync(file);
      notify('success', 'partner-logo', t('partner.corp.logoSaved'));
      if (!r.recommendedSize || !isRecommendedLogoSize(size.width, size.height))
        setWarning(t('partner.corp.logoSizeWarning', { width: r.width, height: r.height }));
    } catch {
      /* shown by the API client */
    }
  };

  return (
    <Flex vertical gap={12} data-testid="logo-upload">
      <div
        className="portal-logo-preview"
        style={{
          width: 360,
          height: 100,
          border: '1px dashed #d9d9d9',
          borderRadius: 8,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#fafafa',
          overflow: 'hidden',
        }}
      >
        {logoFileId && link.data ? (
          <Image
            src={link.data.url}
            alt={t('partner.corp.logo')}
            style={{ maxWidth: 356, maxHeight: 96, objectFit: 'contain' }}
            preview={false}
            data-testid="logo-image"
          />
        ) : (
          <Typography.Text type="secondary">
            <PictureOutlined /> {t('partner.corp.noLogo')}
          </Typography.Text>
        )}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('partner.corp.logoHint')}
      </Typography.Text>
      {warning && <Alert type="warning" showIcon title={warning} data-testid="logo-warning" />}
      {editable && (
        <Upload
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          showUploadList={false}
          beforeUpload={(file) => {
            void pick(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid="logo-upload-button">
            {logoFileId ? t('partner.corp.replace') : t('partner.corp.upload')}
          </Button>
        </Upload>
      )}
    </Flex>
  );
}
