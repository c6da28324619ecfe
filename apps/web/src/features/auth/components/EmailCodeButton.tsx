import { Button } from '../../../components/lite/Button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Send code" with a resend countdown. `onSend` resolves to the seconds to wait before the next send
 * (the server's resendAfterSeconds), or null when nothing was sent.
 */
export function EmailCodeButton({ onSend, disabled }: { onSend: () => Promise<number | null>; disabled?: boolean }) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(0);
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (seconds <= 0) return;
    const id = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [seconds]);

  const click = async () => {
    setPending(true);
    try {
      const wait = await onSend();
      if (wait !== null) {
        setSent(true);
        setSeconds(Math.max(0, Math.ceil(wait)));
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <Button
      size="large"
      onClick={() => void click()}
      loading={pending}
      disabled={disabled || seconds > 0}
      data-testid="send-email-code"
      className="portal-email-code-btn"
    >
      {seconds > 0 ? t('auth.resendIn', { seconds }) : t(sent ? 'auth.resendCode' : 'auth.sendCode')}
    </Button>
  );
}
