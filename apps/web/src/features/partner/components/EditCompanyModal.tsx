import { type Company, companyUpdateSchema, USER_LIMIT_MAX } from '@portal/contract';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaName } from '../../../lib/areas';
import { useRevalidateOnLocaleChange, zodRule } from '../../../lib/form/zod-rules';
import { notify } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session/session-store';
import { useUpdateCompany } from '../api/partner-api';

type EditForm = Pick<Company, 'name' | 'contact' | 'telephone' | 'email' | 'userLimit'> & { areaId: number | null };

/** Name, contact, telephone, e-mail, area and user limit of a downstream company. */
export function EditCompanyModal({ company, onClose }: { company: Company | null; onClose: () => void }) {
  const { t } = useTranslation();
  const areaName = useAreaName();
  const user = useSessionUser();
  const [form] = Form.useForm<EditForm>();
  useRevalidateOnLocaleChange(form);
  const update = useUpdateCompany();

  useEffect(() => {
    if (company)
      form.setFieldsValue({
        name: company.name,
        contact: company.contact,
        telephone: company.telephone,
        email: company.email,
        userLimit: company.userLimit,
        areaId: company.areaId,
      });
  }, [company, form]);

  const submit = async () => {
    const v = await form.validateFields();
    if (!company) return;
    try {
      await update.mutateAsync({
        companyId: company.id,
        name: v.name,
        contact: v.contact ?? '',
        telephone: v.telephone ?? '',
        email: v.email ?? '',
        userLimit: v.userLimit,
        ...(v.areaId !== company.areaId ? { areaId: v.areaId } : {}),
      });
      notify('success', 'partner-edit', t('partner.edit.saved'));
      onClose();
    } catch {
      /* shown by the API client */
    }
  };

  return (
    <Modal
      open={!!company}
      title={t('partner.edit.title')}
      okText={t('partner.edit.submit')}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={update.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" noValidate data-testid="edit-company-form">
        <Form.Item name="name" label={t('partner.corp.name')} rules={[zodRule(companyUpdateSchema, 'name')]} required>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="contact" label={t('partner.corp.contact')} rules={[zodRule(companyUpdateSchema, 'contact')]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="telephone" label={t('partner.corp.telephone')} rules={[zodRule(companyUpdateSchema, 'telephone')]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="email" label={t('partner.corp.email')} rules={[zodRule(companyUpdateSchema, 'email')]}>
          <Input maxLength={254} />
        </Form.Item>
        <Form.Item name="areaId" label={t('partner.edit.area')}>
          <Select allowClear={false} options={(user?.areaList ?? []).map((a) => ({ value: a.id, label: areaName(a) }))} />
        </Form.Item>
        <Form.Item name="userLimit" label={t('partner.edit.userLimit')} rules={[zodRule(companyUpdateSchema, 'userLimit')]} required>
          <InputNumber min={1} max={USER_LIMIT_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
