import { ErrorCodes } from '@portal/contract';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BrandMark } from '../../../components/BrandMark';
import { LocaleSwitch } from '../../../components/LocaleSwitch';
import { Alert } from '../../../components/lite/Alert';
import { CheckCircleFilled, CloseCircleFilled } from '../../../components/lite/icons';
import { Spinner } from '../../../components/lite/Spinner';
import { ApiError } from '../../../lib/api/api-error';
import { errorText } from '../../../lib/api/error-texts';
import { brandLogoUrl, currentDomain, useBranding, useDocumentBranding } from '../../../lib/branding';
import { currentLocale } from '../../../lib/i18n';
import { fetchCheckout, newPayKey, payCheckout, type CheckoutLink, type CheckoutOrder } from '../api/checkout-api';
import { SandboxPay } from '../components/checkout/SandboxPay';
import { formatMoney } from '../components/money';

// The providers' browser libraries come only with their own forms.
const StripePay = lazy(() => import('../components/checkout/StripePay').then((m) => ({ default: m.StripePay })));
const PaypalPay = lazy(() => import('../components/checkout/PaypalPay').then((m) => ({ default: m.PaypalPay })));

/** Seconds between looks at an order waiting for its provider's word (webhook). */
const POLL_MS = 3000;

function problemText(e: unknown): string {
  if (e instanceof ApiError && e.kind === 'server') return errorText(e.code, currentLocale(), e.params);
  return e instanceof Error ? e.message : String(e);
}

/**
 * The hosted checkout page (`/checkout/<orderNo>/<sign>`, public): the host's brand, the order
 * (goods, device, price, period) and the seller's way to pay (the sandbox's test card form,
 * Stripe's Payment Element, PayPal's buttons). Drawn without antd; a bad or expired link answers a
 * page of its own.
 */
