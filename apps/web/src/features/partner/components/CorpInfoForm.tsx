import { type CorpInfo, companyInfoFormSchema } from '@portal/contract';
import { Button, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaName } from '../../../lib/areas';
import { useRevalidateOnLocaleChange, zodRule } from '../../../lib/form/zod-rules';
import { notify } from '../../../lib/notify';
import { useSetCorpInfo } from '../api/partner-api';

type FormValues = Pick<CorpInfo, 'name' | 'contact' | 'telephone' | 'email' | 'areaId'>;

/** Name, contact, telephone, e-mail and area of the caller's own company (contract companyInfoFormSchema). */
export function CorpInfoForm({ info, editable }: { info: CorpInfo; editable: boolean }) {
  const { t } = useTranslation();
  const areaName = useAreaName();
  const [form] = Form.useForm<FormValues>();
  useRevalidateOnLocaleChange(form);
  const save = useSetCorpInfo();

  useEffect(() => {
    form.setFieldsValue({ name: info.name, contact: info.contact, telephone: info.telephone, email: info.email, areaId: info.areaId });
  }, [info, form]);

  const onFinish = async (v: FormValues) => {
    try {
      await save.mutateAsync({
        name: v.name,
        contact: v.contact ?? '',
        telephone: v.telephone ?? '',
        email: v.email ?? '',
        ...(v.areaId !== info.areaId ? { areaId: v.areaId } : {}),
      });
      notify('success', 'partner-corp', t('partner.corp.saved'));
    } catch {
      /* shown by the API client */
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      noValidate
      disabled={!editable}
      onFinish={(v) => void onFinish(v)}
      data-testid="corp-info-form"
      style={{ maxWidth: 520 }}
    >
      <Form.Item name="name" label={t('partner.corp.name')} rules={[zodRule(companyInfoFormSchema, 'name')]} required>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="contact" label={t('partner.corp.contact')} rules={[zodRule(companyInfoFormSchema, 'contact')]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="telephone" label={t('partner.corp.telephone')} rules={[zodRule(companyInfoFormSchema, 'telephone')]}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="email" label={t('partner.corp.email')} rules={[zodRule(companyInfoFormSchema, 'email')]}>
        <Input maxLength={254} />
      </Form.Item>
      <Form.Item name="areaId" label={t('partner.corp.area')}>
        <Select options={info.areaOptions.map((a) => ({ value: a.id, label: areaName(a) }))} />
      </Form.Item>
      {editable && (
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="corp-info-save">
          {t('partner.corp.save')}
        </Button>
      )}
    </Form>
  );
}
