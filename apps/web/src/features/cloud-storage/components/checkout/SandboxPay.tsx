import { SANDBOX_TEST_CARDS } from '@portal/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/lite/Button';
import { TextField } from '../../../../components/lite/TextField';

const OFFERED = ['success', 'decline', 'actionRequired'] as const;
const spaced = (card: string) => card.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The sandbox's card form: a test card number (offered below the field) and the pay button. */
export function SandboxPay({ amount, onPay }: { amount: string; onPay: (card: string, key: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [card, setCard] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // One key per card number: pressing again after a network fault cannot pay twice.
  const keyFor = useRef(new Map<string, string>());

  const submit = async () => {
    const digits = card.replace(/\s+/g, '');
    if (!/^\d{12,19}$/.test(digits)) {
      setError(t('storage.checkout.cardInvalid'));
      return;
    }
    setError(undefined);
    let key = keyFor.current.get(digits);
    if (!key) {
      key = `web-${crypto.randomUUID()}`;
      keyFor.current.set(digits, key);
    }
    setBusy(true);
    try {
      await onPay(digits, key);
    } finally {
      // A declined card may be tried again: with a new key.
      keyFor.current.delete(digits);
      setBusy(false);
    }
  };

  return (
    <form
      className="portal-checkout-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="checkout-sandbox-form"
    >
      <TextField
        id="checkout-card"
        label={t('storage.checkout.cardNumber')}
        value={card}
        onChange={setCard}
        error={error}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
      />
      <div className="portal-checkout-cards">
        <span className="portal-text-secondary">{t('storage.checkout.testCards')}</span>
        <ul>
          {OFFERED.map((k) => (
            <li key={k}>
              <button type="button" className="portal-checkout-card-pick" onClick={() => setCard(spaced(SANDBOX_TEST_CARDS[k]))}>
                <code>{spaced(SANDBOX_TEST_CARDS[k])}</code>
                <span>{t(`storage.checkout.card.${k}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <Button type="submit" variant="primary" size="large" block loading={busy} data-testid="checkout-pay">
        {t('storage.checkout.payAmount', { amount })}
      </Button>
    </form>
  );
}