export default function CheckoutPage() {
  const { t, i18n } = useTranslation();
  const { orderNo = '', sign = '' } = useParams();
  const link = useMemo<CheckoutLink>(() => ({ orderNo, sign, domain: currentDomain() }), [orderNo, sign]);
  const { data: branding } = useBranding();
  const brandTitle = branding?.extra.title || branding?.companyName || '';
  useDocumentBranding(brandTitle ? `${t('storage.checkout.title')} - ${brandTitle}` : t('storage.checkout.title'));

  const [order, setOrder] = useState<CheckoutOrder>();
  const [failure, setFailure] = useState<unknown>();
  const [payError, setPayError] = useState<unknown>();
  const [waiting, setWaiting] = useState(() => new URLSearchParams(window.location.search).has('redirect_status'));

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const o = await fetchCheckout(link, signal);
        setOrder(o);
        setFailure(undefined);
        return o;
      } catch (e) {
        if (!(e instanceof ApiError && e.kind === 'aborted')) setFailure(e);
        return undefined;
      }
    },
    [link],
  );

  useEffect(() => {
    const c = new AbortController();
    fetchCheckout(link, c.signal).then(
      (o) => {
        setOrder(o);
        setFailure(undefined);
      },
      (e: unknown) => {
        if (!(e instanceof ApiError && e.kind === 'aborted')) setFailure(e);
      },
    );
    return () => c.abort();
  }, [link]);

  // Waiting for the provider (an action required, a return from Stripe): look again until it is settled.
  const settled = order && (order.state !== 'unpaid' || order.payment === 'declined' || order.payment === 'none');
  useEffect(() => {
    if (!waiting || settled) return;
    const id = window.setInterval(() => void load(), POLL_MS);
    return () => window.clearInterval(id);
  }, [waiting, settled, load]);

  const pay = async (p: { idempotencyKey: string; card?: string; paymentMethod?: string }) => {
    setPayError(undefined);
    try {
      const r = await payCheckout(link, p);
      setOrder(r.order);
      if (r.outcome === 'action_required' || r.outcome === 'pending') setWaiting(true);
      return r;
    } catch (e) {
      setPayError(e);
      if (e instanceof ApiError && e.code === ErrorCodes.checkoutLinkExpired) setFailure(e);
      void load();
      throw e;
    }
  };

  const amount = order ? formatMoney(order.amount) : '';
  const expires = order
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(order.expiresAt))
    : '';

  let body;
  if (failure && !order) {
    body = (
      <div className="portal-checkout-result" data-testid="checkout-error">
        <CloseCircleFilled className="portal-checkout-result-icon is-error" aria-hidden />
        <h1 className="portal-login-title">{t('storage.checkout.unavailable')}</h1>
        <p className="portal-text-secondary">{problemText(failure)}</p>
      </div>
    );
  } else if (!order) {
    body = <Spinner size="large" />;
  } else {
    body = (
      <>
        <h1 className="portal-login-title">{t('storage.checkout.title')}</h1>
        <p className="portal-text-secondary portal-login-subtitle">{t('storage.checkout.soldBy', { seller: order.sellerName })}</p>
        <dl className="portal-checkout-summary" data-testid="checkout-summary">
          <dt>{t('storage.checkout.goods')}</dt>
          <dd>{order.goodsName}</dd>
          <dt>{t('storage.checkout.recordings')}</dt>
          <dd>{t(`storage.plan.unit.${order.storageUnit}`, { count: order.storageValue })}</dd>
          <dt>{t('storage.checkout.period')}</dt>
          <dd>{t('storage.checkout.days', { count: order.serviceDays })}</dd>
          <dt>{t('storage.checkout.device')}</dt>
          <dd>{order.sn}</dd>
          <dt>{t('storage.checkout.orderNo')}</dt>
          <dd>{order.orderNo}</dd>
          <dt>{t('storage.checkout.price')}</dt>
          <dd className="portal-checkout-price">
            {amount} <span className="portal-text-secondary">{order.currency}</span>
          </dd>
        </dl>
        {order.state === 'paid' ? (
          <div className="portal-checkout-result" data-testid="checkout-paid" role="status">
            <CheckCircleFilled className="portal-checkout-result-icon is-success" aria-hidden />
            <h2>{t('storage.checkout.paidTitle')}</h2>
            <p className="portal-text-secondary">{t('storage.checkout.paidText')}</p>
          </div>
        ) : order.state !== 'unpaid' ? (
          <Alert type="warning" title={t('storage.checkout.closed')} data-testid="checkout-closed" />
        ) : waiting && (order.payment === 'action_required' || order.payment === 'pending') ? (
          <div className="portal-checkout-result" role="status" data-testid="checkout-waiting">
            <Spinner />
            <p className="portal-text-secondary">{t('storage.checkout.waiting')}</p>
          </div>
        ) : (
          <>
            {payError ? <Alert type="error" title={problemText(payError)} data-testid="checkout-pay-error" /> : null}
            <p className="portal-text-secondary">{t('storage.checkout.payBy', { time: expires })}</p>
            {order.mode === 'test' ? <p className="portal-checkout-test">{t('storage.checkout.testMode')}</p> : null}
            <Suspense fallback={<Spinner />}>
              {order.provider === 'sandbox' ? (
                <SandboxPay
                  amount={amount}
                  onPay={(card, idempotencyKey) =>
                    pay({ card, idempotencyKey }).then(
                      () => undefined,
                      () => undefined,
                    )
                  }
                />
              ) : order.provider === 'stripe' && order.publicKey ? (
                <StripePay
                  publicKey={order.publicKey}
                  amount={amount}
                  start={async () => {
                    // One intent per visit of the page: a reload answers the same one.
                    const k = `checkout:${order.orderNo}:stripe`;
                    const key = sessionStorage.getItem(k) ?? newPayKey();
                    sessionStorage.setItem(k, key);
                    const r = await pay({ idempotencyKey: key });
                    if (r.action?.type !== 'client_secret') throw new Error(t('storage.checkout.providerFailed'));
                    return r.action.value;
                  }}
                />
              ) : order.provider === 'paypal' && order.publicKey ? (
                <PaypalPay
                  clientId={order.publicKey}
                  currency={order.currency}
                  create={async () => {
                    const r = await pay({ idempotencyKey: newPayKey() });
                    if (r.action?.type !== 'paypal') throw new Error(t('storage.checkout.providerFailed'));
                    return r.action.orderId;
                  }}
                  capture={async (paypalOrderId) => {
                    await pay({ idempotencyKey: newPayKey(), paymentMethod: paypalOrderId });
                  }}
                />
              ) : (
                <Alert type="warning" title={t('storage.checkout.noMethod')} data-testid="checkout-no-method" />
              )}
            </Suspense>
          </>
        )}
      </>
    );
  }

  return (
    <div className="portal-checkout">
      <header className="portal-checkout-top">
        <BrandMark logo={brandLogoUrl(branding, 'logoLcrs')} title={brandTitle} />
        <LocaleSwitch />
      </header>
      <main className="portal-checkout-panel">{body}</main>
    </div>
  );
}
