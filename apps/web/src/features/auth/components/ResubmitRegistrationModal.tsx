import { PhoneOutlined, UserOutlined } from '../../../components/icons';
import { partnerCalls } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api/client';
import { zodRule } from '../../../lib/form/zod-rules';
import { notify } from '../../../lib/notify';

export interface RejectedRegistration {
  account: string;
  password: string;
  /** The rejection as the server worded it (who rejected and why). */
  message: string;
}

interface Fields {
  companyName: string;
  contact: string;
  telephone: string;
}

/**
 * A rejected registration, corrected and sent for approval again (audit rejected -> pending). Opened
 * from the login page, where the applicant has just given account and password.
 */
export function ResubmitRegistrationModal({ rejected, onClose }: { rejected: RejectedRegistration | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const resubmit = useMutation({
    mutationFn: (v: Fields) => call(partnerCalls.resubmitRegistration, { account: rejected!.account, password: rejected!.password, ...v }),
  });
  const schema = partnerCalls.resubmitRegistration.data;
  const submit = async () => {
    const v = await form.validateFields();
    try {
      const r = await resubmit.mutateAsync(v);
      notify('success', 'registration-resubmitted', t('partner.resubmit.done', { approver: r.approverName }));
      onClose();
    } catch {
      /* shown by the API client */
    }
  };
  return (
    <Modal
      open={!!rejected}
      title={t('partner.resubmit.title')}
      okText={t('partner.resubmit.submit')}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={resubmit.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {rejected && <Alert type="warning" showIcon title={rejected.message} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" noValidate initialValues={{ companyName: '', contact: '', telephone: '' }}>
        <Form.Item name="companyName" label={t('auth.companyName')} rules={[zodRule(schema, 'companyName')]} required>
          <Input maxLength={100} data-testid="resubmit-company" />
        </Form.Item>
        <Form.Item name="contact" label={t('partner.register.contact')} rules={[zodRule(schema, 'contact')]}>
          <Input prefix={<UserOutlined />} maxLength={50} placeholder={t('partner.register.contactPlaceholder')} />
        </Form.Item>
        <Form.Item name="telephone" label={t('partner.register.telephone')} rules={[zodRule(schema, 'telephone')]}>
          <Input prefix={<PhoneOutlined />} maxLength={32} placeholder={t('partner.register.telephonePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
