/**
 * Attributes the selected devices to a downstream customer (device/customer/assign, issue 15 §1):
 * a company below the caller's, searched by name; or takes the attribution back. One call for all
 * of them; the server refuses all or none.
 */
import { Alert, Modal, Radio, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../lib/notify';
import { useAssignCustomer, useCustomerOptions } from '../../api/upgrade-api';

export function AssignCustomerModal({ deviceIds, onClose }: { deviceIds: number[]; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'assign' | 'clear'>('assign');
  const [search, setSearch] = useState('');
  // With its label: the chosen company stays named while another name is searched.
  const [customer, setCustomer] = useState<{ value: number; label: string } | undefined>();
  const customerId = customer?.value;
  const options = useCustomerOptions(search.trim(), mode === 'assign');
  // Only the companies of the name typed: while its answer is on the way the list shows a spinner,
  // not the previous search's companies, which would be replaced under the pointer (a click then
  // lands on another company, or on none and leaves the list open).
  const current = options.isPlaceholderData ? [] : (options.data ?? []);
  const assign = useAssignCustomer();
  const ready = mode === 'clear' || customerId !== undefined;
  return (
    <Modal
      open
      title={t('upgrade.devices.assign.title', { count: deviceIds.length })}
      okText={t('upgrade.devices.assign.submit')}
      cancelText={t('upgrade.cancel')}
      okButtonProps={{
        disabled: !ready,
        loading: assign.isPending,
        ...({ 'data-testid': 'assign-customer-submit' } as Record<`data-${string}`, string>),
      }}
      onCancel={() => onClose(false)}
      onOk={() =>
        assign.mutate(
          { deviceIds, customerId: mode === 'clear' ? null : customerId! },
          {
            onSuccess: (r) => {
              notify('success', 'assign-customer', t('upgrade.devices.assign.done', { count: r.assigned }));
              onClose(true);
            },
          },
        )
      }
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        <Typography.Text type="secondary">{t('upgrade.devices.assign.hint')}</Typography.Text>
        <Radio.Group
          value={mode}
          onChange={(e) => setMode(e.target.value as 'assign' | 'clear')}
          options={[
            { value: 'assign', label: t('upgrade.devices.assign.toCustomer') },
            { value: 'clear', label: t('upgrade.devices.assign.clear') },
          ]}
          aria-label={t('upgrade.devices.assign.mode')}
        />
        {mode === 'assign' && (
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            style={{ width: '100%' }}
            placeholder={t('upgrade.devices.assign.customerPlaceholder')}
            aria-label={t('upgrade.devices.assign.customer')}
            data-testid="assign-customer-select"
            labelInValue
            value={customer}
            onChange={(v) => setCustomer(v as { value: number; label: string } | undefined)}
            loading={options.isFetching}
            notFoundContent={options.isFetching ? <Spin size="small" /> : t('upgrade.devices.assign.none')}
            options={current.map((c) => ({
              value: c.companyId,
              label: c.parentName ? `${c.name} (${c.parentName})` : c.name,
            }))}
          />
        )}
        {mode === 'clear' && <Alert type="info" showIcon title={t('upgrade.devices.assign.clearHint')} />}
      </Space>
    </Modal>
  );
}
