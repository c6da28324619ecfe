import { CalculatorOutlined, FileZipOutlined, InboxOutlined } from '../../../components/icons';
import {
  type FirmwarePackage,
  PACKAGE_MAX_BYTES,
  PACKAGE_VALIDITY_MIN_DAYS,
  PRODUCT_TYPES,
  type ProductType,
  md5Matches,
  packageCreateSchema,
} from '@portal/contract';
import { Alert, App, Button, Col, Flex, Form, Input, Modal, Progress, Radio, Row, Select, Space, Typography, Upload } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidateOnLocaleChange, zodRule } from '../../../lib/form/zod-rules';
import { translateValidation } from '../../../lib/i18n/validation';
import { useAppConfig, useCreatePackage, useMainVersions } from '../api/upgrade-api';
import { formatBytes } from '../lib/display';
import { Md5AbortedError, computeMd5 } from '../lib/md5';
import { usePackageUpload } from '../lib/use-package-upload';
import { CompatibleVersionsField, PackageCommonFields, type PackageEditableFields, cleanDescriptions } from './PackageFormFields';
import { UploadProgressPanel } from './UploadProgressPanel';

interface UploadForm extends PackageEditableFields {
  versionName: string;
  productType: ProductType;
  models: string[];
  md5: string;
}

interface Md5State {
  running: boolean;
  percent: number;
  computed: string | null;
}

const DEFAULT_VALIDITY_DAYS = 180;

/**
 * Upload a firmware package: its fields, the firmware file and its MD5 (typed, or computed here),
 * then upgrade/package/create and the resumable chunked upload with progress, pause and resume,
 * then verification and sync, watched until the package is ready.
 */
