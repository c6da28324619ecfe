import { PASSWORD_MAX, PASSWORD_MIN } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { PasswordStrengthMeter } from '../../../components/PasswordStrengthMeter';
import { LockOutlined } from '../../../components/lite/icons';
import { TextField } from '../../../components/lite/TextField';

type Field = 'password' | 'confirmPassword';

/**
 * A new password with its live strength meter and the rule, and its confirmation, drawn without antd
 * (registration, password finding). No maxLength: a longer password is kept as typed and refused with
 * the rule's message, never cut silently (issue 11 §3).
 */
export function NewPasswordFields({
  idPrefix,
  labelKey = 'auth.password',
  values,
  onChange,
  issueText,
}: {
  idPrefix: string;
  labelKey?: string;
  values: Record<Field, string>;
  onChange: (field: Field) => (value: string) => void;
  issueText: (field: Field) => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id={`${idPrefix}-password`}
        name="password"
        label={t(labelKey)}
        value={values.password}
        onChange={onChange('password')}
        error={issueText('password')}
        prefix={<LockOutlined />}
        password
        autoComplete="new-password"
        placeholder={t('auth.passwordPlaceholder')}
        required
      />
      <div className="portal-field-extra">
        <PasswordStrengthMeter value={values.password} />
        <div>{t('auth.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}</div>
      </div>
      <TextField
        id={`${idPrefix}-confirm-password`}
        name="confirmPassword"
        label={t('auth.confirmPassword')}
        value={values.confirmPassword}
        onChange={onChange('confirmPassword')}
        error={issueText('confirmPassword')}
        prefix={<LockOutlined />}
        password
        autoComplete="new-password"
        placeholder={t('auth.confirmPasswordPlaceholder')}
        required
      />
    </>
  );
}
