import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/lite/Alert';
import { Spinner } from '../../../../components/lite/Spinner';
import { currentLocale } from '../../../../lib/i18n';

/**
 * PayPal's buttons (@paypal/paypal-js, loaded only here): the server creates the PayPal order
 * (createOrder), the buyer approves it in PayPal's window, and the server captures it (onApprove).
 */
export function PaypalPay({
  clientId,
  currency,
  create,
  capture,
}: {
  clientId: string;
  currency: string;
  /** The PayPal order to approve. */
  create: () => Promise<string>;
  capture: (paypalOrderId: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let gone = false;
    void (async () => {
      try {
        const { loadScript } = await import('@paypal/paypal-js');
        const paypal = await loadScript({
          clientId,
          currency: currency.toUpperCase(),
          intent: 'capture',
          locale: currentLocale() === 'zh-CN' ? 'zh_CN' : 'en_US',
        });
        if (!paypal?.Buttons || gone || !box.current) return;
        await paypal
          .Buttons({
            createOrder: () => create(),
            onApprove: async (data) => {
              await capture(data.orderID);
            },
            onError: () => setError(t('storage.checkout.providerFailed')),
          })
          .render(box.current);
        setReady(true);
      } catch (e) {
        if (!gone) setError(e instanceof Error ? e.message : t('storage.checkout.providerFailed'));
      }
    })();
    return () => {
      gone = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clientId]);

  return (
    <div className="portal-checkout-form">
      {error ? <Alert type="error" title={error} /> : null}
      <div ref={box} data-testid="checkout-paypal" />
      {ready || error ? null : <Spinner />}
    </div>
  );
}
