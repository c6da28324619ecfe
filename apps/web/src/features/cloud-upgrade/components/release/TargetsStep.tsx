import { DeleteOutlined, FileExcelOutlined, PlusOutlined, UploadOutlined } from '../../../../components/icons';
import {
  CANARY_SPEEDS,
  TARGET_IMPORT_COLUMNS,
  VERSION_COUNT_MAX,
  VERSION_COUNT_MIN,
  importFileError,
  isVersionCountValid,
  macError,
} from '@portal/contract';
import { Alert, Button, Checkbox, Col, Flex, Form, Input, InputNumber, Radio, Row, Select, Space, Switch, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaName } from '../../../../lib/areas';
import { uploadFile } from '../../../../lib/api/upload';
import { currentLocale } from '../../../../lib/i18n';
import { translateValidation } from '../../../../lib/i18n/validation';
import { notify } from '../../../../lib/notify';
import { useAppConfig, useCountryCodes } from '../../api/upgrade-api';
import { countryName, splitList } from '../../lib/display';
import { useReleaseAreas } from '../../lib/viewer';
import { DEFAULT_GRAY_COUNT, type ReleaseFormValues, macRowError, snListError } from '../../lib/release-form';
import { GrayWaves } from './GrayWaves';
import { TemplateDownloadButton } from '../TemplateDownloadButton';

const rejectKey = (key: string | null | undefined) => (key ? Promise.reject(new Error(translateValidation(key))) : Promise.resolve());

/** Regions and countries (full and gray releases). */
function RegionFields() {
  const { t } = useTranslation();
  const areaName = useAreaName();
  const { areas, restricted, currentArea } = useReleaseAreas();
  const form = Form.useFormInstance<ReleaseFormValues>();
  const areaIds = Form.useWatch('areaIds', form) ?? [];
  const countries = useCountryCodes(areaIds, areaIds.length > 0);
  const locale = currentLocale();
  return (
    <>
      <Form.Item
        name="areaIds"
        label={t('upgrade.wizard.regions')}
        required
        extra={
          restricted
            ? t('upgrade.wizard.regionsRestricted', { area: currentArea ? areaName(currentArea) : '' })
            : t('upgrade.wizard.regionsHint')
        }
        rules={[{ validator: (_r, v: number[] | undefined) => rejectKey(v?.length ? null : 'validation.regionRequired') }]}
      >
        <Checkbox.Group
          options={areas.map((a) => ({ value: a.id, label: `${areaName(a)} (${a.kind})` }))}
          onChange={() => form.setFieldValue('countries', [])}
          aria-label={t('upgrade.wizard.regions')}
        />
      </Form.Item>
      {areaIds.length > 1 && (
        <Form.Item name="splitByRegion" valuePropName="checked" extra={t('upgrade.wizard.splitHint', { count: areaIds.length })}>
          <Switch
            checkedChildren={t('upgrade.wizard.splitOn')}
            unCheckedChildren={t('upgrade.wizard.splitOff')}
            aria-label={t('upgrade.wizard.split')}
          />
        </Form.Item>
      )}
      <Form.Item name="countries" label={t('upgrade.wizard.countries')} extra={t('upgrade.wizard.countriesHint')}>
        <Select
          mode="multiple"
          allowClear
          disabled={areaIds.length === 0}
          loading={countries.isFetching}
          placeholder={t('upgrade.wizard.allCountries')}
          optionFilterProp="label"
          options={(countries.data ?? []).map((c) => ({
            value: c.code,
            label: `${countryName(c.code, locale)} (${c.code})`,
            devices: c.devices,
          }))}
          optionRender={(o) => (
            <Flex justify="space-between">
              <span>{o.label}</span>
              <Typography.Text type="secondary">
                {t('upgrade.deviceCount', { count: (o.data as { devices: number }).devices })}
              </Typography.Text>
            </Flex>
          )}
          aria-label={t('upgrade.wizard.countries')}
          notFoundContent={areaIds.length ? t('upgrade.wizard.noCountries') : undefined}
        />
      </Form.Item>
    </>
  );
}

/** Gray count and speed, with the waves they make. */
function GrayFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ReleaseFormValues>();
  const count = Form.useWatch('grayCount', form);
  const speed = Form.useWatch('speed', form);
  const threshold = Form.useWatch(['gates', 'successThreshold'], form) ?? 90;
  const canary = useAppConfig().data?.canary;
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Form.Item
            name="grayCount"
            label={t('upgrade.wizard.grayCount')}
            required
            extra={t('upgrade.wizard.grayCountHint', { min: VERSION_COUNT_MIN, max: VERSION_COUNT_MAX })}
            rules={[
              {
                validator: (_r, v: number | null | undefined) =>
                  rejectKey(typeof v === 'number' && isVersionCountValid(v) ? null : 'validation.versionCountRange'),
              },
            ]}
          >
            <InputNumber
              precision={0}
              style={{ width: '100%' }}
              placeholder={String(DEFAULT_GRAY_COUNT)}
              suffix={t('upgrade.devicesUnit')}
              aria-label={t('upgrade.wizard.grayCount')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={14}>
          <Form.Item
            name="speed"
            label={t('upgrade.wizard.speed')}
            required
            rules={[{ validator: (_r, v) => rejectKey(v ? null : 'validation.speedRequired') }]}
          >
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={CANARY_SPEEDS.map((s) => ({ value: s, label: t(`upgrade.speed.${s}`) }))}
              aria-label={t('upgrade.wizard.speed')}
            />
          </Form.Item>
        </Col>
      </Row>
      {speed && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
          {t(`upgrade.speedHint.${speed}`)}
        </Typography.Paragraph>
      )}
      {speed && typeof count === 'number' && isVersionCountValid(count) && (
        <GrayWaves count={count} speed={speed} successThreshold={threshold} canary={canary} />
      )}
    </>
  );
}

