import { ImportOutlined } from '../../../components/icons';
import { type Device, PRODUCT_TYPES } from '@portal/contract';
import { Badge, Button, Card, Col, Flex, Row, Select, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellText, ListToolbar, PagedTable, savedListBindings, useListQuery, useTablePrefs } from '../../../components/list';
import { useAreaName } from '../../../lib/areas';
import { formatDateTime } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { type DeviceListQuery, useDeviceFacets, useDeviceList, useUpgradeAbilities } from '../api/upgrade-api';
import { TemplateDownloadButton } from '../components/TemplateDownloadButton';
import { AssignCustomerModal } from '../components/devices/AssignCustomerModal';
import { ImportDevicesModal } from '../components/devices/ImportDevicesModal';
import { ProvisioningKeyCard } from '../components/devices/ProvisioningKeyCard';
import { countryName, displayMac } from '../lib/display';
import { useUpgradeViewer } from '../lib/viewer';

type Filters = Omit<DeviceListQuery, 'pageNum' | 'pageSize'>;
const OPTIONAL_COLUMNS = ['productType', 'hardwareVersion', 'area', 'company', 'customer', 'endUser', 'lastSeenAt', 'createdAt'] as const;
const DEFAULT_HIDDEN = ['productType', 'hardwareVersion', 'company', 'lastSeenAt', 'createdAt'];
/** Shown by default from 1600 px: at 1366 px the other columns take the width. */
const WIDE_ONLY = ['endUser', 'customer'];

