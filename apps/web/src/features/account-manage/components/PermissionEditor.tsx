import { RESOURCE_GROUPS, type ResourceCode, type UserPermissions } from '@portal/contract';
import { Alert, Checkbox, Empty, Flex, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NamedArea, useAreaName } from '../../../lib/areas';

export interface Grantable {
  codes: readonly ResourceCode[];
  areas: readonly (NamedArea & { id: number; kind: string })[];
  /** null: any application id may be granted. */
  appIds: readonly string[] | null;
}

export interface CompanyOption {
  value: number;
  label: string;
}

interface Props {
  value: UserPermissions;
  onChange?: (next: UserPermissions) => void;
  grantable: Grantable;
  /** Downstream companies to offer for the resource range (searched by the parent). */
  companyOptions: CompanyOption[];
  onCompanySearch?: (text: string) => void;
  readOnly?: boolean;
}

interface Row {
  module: string;
  query?: ResourceCode;
  operation?: ResourceCode;
}

/**
 * Resource codes grouped by module as Query and Operation (contract RESOURCE_GROUPS), resource range
 * (areas and downstream companies) and application permissions. Only what the caller may grant is
 * offered (the server's `grantable` answer); a module the user already holds but the caller may not
 * grant stays visible, checked and locked, so an edit never drops it by accident.
 */
export function PermissionEditor({ value, onChange, grantable, companyOptions, onCompanySearch, readOnly }: Props) {
  const { t } = useTranslation();
  const areaName = useAreaName();
  const [appSearch, setAppSearch] = useState('');
  const may = useMemo(() => new Set(grantable.codes), [grantable.codes]);
  const held = useMemo(() => new Set(value.authResList), [value.authResList]);
  // Read-only shows what the user holds; editing offers what may be granted as well.
  const rows: Row[] = RESOURCE_GROUPS.filter((g) => [g.query, g.operation].some((c) => c && (held.has(c) || (!readOnly && may.has(c)))));

  const set = (patch: Partial<UserPermissions>) => onChange?.({ ...value, ...patch });
  const toggle = (code: ResourceCode, on: boolean, row: Row) => {
    const next = new Set(value.authResList);
    if (on) {
      next.add(code);
      // Operating a module implies seeing it.
      if (code === row.operation && row.query && may.has(row.query)) next.add(row.query);
    } else {
      next.delete(code);
      if (code === row.query && row.operation && may.has(row.operation)) next.delete(row.operation);
    }
    set({ authResList: RESOURCE_GROUPS.flatMap((g) => [g.query, g.operation]).filter((c): c is ResourceCode => !!c && next.has(c)) });
  };

  const cell = (code: ResourceCode | undefined, row: Row, kind: string) => {
    if (!code) return <Typography.Text type="secondary">—</Typography.Text>;
    const label = `${t(`resourceGroup.${row.module}`)} · ${t(`users.perm.${kind}`)}`;
    return (
      <Checkbox
        checked={held.has(code)}
        disabled={readOnly || !may.has(code)}
        onChange={(e) => toggle(code, e.target.checked, row)}
        aria-label={label}
        data-testid={`perm-${code}`}
      />
    );
  };

  const columns: ColumnsType<Row> = [
    { key: 'module', title: t('users.perm.module'), render: (_, r) => t(`resourceGroup.${r.module}`) },
    { key: 'query', title: t('users.perm.query'), width: 110, align: 'center', render: (_, r) => cell(r.query, r, 'query') },
    {
      key: 'operation',
      title: t('users.perm.operation'),
      width: 110,
      align: 'center',
      render: (_, r) => cell(r.operation, r, 'operation'),
    },
  ];

  const appOptions = (grantable.appIds ?? [...new Set([...value.appIds, ...(appSearch ? [appSearch] : [])])]).map((a) => ({
    value: a,
    label: a,
  }));

  return (
    <Flex vertical gap={16} data-testid="permission-editor">
      <div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('users.perm.codesTitle')}
        </Typography.Title>
        {rows.length ? (
          <Table<Row> rowKey="module" size="small" pagination={false} columns={columns} dataSource={rows} bordered />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('users.perm.nothingToGrant')} />
        )}
      </div>
      <div>
        <Typography.Title level={5}>{t('users.perm.rangeTitle')}</Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('users.perm.rangeHint')}
        </Typography.Paragraph>
        <Flex vertical gap={10}>
          <div>
            <Typography.Text strong>{t('users.perm.areas')}</Typography.Text>
            <div style={{ marginTop: 6 }}>
              {grantable.areas.length ? (
                <Checkbox.Group
                  disabled={readOnly}
                  value={value.areaIds}
                  onChange={(v) => set({ areaIds: v as number[] })}
                  options={grantable.areas.map((a) => ({ value: a.id, label: `${areaName(a)} (${a.kind})` }))}
                />
              ) : (
                <Typography.Text type="secondary">{t('users.perm.noAreas')}</Typography.Text>
              )}
            </div>
          </div>
          <div>
            <Typography.Text strong>{t('users.perm.companies')}</Typography.Text>
            <Select
              mode="multiple"
              allowClear
              showSearch={{ filterOption: false, onSearch: onCompanySearch }}
              disabled={readOnly}
              value={value.companyIds}
              onChange={(v: number[]) => set({ companyIds: v })}
              options={companyOptions}
              placeholder={t('users.perm.allCompanies')}
              style={{ width: '100%', marginTop: 6 }}
              aria-label={t('users.perm.companies')}
            />
          </div>
        </Flex>
      </div>
      <div>
        <Typography.Title level={5}>{t('users.perm.appsTitle')}</Typography.Title>
        <Select
          mode={grantable.appIds ? 'multiple' : 'tags'}
          allowClear
          disabled={readOnly}
          value={value.appIds}
          onChange={(v: string[]) => set({ appIds: v })}
          showSearch={{ onSearch: setAppSearch }}
          options={appOptions}
          placeholder={t('users.perm.appsPlaceholder')}
          style={{ width: '100%' }}
          aria-label={t('users.perm.appsTitle')}
          tokenSeparators={[',', ' ']}
        />
      </div>
      {!readOnly && <Alert type="info" showIcon title={t('users.perm.onlyOwn')} />}
    </Flex>
  );
}
