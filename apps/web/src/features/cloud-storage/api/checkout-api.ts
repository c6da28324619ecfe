import { checkoutRefs, type CallData, type CallResult, type storageCheckoutCalls } from '@portal/contract';
import { callRef } from '../../../lib/api/client';

/**
 * The hosted checkout page's calls, by their refs: the page is drawn without antd and loads no
 * schemas (the server checks the data). Silent: the page shows its own errors.
 */
export type CheckoutOrder = CallResult<typeof storageCheckoutCalls.checkoutGet>;
export type CheckoutPayResult = CallResult<typeof storageCheckoutCalls.checkoutPay>;
export type CheckoutLink = CallData<typeof storageCheckoutCalls.checkoutGet>;

export function fetchCheckout(link: CheckoutLink, signal?: AbortSignal): Promise<CheckoutOrder> {
  return callRef<typeof storageCheckoutCalls.checkoutGet>(checkoutRefs.get, link, { silent: true, signal });
}

export function payCheckout(
  link: CheckoutLink,
  pay: { idempotencyKey: string; card?: string; paymentMethod?: string },
): Promise<CheckoutPayResult> {
  return callRef<typeof storageCheckoutCalls.checkoutPay>(checkoutRefs.pay, { ...link, ...pay }, { silent: true });
}

/** A fresh idempotency key for one press of the pay button (a double press sends the same one). */
export const newPayKey = () => `web-${crypto.randomUUID()}`;
