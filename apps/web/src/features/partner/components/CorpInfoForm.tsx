import { type CorpInfo, companyInfoFormSchema } from '@portal/contract';
import { Button, Form, Input, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAreaName } from '../../../lib/areas';
import { useRevalidateOnLocaleChange, zodRule } from '../../../lib/form/zod-rules';
import { notify } from '../../../lib/notify';
import { useSetCorpInfo } from '../api/partner-api';
import { timeZoneOptions } from './time-zone-options';

type FormValues = Pick<CorpInfo, 'name' | 'contact' | 'telephone' | 'email' | 'areaId' | 'timeZone'>;

/**
 * Name, contact, telephone, e-mail, area and reporting time zone of the caller's own company (contract
 * companyInfoFormSchema). Statistics days are cut in the time zone.
 */
export function CorpInfoForm({ info, editable }: { info: CorpInfo; editable: boolean }) {
  const { t } = useTranslation();
  const areaName = useAreaName();
  const [form] = Form.useForm<FormValues>();
  useRevalidateOnLocaleChange(form);
  const save = useSetCorpInfo();
  const zones = useMemo(() => timeZoneOptions(info.timeZone), [info.timeZone]);

  useEffect(() => {
    form.setFieldsValue({
      name: info.name,
      contact: info.contact,
      telephone: info.telephone,
      email: info.email,
      areaId: info.areaId,
      timeZone: info.timeZone,
    });
  }, [info, form]);

  const onFinish = async (v: FormValues) => {
    try {
      await save.mutateAsync({
        name: v.name,
        contact: v.contact ?? '',
        telephone: v.telephone ?? '',
        email: v.email ?? '',
        ...(v.areaId !== info.areaId ? { areaId: v.areaId } : {}),
        ...(v.timeZone && v.timeZone !== info.timeZone ? { timeZone: v.timeZone } : {}),
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
      <Form.Item
        name="timeZone"
        label={t('partner.corp.timeZone')}
        extra={t('partner.corp.timeZoneHint')}
        rules={[zodRule(companyInfoFormSchema, 'timeZone')]}
      >
        <Select showSearch={{ optionFilterProp: 'label' }} options={zones} data-testid="corp-info-time-zone" />
      </Form.Item>
      {editable && (
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="corp-info-save">
          {t('partner.corp.save')}
        </Button>
      )}
    </Form>
  );
}
