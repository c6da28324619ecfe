import { LockOutlined } from './icons';
import { PASSWORD_MAX, PASSWORD_MIN, passwordConfirmSchema } from '@portal/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import { zodRule } from '../lib/form/zod-rules';

/**
 * New password with a live strength meter, and its confirmation. Rules come from the page's call
 * schema; the confirmation also uses the contract's passwordConfirmSchema, which tells "required"
 * apart from "does not match". Used by every form that sets a password (register, forgot password,
 * invitation and user registration, change password). No maxLength: a longer password is kept as
 * typed and refused with the SPEC rule's message, never cut silently (issue 11 §3).
 */
export function PasswordFields({
  schema,
  labelKey = 'auth.password',
  confirmLabelKey = 'auth.confirmPassword',
}: {
  schema: z.ZodType;
  labelKey?: string;
  confirmLabelKey?: string;
}) {
  const { t } = useTranslation();
  const password = Form.useWatch<string | undefined>('password');
  return (
    <>
      <Form.Item
        name="password"
        label={t(labelKey)}
        rules={[zodRule(schema, 'password')]}
        required
        extra={
          <>
            <PasswordStrengthMeter value={password} />
            <div style={{ marginTop: 4 }}>{t('auth.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}</div>
          </>
        }
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" placeholder={t('auth.passwordPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t(confirmLabelKey)}
        dependencies={['password']}
        rules={[zodRule(passwordConfirmSchema, 'confirmPassword'), zodRule(schema, 'confirmPassword')]}
        validateFirst
        required
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" placeholder={t('auth.confirmPasswordPlaceholder')} />
      </Form.Item>
    </>
  );
}
