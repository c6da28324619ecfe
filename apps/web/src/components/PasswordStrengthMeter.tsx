import { passwordStrength } from '@portal/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const LEVELS = {
  1: { key: 'password.strength.weak', color: '#ff4d4f' },
  2: { key: 'password.strength.medium', color: '#faad14' },
  3: { key: 'password.strength.strong', color: '#52c41a' },
} as const;

/** Live strength of a password (contract `passwordStrength`: kinds of lowercase, uppercase, digit, special). */
export function PasswordStrengthMeter({ value }: { value?: string }) {
  const { t } = useTranslation();
  if (!value) return null;
  const level = passwordStrength(value);
  const { key, color } = LEVELS[level];
  return (
    <Flex align="center" gap={8} style={{ marginTop: 6 }} data-testid="password-strength" data-level={level}>
      <Flex gap={4} style={{ flex: 1 }} aria-hidden>
        {[1, 2, 3].map((i) => (
          <span
            key={i}
            style={{
              flex: 1,
              height: 4,
              borderRadius: 2,
              background: i <= level ? color : 'rgba(0,0,0,0.08)',
              transition: 'background .2s',
            }}
          />
        ))}
      </Flex>
      <Typography.Text style={{ color, fontSize: 12, minWidth: 48, textAlign: 'right' }}>
        {t('password.strength.label')}: {t(key)}
      </Typography.Text>
    </Flex>
  );
}
