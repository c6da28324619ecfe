import { partnerCalls, REJECT_REASON_MAX } from '@portal/contract';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../lib/form/zod-rules';
import { notify } from '../../../lib/notify';
import { useDecideRegistration } from '../api/partner-api';

/** Reject a registration with the reason the applicant sees when logging in. */
export function RejectRegistrationModal({ target, onClose }: { target: { companyId: number; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const decide = useDecideRegistration();
  const submit = async () => {
    const v = await form.validateFields();
    if (!target) return;
    try {
      await decide.mutateAsync({ companyId: target.companyId, approve: false, reason: v.reason.trim() });
      notify('success', 'partner-decide', t('partner.decide.rejected'));
      onClose();
    } catch {
      /* shown by the API client */
    }
  };
  return (
    <Modal
      open={!!target}
      title={target ? t('partner.decide.rejectTitle', { name: target.name }) : ''}
      okText={t('partner.decide.reject')}
      okButtonProps={{ danger: true }}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={decide.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" noValidate initialValues={{ reason: '' }}>
        <Form.Item
          name="reason"
          label={t('partner.decide.reasonLabel')}
          rules={[zodRule(partnerCalls.rejectRegistration.data, 'reason')]}
          required
        >
          <Input.TextArea
            rows={3}
            maxLength={REJECT_REASON_MAX}
            showCount
            placeholder={t('partner.decide.reasonPlaceholder')}
            data-testid="reject-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