/** SNs, MAC ranges and an xlsx of SNs (specified devices). */
function SpecifiedFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ReleaseFormValues>();
  const snText = Form.useWatch('snText', form);
  const fileId = Form.useWatch('targetFileId', form);
  const [fileName, setFileName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const count = splitList(snText).length;

  const pick = async (file: File) => {
    const bad = importFileError('device', { name: file.name, size: file.size, type: file.type });
    if (bad) return notify('error', 'target-file', translateValidation(bad));
    setBusy(true);
    try {
      const stored = await uploadFile('import', file);
      form.setFieldValue('targetFileId', stored.fileId);
      setFileName(file.name);
      void form.validateFields(['snText']).catch(() => undefined);
    } catch {
      /* shown by the upload client */
    } finally {
      setBusy(false);
    }
  };

  const anyTarget = () => {
    const v = form.getFieldsValue(true) as ReleaseFormValues;
    return (
      splitList(v.snText).length > 0 || (v.macRanges ?? []).some((r) => (r.start ?? '').trim() || (r.end ?? '').trim()) || !!v.targetFileId
    );
  };

  return (
    <>
      <Alert type="info" showIcon title={t('upgrade.wizard.specifiedHint')} style={{ marginBottom: 16 }} />
      <Form.Item
        name="snText"
        label={t('upgrade.wizard.sns')}
        extra={t('upgrade.wizard.snsHint', { count })}
        rules={[
          {
            validator: (_r, v: string | undefined) => {
              if (!anyTarget()) return rejectKey('validation.targetDevicesRequired');
              const e = snListError(v);
              if (!e) return Promise.resolve();
              return Promise.reject(new Error(e.entry ? `${e.entry}: ${translateValidation(e.key)}` : translateValidation(e.key)));
            },
          },
        ]}
      >
        <Input.TextArea
          rows={5}
          placeholder={t('upgrade.wizard.snsPlaceholder')}
          aria-label={t('upgrade.wizard.sns')}
          style={{ fontFamily: 'monospace' }}
        />
      </Form.Item>
      <Form.Item label={t('upgrade.wizard.macRanges')} extra={t('upgrade.wizard.macRangesHint')}>
        <Form.List name="macRanges">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((field, i) => (
                <Space key={field.key} align="start" wrap>
                  <Form.Item
                    name={[field.name, 'start']}
                    style={{ marginBottom: 0 }}
                    rules={[
                      {
                        validator: (_r, v: string | undefined) => {
                          const row = form.getFieldValue(['macRanges', field.name]) as { end?: string } | undefined;
                          return rejectKey((v ?? '').trim() || (row?.end ?? '').trim() ? macError(v) : null);
                        },
                      },
                    ]}
                  >
                    <Input
                      placeholder="AA:BB:CC:00:00:01"
                      style={{ width: 200, fontFamily: 'monospace' }}
                      aria-label={t('upgrade.wizard.macStart', { n: i + 1 })}
                    />
                  </Form.Item>
                  <Typography.Text type="secondary" style={{ lineHeight: '32px' }}>
                    —
                  </Typography.Text>
                  <Form.Item
                    name={[field.name, 'end']}
                    style={{ marginBottom: 0 }}
                    dependencies={[['macRanges', field.name, 'start']]}
                    rules={[{ validator: () => rejectKey(macRowError(form.getFieldValue(['macRanges', field.name]))) }]}
                  >
                    <Input
                      placeholder="AA:BB:CC:00:0F:FF"
                      style={{ width: 200, fontFamily: 'monospace' }}
                      aria-label={t('upgrade.wizard.macEnd', { n: i + 1 })}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label={t('upgrade.wizard.removeRange')}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ start: '', end: '' })}
                style={{ alignSelf: 'flex-start' }}
                data-testid="add-mac-range"
              >
                {t('upgrade.wizard.addRange')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item
        name="targetFileId"
        label={t('upgrade.wizard.targetFile')}
        extra={t('upgrade.wizard.targetFileHint', { columns: TARGET_IMPORT_COLUMNS.join(', ') })}
      >
        <Space>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(f) => {
              void pick(f);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy}>
              {t('upgrade.wizard.chooseFile')}
            </Button>
          </Upload>
          <TemplateDownloadButton kind="targets" type="link" />
          {fileId ? (
            <Space size={4}>
              <FileExcelOutlined style={{ color: '#389e0d' }} />
              <Typography.Text>{fileName ?? `#${fileId}`}</Typography.Text>
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('upgrade.wizard.removeFile')}
                onClick={() => {
                  form.setFieldValue('targetFileId', null);
                  setFileName(null);
                }}
              />
            </Space>
          ) : null}
        </Space>
      </Form.Item>
    </>
  );
}

/** Step 2: whom the release goes to. */
export function TargetsStep() {
  const form = Form.useFormInstance<ReleaseFormValues>();
  const type = Form.useWatch('releaseType', form);
  if (type === 'specified') return <SpecifiedFields />;
  return (
    <>
      <RegionFields />
      {type === 'gray' && <GrayFields />}
    </>
  );
}
