import { passwordStrength } from '@portal/contract';
import { useTranslation } from 'react-i18next';

/** Bar colours (antd's), and darker text colours that keep 4.5:1 on white. */
const LEVELS = {
  1: { key: 'password.strength.weak', bar: '#ff4d4f', text: '#cf1322' },
  2: { key: 'password.strength.medium', bar: '#faad14', text: '#ad6800' },
  3: { key: 'password.strength.strong', bar: '#52c41a', text: '#237804' },
} as const;

/**
 * Live strength of a password (contract `passwordStrength`: kinds of lowercase, uppercase, digit,
 * special). Drawn without antd: the registration pages use it in the antd-free shell, the signed-in
 * forms inside antd's.
 */
export function PasswordStrengthMeter({ value }: { value?: string }) {
  const { t } = useTranslation();
  if (!value) return null;
  const level = passwordStrength(value);
  const { key, bar, text } = LEVELS[level];
  return (
    <div className="portal-strength" data-testid="password-strength" data-level={level}>
      <span className="portal-strength-bars" aria-hidden>
        {[1, 2, 3].map((i) => (
          <span key={i} style={{ background: i <= level ? bar : undefined }} />
        ))}
      </span>
      <span className="portal-strength-label" style={{ color: text }}>
        {t('password.strength.label')}: {t(key)}
      </span>
    </div>
  );
}
