import { appKeyCalls, type AppKey } from '@portal/contract';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../lib/form/zod-rules';
import { useSessionUser } from '../../../lib/session/session-store';
import { useCreateAppKey, usePartnerBrands } from '../api/app-manage-api';

/** Name a new key (the supplier also picks the partner brand); the answer's secret goes to SecretModal. */
export function CreateKeyModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (r: { key: AppKey; secret: string }) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; companyId?: number }>();
  const user = useSessionUser();
  const isSupplier = user?.userType === 'supplier';
  const [brandSearch, setBrandSearch] = useState('');
  const brands = usePartnerBrands(open && isSupplier, brandSearch);
  const create = useCreateAppKey();
  const submit = async () => {
    const values = await form.validateFields();
    const r = await create.mutateAsync(values);
    form.resetFields();
    onCreated(r);
  };
  return (
    <Modal
      open={open}
      title={t('appManage.create.title')}
      okText={t('appManage.create.ok')}
      cancelText={t('appManage.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={create.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item name="name" label={t('appManage.field.name')} rules={[zodRule(appKeyCalls.create.data, 'name')]} required>
          <Input maxLength={64} data-testid="app-name" />
        </Form.Item>
        {isSupplier && (
          <Form.Item
            name="companyId"
            label={t('appManage.field.brand')}
            rules={[{ required: true, message: t('appManage.create.brandRequired') }]}
          >
            <Select
              showSearch={{ filterOption: false, onSearch: setBrandSearch }}
              loading={brands.isFetching}
              options={(brands.data?.records ?? []).map((c) => ({ value: c.id, label: c.name }))}
              aria-label={t('appManage.field.brand')}
              data-testid="app-brand"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
