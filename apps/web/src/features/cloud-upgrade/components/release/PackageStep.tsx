import { RELEASE_TYPES, type FirmwarePackage } from '@portal/contract';
import { Alert, Card, Col, Descriptions, Flex, Form, Radio, Row, Select, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format';
import { usePackage, usePackageList } from '../../api/upgrade-api';
import { formatBytes } from '../../lib/display';
import type { ReleaseFormValues } from '../../lib/release-form';

/** Step 1: the package (synced ones only) and the release type; a test package goes only to specified devices. */
export function PackageStep() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ReleaseFormValues>();
  const pkgId = Form.useWatch('pkgId', form);
  const [search, setSearch] = useState('');
  const list = usePackageList({ pageNum: 1, pageSize: 50, status: 'synced', searchText: search.trim() || undefined });
  const chosen = usePackage(pkgId ?? null, { poll: false }).data;
  const options = useMemo(() => {
    const all = new Map<number, FirmwarePackage>();
    if (chosen) all.set(chosen.pkgId, chosen);
    for (const p of list.data?.records ?? []) all.set(p.pkgId, p);
    return [...all.values()].map((p) => ({
      value: p.pkgId,
      label: `${p.versionName} · ${t(`upgrade.productType.${p.productType}`)}${p.isTest ? ` · ${t('upgrade.testPackage')}` : ''}`,
      // Offered as the server answers it: a package past its validity cannot be released.
      disabled: !p.actions.includes('release'),
    }));
  }, [chosen, list.data, t]);

  return (
    <>
      <Form.Item
        name="pkgId"
        label={t('upgrade.wizard.package')}
        required
        rules={[{ validator: (_r, v) => (v ? Promise.resolve() : Promise.reject(new Error(t('upgrade.wizard.packageRequired')))) }]}
      >
        <Select
          showSearch={{ filterOption: false, onSearch: setSearch }}
          placeholder={t('upgrade.wizard.packagePlaceholder')}
          options={options}
          loading={list.isFetching}
          onChange={(id: number) => {
            const p = list.data?.records.find((r) => r.pkgId === id);
            if (p?.isTest) form.setFieldValue('releaseType', 'specified');
          }}
          notFoundContent={t('upgrade.wizard.noSyncedPackages')}
          aria-label={t('upgrade.wizard.package')}
        />
      </Form.Item>
      {chosen && (
        <Card size="small" style={{ marginBottom: 16, background: '#fafbfc' }}>
          <Descriptions size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('upgrade.field.models')}>{chosen.models.join(', ')}</Descriptions.Item>
            <Descriptions.Item label={t('upgrade.field.compatibleVersions')}>{chosen.compatibleVersions.join(', ')}</Descriptions.Item>
            <Descriptions.Item label={t('upgrade.field.size')}>{formatBytes(chosen.size)}</Descriptions.Item>
            <Descriptions.Item label={t('upgrade.field.validity')}>
              {chosen.validUntil
                ? t('upgrade.validUntil', { date: formatDateTime(chosen.validUntil) })
                : t('upgrade.daysCount', { count: chosen.validityDays })}
            </Descriptions.Item>
          </Descriptions>
          {chosen.status !== 'synced' && (
            <Alert
              type="warning"
              showIcon
              title={t('upgrade.wizard.notSynced', { status: t(`upgrade.packageStatus.${chosen.status}`) })}
              style={{ marginTop: 8 }}
            />
          )}
        </Card>
      )}
      <Form.Item name="releaseType" label={t('upgrade.wizard.releaseType')} required>
        <Radio.Group style={{ width: '100%' }}>
          <Row gutter={[12, 12]}>
            {RELEASE_TYPES.map((type) => {
              const disabled = !!chosen?.isTest && type !== 'specified';
              return (
                <Col xs={24} md={8} key={type}>
                  <Radio
                    value={type}
                    disabled={disabled}
                    className="upgrade-type-card"
                    style={{
                      width: '100%',
                      alignItems: 'flex-start',
                      border: '1px solid #e5e7eb',
                      borderRadius: 8,
                      padding: 12,
                      height: '100%',
                    }}
                  >
                    <Flex vertical gap={2}>
                      <Typography.Text strong>
                        {t(`upgrade.releaseType.${type}`)}{' '}
                        {type === 'gray' && (
                          <Tag color="purple" style={{ marginInlineStart: 4 }}>
                            {t('upgrade.wizard.recommended')}
                          </Tag>
                        )}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t(`upgrade.releaseTypeHint.${type}`)}
                      </Typography.Text>
                    </Flex>
                  </Radio>
                </Col>
              );
            })}
          </Row>
        </Radio.Group>
      </Form.Item>
      {chosen?.isTest && <Alert type="info" showIcon title={t('upgrade.wizard.testOnlySpecified')} />}
    </>
  );
}
