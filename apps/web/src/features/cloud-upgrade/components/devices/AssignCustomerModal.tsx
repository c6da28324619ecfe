/**
 * Attributes the selected devices to a downstream customer (device/customer/assign, issue 15 §1):
 * a company below the caller's, searched by name; or takes the attribution back. One call for all
 * of them; the server refuses all or none.
 */
import { Alert, Modal, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../lib/notify';
import { useAssignCustomer, useCustomerOptions } from '../../api/upgrade-api';

export function AssignCustomerModal({ deviceIds, onClose }: { deviceIds: number[]; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'assign' | 'clear'>('assign');
  const [search, setSearch] = useState('');
  const [customerId, setCustomerId] = useState<number | undefined>();
  const options = useCustomerOptions(search.trim(), mode === 'assign');
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
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
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
            value={customerId}
            onChange={setCustomerId}
            loading={options.isFetching}
            notFoundContent={t('upgrade.devices.assign.none')}
            options={(options.data ?? []).map((c) => ({
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