export function PackageUploadModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<UploadForm>();
  useRevalidateOnLocaleChange(form);
  const config = useAppConfig();
  const maxBytes = config.data?.maxPackageBytes ?? PACKAGE_MAX_BYTES;
  const minDays = config.data?.validityMinDays ?? PACKAGE_VALIDITY_MIN_DAYS;
  const create = useCreatePackage();
  const upload = usePackageUpload();
  const [file, setFile] = useState<File | null>(null);
  const [md5, setMd5] = useState<Md5State>({ running: false, percent: 0, computed: null });
  const md5Abort = useRef<AbortController | null>(null);
  const [created, setCreated] = useState<FirmwarePackage | null>(null);
  const productType = Form.useWatch('productType', form);
  const models = Form.useWatch('models', form);
  const typedMd5 = Form.useWatch('md5', form);
  const mainVersions = useMainVersions(productType, open);
  const modelOptions = useMemo(
    () =>
      [...new Set((mainVersions.data ?? []).filter((m) => !productType || m.productType === productType).map((m) => m.model))].map((m) => ({
        value: m,
        label: m,
      })),
    [mainVersions.data, productType],
  );

  useEffect(() => () => md5Abort.current?.abort(), []);

  const chooseFile = (f: File) => {
    md5Abort.current?.abort();
    setFile(f);
    setMd5({ running: false, percent: 0, computed: null });
    void form.validateFields(['file']).catch(() => undefined);
    return false;
  };

  const runMd5 = async () => {
    if (!file) return;
    md5Abort.current?.abort();
    const ctrl = new AbortController();
    md5Abort.current = ctrl;
    setMd5({ running: true, percent: 0, computed: null });
    try {
      const hex = await computeMd5(file, {
        signal: ctrl.signal,
        onProgress: (done, total) => setMd5((s) => ({ ...s, percent: total ? Math.floor((done / total) * 100) : 100 })),
      });
      setMd5({ running: false, percent: 100, computed: hex });
      if (!form.getFieldValue('md5')) form.setFieldValue('md5', hex);
      void form.validateFields(['md5']).catch(() => undefined);
    } catch (e) {
      if (!(e instanceof Md5AbortedError)) setMd5({ running: false, percent: 0, computed: null });
    }
  };

  const submit = async () => {
    const v = await form.validateFields();
    if (!file) return;
    try {
      const pkg = await create.mutateAsync({
        versionName: v.versionName.trim(),
        productType: v.productType,
        models: v.models,
        compatibleVersions: v.compatibleVersions,
        validityDays: v.validityDays,
        isTest: !!v.isTest,
        descriptions: cleanDescriptions(v.descriptions),
        signSheetFileId: v.signSheetFileId ?? null,
        fileName: file.name,
        size: file.size,
        md5: v.md5.trim().toLowerCase(),
      });
      setCreated(pkg);
      void upload.start(pkg.pkgId, file);
    } catch {
      /* shown by the API client */
    }
  };

  const close = () => {
    if (upload.busy) {
      modal.confirm({
        title: t('upgrade.upload.leaveTitle'),
        content: t('upgrade.upload.leaveContent'),
        okText: t('upgrade.upload.leaveOk'),
        cancelText: t('upgrade.cancel'),
        onOk: () => {
          upload.pause();
          onClose();
        },
      });
      return;
    }
    md5Abort.current?.abort();
    onClose();
  };

  const mismatch = !!md5.computed && !!typedMd5?.trim() && !md5Matches(typedMd5, md5.computed);

  return (
    <Modal
      open={open}
      width={780}
      title={created ? t('upgrade.upload.uploadingTitle', { version: created.versionName }) : t('upgrade.upload.title')}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        created ? (
          <Button type="primary" onClick={close} data-testid="upload-close">
            {upload.phase === 'processing' ? t('upgrade.upload.done') : t('upgrade.close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={close}>{t('upgrade.cancel')}</Button>
            <Button
              type="primary"
              loading={create.isPending}
              disabled={md5.running}
              onClick={() => void submit().catch(() => undefined)}
              data-testid="upload-submit"
            >
              {t('upgrade.upload.submit')}
            </Button>
          </Space>
        )
      }
    >
      {created && file ? (
        <UploadProgressPanel upload={upload} pkgId={created.pkgId} totalBytes={file.size} />
      ) : (
        <Form<UploadForm>
          form={form}
          layout="vertical"
          noValidate
          data-testid="upload-form"
          initialValues={{
            productType: 'IPC',
            models: [],
            compatibleVersions: [],
            validityDays: Math.max(DEFAULT_VALIDITY_DAYS, minDays),
            isTest: false,
            descriptions: {},
            signSheetFileId: null,
            md5: '',
          }}
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="versionName"
                label={t('upgrade.field.versionName')}
                rules={[zodRule(packageCreateSchema, 'versionName')]}
                required
              >
                <Input maxLength={64} placeholder={t('upgrade.upload.versionPlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="productType" label={t('upgrade.field.productType')} required>
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  options={PRODUCT_TYPES.map((p) => ({ value: p, label: t(`upgrade.productType.${p}`) }))}
                  onChange={() => form.setFieldsValue({ models: [], compatibleVersions: [] })}
                />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="models"
                label={t('upgrade.field.models')}
                rules={[zodRule(packageCreateSchema, 'models')]}
                required
                extra={t('upgrade.upload.modelsHint')}
              >
                <Select
                  mode="tags"
                  tokenSeparators={[',', ' ', ';']}
                  options={modelOptions}
                  placeholder={t('upgrade.upload.modelsPlaceholder')}
                  aria-label={t('upgrade.field.models')}
                  loading={mainVersions.isFetching}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <CompatibleVersionsField productType={productType} models={models ?? []} />
            </Col>
          </Row>
          <PackageCommonFields validityMinDays={minDays} />
          <Form.Item
            name="file"
            label={t('upgrade.field.file')}
            required
            rules={[
              {
                validator: async () => {
                  if (!file) throw new Error(t('upgrade.upload.fileRequired'));
                  if (file.size <= 0) throw new Error(translateValidation('validation.fileEmpty'));
                  if (file.size > maxBytes) throw new Error(translateValidation('validation.packageTooLarge'));
                },
              },
            ]}
          >
            <Upload.Dragger multiple={false} showUploadList={false} beforeUpload={chooseFile} data-testid="firmware-file">
              {file ? (
                <Flex vertical align="center" gap={2} style={{ padding: '4px 0' }}>
                  <FileZipOutlined style={{ fontSize: 28, color: '#1668dc' }} />
                  <Typography.Text strong>{file.name}</Typography.Text>
                  <Typography.Text type="secondary">
                    {formatBytes(file.size)} · {t('upgrade.upload.changeFile')}
                  </Typography.Text>
                </Flex>
              ) : (
                <Flex vertical align="center" gap={2} style={{ padding: '4px 0' }}>
                  <InboxOutlined style={{ fontSize: 28, color: '#1668dc' }} />
                  <Typography.Text>{t('upgrade.upload.dropFile')}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('upgrade.upload.fileHint', { max: formatBytes(maxBytes) })}
                  </Typography.Text>
                </Flex>
              )}
            </Upload.Dragger>
          </Form.Item>
          <Form.Item
            label={t('upgrade.field.md5')}
            required
            extra={md5.running ? undefined : t('upgrade.upload.md5Hint')}
            style={{ marginBottom: 8 }}
          >
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="md5"
                noStyle
                rules={[
                  zodRule(packageCreateSchema, 'md5'),
                  {
                    validator: async (_r, v: string) => {
                      if (md5.computed && v?.trim() && !md5Matches(v, md5.computed))
                        throw new Error(translateValidation('validation.md5Mismatch'));
                    },
                  },
                ]}
              >
                <Input
                  maxLength={32}
                  placeholder={t('upgrade.upload.md5Placeholder')}
                  style={{ fontFamily: 'monospace' }}
                  aria-label={t('upgrade.field.md5')}
                />
              </Form.Item>
              <Button
                icon={<CalculatorOutlined />}
                disabled={!file}
                loading={md5.running}
                onClick={() => void runMd5()}
                data-testid="compute-md5"
              >
                {t('upgrade.upload.computeMd5')}
              </Button>
            </Space.Compact>
          </Form.Item>
          {md5.running && <Progress percent={md5.percent} size="small" status="active" data-testid="md5-progress" />}
          {md5.computed && !mismatch && !md5.running && (
            <Typography.Text type="success" style={{ fontSize: 12 }} data-testid="md5-ok">
              {t('upgrade.upload.md5Computed', { md5: md5.computed })}
            </Typography.Text>
          )}
          {mismatch && (
            <Alert
              type="warning"
              showIcon
              title={t('upgrade.upload.md5Differs', { md5: md5.computed })}
              action={
                <Button
                  size="small"
                  onClick={() => {
                    form.setFieldValue('md5', md5.computed);
                    void form.validateFields(['md5']).catch(() => undefined);
                  }}
                >
                  {t('upgrade.upload.useComputed')}
                </Button>
              }
            />
          )}
        </Form>
      )}
    </Modal>
  );
}
