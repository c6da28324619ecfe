import { LockOutlined } from '../../../components/icons';
import { changePasswordSchema } from '@portal/contract';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordFields } from '../../../components/PasswordFields';
import { useRevalidateOnLocaleChange, zodRule } from '../../../lib/form/zod-rules';
import { notify } from '../../../lib/notify';
import { useChangePassword } from '../api/users-api';

interface PasswordForm {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/** Change the signed-in user's password: old password (7014 when wrong), new one with a strength meter, confirmation. */
export function ChangePasswordForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordForm>();
  useRevalidateOnLocaleChange(form);
  const change = useChangePassword();

  const onFinish = async (v: PasswordForm) => {
    try {
      await change.mutateAsync(v);
      notify('success', 'password-changed', t('users.account.passwordChanged'));
      form.resetFields();
      onDone?.();
    } catch {
      /* shown by the API client (7014: the old password is wrong) */
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v) => void onFinish(v)}
      noValidate
      data-testid="change-password-form"
      initialValues={{ oldPassword: '', password: '', confirmPassword: '' }}
    >
      <Form.Item name="oldPassword" label={t('users.account.oldPassword')} rules={[zodRule(changePasswordSchema, 'oldPassword')]} required>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <PasswordFields schema={changePasswordSchema} labelKey="users.account.newPassword" confirmLabelKey="users.account.confirmPassword" />
      <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="change-password-submit">
        {t('users.account.changePassword')}
      </Button>
    </Form>
  );
}
