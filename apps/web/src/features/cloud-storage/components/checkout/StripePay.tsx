import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/lite/Alert';
import { Button } from '../../../../components/lite/Button';
import { Spinner } from '../../../../components/lite/Spinner';
import { currentLocale } from '../../../../lib/i18n';

/**
 * Stripe's Payment Element (@stripe/stripe-js, loaded only here): the server starts a
 * PaymentIntent (its client secret), Stripe.js draws the fields and confirms it, coming back to
 * this page; Stripe's webhook pays the order.
 */
export function StripePay({
  publicKey,
  amount,
  start,
}: {
  publicKey: string;
  amount: string;
  /** Starts (or, with the same key, answers again) the order's PaymentIntent: its client secret. */
  start: () => Promise<string>;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);

  useEffect(() => {
    let gone = false;
    void (async () => {
      try {
        const [{ loadStripe }, clientSecret] = await Promise.all([import('@stripe/stripe-js'), start()]);
        const s = await loadStripe(publicKey, { locale: currentLocale() === 'zh-CN' ? 'zh' : 'en' });
        if (!s || gone || !box.current) return;
        const elements = s.elements({ clientSecret });
        elements.create('payment').mount(box.current);
        stripe.current = { stripe: s, elements };
        setReady(true);
      } catch (e) {
        if (!gone) setError(e instanceof Error ? e.message : t('storage.checkout.providerFailed'));
      }
    })();
    return () => {
      gone = true;
    };
    // Once per page: the intent is the order's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const confirm = async () => {
    if (!stripe.current) return;
    setBusy(true);
    const { error: e } = await stripe.current.stripe.confirmPayment({
      elements: stripe.current.elements,
      confirmParams: { return_url: window.location.href.split('?')[0]! },
    });
    // Only a failure comes back here (success goes to the return URL).
    setError(e?.message ?? t('storage.checkout.providerFailed'));
    setBusy(false);
  };

  return (
    <div className="portal-checkout-form">
      {error ? <Alert type="error" title={error} /> : null}
      <div ref={box} data-testid="checkout-stripe" />
      {ready ? (
        <Button variant="primary" size="large" block loading={busy} onClick={() => void confirm()} data-testid="checkout-pay">
          {t('storage.checkout.payAmount', { amount })}
        </Button>
      ) : error ? null : (
        <Spinner />
      )}
    </div>
  );
}