/** The device registry of the brand: search and filters, xlsx import, template, and the provisioning key. */
export default function UpgradeDevicesPage() {
  const { t } = useTranslation();
  const viewer = useUpgradeViewer();
  const abilities = useUpgradeAbilities();
  const canImport = abilities.can('importDevices');
  const canAssign = abilities.can('assignCustomer');
  // The rows chosen for an attribution to a customer (kept across pages of the list).
  const [selected, setSelected] = useState<number[]>([]);
  const [assignOpen, setAssignOpen] = useState(false);
  const prefs = useTablePrefs('cloudUpgrade.devices', DEFAULT_HIDDEN, WIDE_ONLY);
  const list = useListQuery<Filters>({}, prefs.pageSize);
  const bind = savedListBindings(list, prefs);
  const [searchText, setSearchText] = useState('');
  const { data, isFetching, refetch } = useDeviceList(list.query);
  const facets = useDeviceFacets(list.filters.productType);
  const [importOpen, setImportOpen] = useState(false);
  const locale = currentLocale();
  const nameOf = useAreaName();
  const areaName = (id: number | null) => {
    if (id === null) return '-';
    const area = viewer.areas.find((a) => a.id === id);
    return area ? nameOf(area) : `#${id}`;
  };

  const columns: ColumnsType<Device> = [
    {
      key: 'sn',
      title: 'SN',
      dataIndex: 'sn',
      fixed: 'left',
      width: 170,
      render: (v: string) => (
        <Typography.Text copyable={{ text: v }} ellipsis={{ tooltip: v }} style={{ maxWidth: '100%' }}>
          {v}
        </Typography.Text>
      ),
    },
    { key: 'mac', title: 'MAC', dataIndex: 'mac', width: 160, render: (v: string) => <span className="portal-mac">{displayMac(v)}</span> },
    { key: 'model', title: t('upgrade.field.model'), dataIndex: 'model', width: 110, render: (v: string) => <CellText text={v} /> },
    {
      key: 'productType',
      title: t('upgrade.field.productType'),
      dataIndex: 'productType',
      width: 100,
      render: (p: Device['productType']) => t(`upgrade.productType.${p}`),
    },
    {
      key: 'firmwareVersion',
      title: t('upgrade.field.firmwareVersion'),
      dataIndex: 'firmwareVersion',
      width: 130,
      render: (v: string) => <CellText text={v} />,
    },
    {
      key: 'online',
      title: t('upgrade.field.online'),
      dataIndex: 'online',
      width: 100,
      render: (v: boolean, d) => (
        <Tooltip title={d.lastSeenAt ? t('upgrade.devices.lastSeen', { time: formatDateTime(d.lastSeenAt) }) : undefined}>
          <Badge status={v ? 'success' : 'default'} text={t(v ? 'upgrade.devices.online' : 'upgrade.devices.offline')} />
        </Tooltip>
      ),
    },
    {
      key: 'hardwareVersion',
      title: t('upgrade.field.hardwareVersion'),
      dataIndex: 'hardwareVersion',
      width: 130,
      render: (v: string) => <CellText text={v} />,
    },
    {
      key: 'country',
      title: t('upgrade.field.country'),
      dataIndex: 'country',
      width: 130,
      render: (c: string) => <CellText text={c ? countryName(c, locale) : ''} />,
    },
    {
      key: 'area',
      title: t('upgrade.field.area'),
      dataIndex: 'areaId',
      width: 150,
      render: (id: number | null) => <CellText text={id === null ? '' : areaName(id)} />,
    },
    {
      key: 'company',
      title: t('upgrade.field.company'),
      dataIndex: 'companyName',
      width: 160,
      render: (v: string) => <CellText text={v} />,
    },
    {
      key: 'customer',
      title: t('upgrade.field.customer'),
      dataIndex: 'customerName',
      width: 160,
      render: (v: string) => <CellText text={v} empty="-" />,
    },
    {
      key: 'endUser',
      title: t('upgrade.field.endUser'),
      dataIndex: 'endUser',
      width: 160,
      render: (v: string) => (
        <CellText text={v} empty={<Typography.Text type="secondary">{t('upgrade.devices.unbound')}</Typography.Text>} />
      ),
    },
    {
      key: 'lastSeenAt',
      title: t('upgrade.field.lastSeenAt'),
      dataIndex: 'lastSeenAt',
      width: 170,
      render: (v: string | null) => formatDateTime(v),
    },
    {
      key: 'createdAt',
      title: t('upgrade.field.registeredAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (v: string) => formatDateTime(v),
    },
  ];

  const labels: Record<(typeof OPTIONAL_COLUMNS)[number], string> = {
    productType: t('upgrade.field.productType'),
    hardwareVersion: t('upgrade.field.hardwareVersion'),
    area: t('upgrade.field.area'),
    company: t('upgrade.field.company'),
    customer: t('upgrade.field.customer'),
    endUser: t('upgrade.field.endUser'),
    lastSeenAt: t('upgrade.field.lastSeenAt'),
    createdAt: t('upgrade.field.registeredAt'),
  };

  return (
    <Row gutter={[16, 16]}>
      {abilities.can('provisioningKey') && (
        <Col span={24}>
          <ProvisioningKeyCard />
        </Col>
      )}
      <Col span={24}>
        <Card variant="borderless" className="portal-card">
          <ListToolbar
            search={{
              value: searchText,
              onChange: setSearchText,
              placeholder: t('upgrade.devices.searchPlaceholder'),
              label: t('upgrade.devices.search'),
            }}
            onSearch={() => list.setFilters({ searchText: searchText.trim() || undefined })}
            onReset={() => {
              setSearchText('');
              list.reset();
            }}
            filters={
              <>
                <Select
                  allowClear
                  placeholder={t('upgrade.field.productType')}
                  value={list.filters.productType}
                  onChange={(productType) => list.setFilters({ productType, model: undefined })}
                  options={PRODUCT_TYPES.map((p) => ({ value: p, label: t(`upgrade.productType.${p}`) }))}
                  style={{ width: 130 }}
                  aria-label={t('upgrade.field.productType')}
                />
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('upgrade.field.model')}
                  value={list.filters.model}
                  onChange={(model) => list.setFilters({ model })}
                  options={(facets.data?.models ?? []).map((m) => ({ value: m.model, label: `${m.model} (${m.devices})` }))}
                  style={{ width: 160 }}
                  aria-label={t('upgrade.field.model')}
                />
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('upgrade.field.firmwareVersion')}
                  value={list.filters.firmwareVersion}
                  onChange={(firmwareVersion) => list.setFilters({ firmwareVersion })}
                  options={(facets.data?.versions ?? []).map((v) => ({ value: v.version, label: `${v.version} (${v.devices})` }))}
                  style={{ width: 180 }}
                  aria-label={t('upgrade.field.firmwareVersion')}
                />
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('upgrade.field.country')}
                  value={list.filters.country}
                  onChange={(country) => list.setFilters({ country })}
                  options={(facets.data?.countries ?? []).map((c) => ({
                    value: c.code,
                    label: `${countryName(c.code, locale)} (${c.devices})`,
                  }))}
                  style={{ width: 170 }}
                  aria-label={t('upgrade.field.country')}
                />
                <Select
                  allowClear
                  placeholder={t('upgrade.field.area')}
                  value={list.filters.areaId}
                  onChange={(areaId) => list.setFilters({ areaId })}
                  options={viewer.areas.map((a) => ({ value: a.id, label: nameOf(a) }))}
                  style={{ width: 150 }}
                  aria-label={t('upgrade.field.area')}
                />
                <Select
                  allowClear
                  placeholder={t('upgrade.field.online')}
                  value={list.filters.online}
                  onChange={(online) => list.setFilters({ online })}
                  options={[
                    { value: true, label: t('upgrade.devices.online') },
                    { value: false, label: t('upgrade.devices.offline') },
                  ]}
                  style={{ width: 120 }}
                  aria-label={t('upgrade.field.online')}
                />
              </>
            }
            actions={
              <Flex gap={8} align="center">
                {canAssign && (
                  <Button disabled={selected.length === 0} onClick={() => setAssignOpen(true)} data-testid="assign-customer">
                    {t('upgrade.devices.assignButton')}
                    {selected.length > 0 ? ` (${t('upgrade.devices.selected', { count: selected.length })})` : ''}
                  </Button>
                )}
                <TemplateDownloadButton kind="devices" />
                {canImport && (
                  <Button type="primary" icon={<ImportOutlined />} onClick={() => setImportOpen(true)} data-testid="import-devices">
                    {t('upgrade.devices.import.button')}
                  </Button>
                )}
              </Flex>
            }
            columns={bind.columnChooser(OPTIONAL_COLUMNS.map((k) => ({ key: k, label: labels[k] })))}
            onRefresh={() => void refetch()}
            filtersBelow
          />
          <PagedTable<Device>
            rowKey="id"
            data-testid="devices-table"
            loading={isFetching && !data}
            columns={columns}
            hiddenColumns={prefs.hidden}
            rowSelection={
              canAssign
                ? {
                    selectedRowKeys: selected,
                    preserveSelectedRowKeys: true,
                    // No select-all box in the header: the scrolled table copies its header cells into
                    // its aria-hidden measuring row, where that checkbox was a focusable element axe
                    // refuses (aria-hidden-focus). Rows are picked one by one.
                    hideSelectAll: true,
                    onChange: (keys) => setSelected(keys.map(Number)),
                    getCheckboxProps: (d) => ({ 'aria-label': t('upgrade.devices.selectDevice', { sn: d.sn }) }),
                  }
                : undefined
            }
            page={data}
            {...bind.paging}
            emptyText={
              list.isFiltered ? t('common.emptyFiltered') : canImport ? t('upgrade.devices.emptyManage') : t('upgrade.devices.empty')
            }
          />
        </Card>
      </Col>
      {importOpen && <ImportDevicesModal open onClose={() => setImportOpen(false)} />}
      {assignOpen && (
        <AssignCustomerModal
          deviceIds={selected}
          onClose={(done) => {
            setAssignOpen(false);
            if (done) setSelected([]);
          }}
        />
      )}
    </Row>
  );
}
