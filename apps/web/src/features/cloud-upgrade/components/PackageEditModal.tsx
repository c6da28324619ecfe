import { type FirmwarePackage, PACKAGE_VALIDITY_MIN_DAYS } from '@portal/contract';
import { Descriptions, Form, Modal, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRevalidateOnLocaleChange } from '../../../lib/form/zod-rules';
import { notify } from '../../../lib/notify';
import { useAppConfig, useUpdatePackage } from '../api/upgrade-api';
import { CompatibleVersionsField, PackageCommonFields, type PackageEditableFields, cleanDescriptions } from './PackageFormFields';

/** Edit what may change after upload: compatible versions, validity, test flag, descriptions, signing sheet. */
export function PackageEditModal({ pkg, onClose }: { pkg: FirmwarePackage | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PackageEditableFields>();
  useRevalidateOnLocaleChange(form);
  const update = useUpdatePackage();
  const minDays = useAppConfig().data?.validityMinDays ?? PACKAGE_VALIDITY_MIN_DAYS;

  const submit = async () => {
    if (!pkg) return;
    const v = await form.validateFields();
    try {
      await update.mutateAsync({
        pkgId: pkg.pkgId,
        compatibleVersions: v.compatibleVersions,
        validityDays: v.validityDays,
        isTest: !!v.isTest,
        descriptions: cleanDescriptions(v.descriptions),
        signSheetFileId: v.signSheetFileId ?? null,
      });
      notify('success', 'package-edit', t('upgrade.edit.saved', { version: pkg.versionName }));
      onClose();
    } catch {
      /* shown by the API client */
    }
  };

  return (
    <Modal
      open={!!pkg}
      width={720}
      title={t('upgrade.edit.title', { version: pkg?.versionName ?? '' })}
      okText={t('upgrade.save')}
      cancelText={t('upgrade.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={update.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {pkg && (
        <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('upgrade.field.versionName')}>{pkg.versionName}</Descriptions.Item>
          <Descriptions.Item label={t('upgrade.field.productType')}>{t(`upgrade.productType.${pkg.productType}`)}</Descriptions.Item>
          <Descriptions.Item label={t('upgrade.field.models')}>
            {pkg.models.map((m) => (
              <Tag key={m}>{m}</Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Form
        form={form}
        layout="vertical"
        noValidate
        data-testid="edit-form"
        initialValues={
          pkg
            ? {
                compatibleVersions: pkg.compatibleVersions,
                validityDays: pkg.validityDays,
                isTest: pkg.isTest,
                descriptions: pkg.descriptions,
                signSheetFileId: pkg.signSheetFileId,
              }
            : undefined
        }
      >
        <CompatibleVersionsField productType={pkg?.productType} models={pkg?.models ?? []} />
        <PackageCommonFields validityMinDays={minDays} signSheetUrl={pkg?.signSheetUrl} />
      </Form>
    </Modal>
  );
}
