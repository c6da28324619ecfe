import { type ProductType, PACKAGE_VALIDITY_MIN_DAYS, DEFAULT_LOCALE, LOCALES, packageFieldsSchema } from '@portal/contract';
import { Col, Form, Input, InputNumber, Row, Select, Switch, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../lib/form/zod-rules';
import { translateValidation } from '../../../lib/i18n/validation';
import { useCompatibleVersions } from '../api/upgrade-api';
import { SignSheetField } from './SignSheetField';

/** The editable fields of a package, shared by the upload and the edit dialogs. */
export interface PackageEditableFields {
  compatibleVersions: string[];
  validityDays: number;
  isTest: boolean;
  descriptions: Record<string, string>;
  signSheetFileId: number | null;
}

/** Versions found on the brand's devices (with counts) to choose from; others can be typed. */
export function CompatibleVersionsField({ productType, models }: { productType?: ProductType; models: string[] }) {
  const { t } = useTranslation();
  const versions = useCompatibleVersions(productType, models);
  return (
    <Form.Item
      name="compatibleVersions"
      label={t('upgrade.field.compatibleVersions')}
      rules={[zodRule(packageFieldsSchema, 'compatibleVersions')]}
      extra={t('upgrade.upload.compatibleHint')}
      required
    >
      <Select
        mode="tags"
        tokenSeparators={[',', ' ', ';']}
        placeholder={t('upgrade.upload.compatiblePlaceholder')}
        loading={versions.isFetching}
        options={(versions.data ?? []).map((v) => ({
          value: v.version,
          label: t('upgrade.upload.versionWithDevices', { version: v.version, count: v.devices }),
        }))}
        aria-label={t('upgrade.field.compatibleVersions')}
        maxCount={200}
        // The tag shows the version alone; the device count is for choosing.
        labelRender={(p) => String(p.value)}
      />
    </Form.Item>
  );
}

/** Validity, test flag, signing sheet and the description per language (en-US required). */
export function PackageCommonFields({
  validityMinDays = PACKAGE_VALIDITY_MIN_DAYS,
  signSheetUrl,
}: {
  validityMinDays?: number;
  signSheetUrl?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="validityDays"
            label={t('upgrade.field.validityDays')}
            rules={[zodRule(packageFieldsSchema, 'validityDays')]}
            extra={t('upgrade.upload.validityHint', { min: validityMinDays })}
            required
          >
            <InputNumber
              min={validityMinDays}
              max={3650}
              precision={0}
              style={{ width: '100%' }}
              suffix={t('upgrade.days')}
              aria-label={t('upgrade.field.validityDays')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="isTest" label={t('upgrade.field.isTest')} valuePropName="checked" extra={t('upgrade.upload.testHint')}>
            <Switch aria-label={t('upgrade.field.isTest')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="signSheetFileId" label={t('upgrade.field.signSheet')}>
        <SignSheetField currentUrl={signSheetUrl} />
      </Form.Item>
      <Form.Item label={t('upgrade.field.descriptions')} required style={{ marginBottom: 0 }}>
        <Tabs
          size="small"
          items={LOCALES.map((locale) => ({
            key: locale,
            label: `${t(`upgrade.locale.${locale}`)}${locale === DEFAULT_LOCALE ? ' *' : ''}`,
            forceRender: true,
            children: (
              <Form.Item
                name={['descriptions', locale]}
                rules={
                  locale === DEFAULT_LOCALE
                    ? [
                        {
                          validator: async (_r, v: string | undefined) => {
                            if (!v?.trim()) throw new Error(translateValidation('validation.descriptionRequired'));
                          },
                        },
                      ]
                    : []
                }
              >
                <Input.TextArea
                  rows={4}
                  maxLength={4000}
                  showCount
                  placeholder={t(
                    locale === DEFAULT_LOCALE
                      ? 'upgrade.upload.descriptionRequiredPlaceholder'
                      : 'upgrade.upload.descriptionOptionalPlaceholder',
                  )}
                  aria-label={`${t('upgrade.field.descriptions')} (${locale})`}
                />
              </Form.Item>
            ),
          }))}
        />
      </Form.Item>
    </>
  );
}

/** Blank translations are left out; texts are trimmed. */
export function cleanDescriptions(d: Record<string, string | undefined> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(d ?? {}).flatMap(([k, v]) => (v?.trim() ? [[k, v.trim()]] : [])));
}
