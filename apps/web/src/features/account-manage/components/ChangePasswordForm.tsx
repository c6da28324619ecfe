import { LockOutlined } from '@ant-design/icons';
import { changePasswordSchema, PASSWORD_MAX, PASSWORD_MIN } from '@portal/contract';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordStrengthMeter } from '../../../components/PasswordStrengthMeter';
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
  const password = Form.useWatch('password', form);
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
    <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} noValidate data-testid="change-password-form" initialValues={{ oldPassword: '', password: '', confirmPassword: '' }}>
      <Form.Item name="oldPassword" label={t('users.account.oldPassword')} rules={[zodRule(changePasswordSchema, 'oldPassword')]} required>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('users.account.newPassword')}
        rules={[zodRule(changePasswordSchema, 'password')]}
        required
        extra={
          <>
            <PasswordStrengthMeter value={password} />
            <div style={{ marginTop: 4 }}>{t('users.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}</div>
          </>
        }
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('users.account.confirmPassword')} dependencies={['password']} rules={[zodRule(changePasswordSchema, 'confirmPassword')]} required>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="change-password-submit">
        {t('users.account.changePassword')}
      </Button>
    </Form>
  );
}
