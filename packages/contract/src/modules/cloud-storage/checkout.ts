/**
 * The hosted checkout page (issue 12 §6): `/checkout/<orderNo>/<sign>`, public, branded by the
 * request's domain. The sign is an HMAC (the server's link secret) over the order number and the
 * end of its payment window; a bad sign answers 23040, a link past the window 23041, an order of a
 * seller outside the domain's brand 1004. The order is paid with the seller's payee (sandbox test
 * card, Stripe Payment Element, PayPal buttons).
 */
import { z } from 'zod';
import { defineCall } from '../../shared/define-call';
import { RATE_LIMITS } from '../../shared/rate-limits';
import { epochMsSchema } from '../../shared/validators';
import { payeeModeSchema, paymentProviderSchema, storageUnitSchema } from './calls';
import { checkoutRefs } from './checkout-refs';
import { idempotencyKeySchema, orderPlatformSchema, testCardSchema } from './order-calls';
import { storageOrderStateSchema } from './states';

export const checkoutLinkSchema = z.strictObject({
  orderNo: z
    .string()
    .trim()
    .regex(/^CS[0-9]{8,24}$/),
  sign: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/),
  /** The page's host (window.location.hostname): the brand whose page it is. */
  domain: z.string().trim().max(253),
});

export const checkoutOrderSchema = z.object({
  orderNo: z.string(),
  sellerName: z.string(),
  goodsName: z.string(),
  storageValue: z.number().int(),
  storageUnit: storageUnitSchema,
  serviceDays: z.number().int(),
  sn: z.string(),
  platform: orderPlatformSchema,
  amount: z.number().int(),
  currency: z.string(),
  state: storageOrderStateSchema,
  /** The last payment attempt's outcome. */
  payment: z.enum(['none', 'pending', 'action_required', 'succeeded', 'declined', 'refunded']),
  /** When the link (the order's payment window) ends. */
  expiresAt: epochMsSchema,
  /** The seller's payee this order is paid with; null when it has none verified (paying answers 23023). */
  provider: paymentProviderSchema.nullable(),
  mode: payeeModeSchema.nullable(),
  /** What the provider's browser library needs: Stripe's publishable key, PayPal's client ID; null otherwise. */
  publicKey: z.string().nullable(),
});
export type CheckoutOrder = z.infer<typeof checkoutOrderSchema>;

export const checkoutActionSchema = z.discriminatedUnion('type', [
  /** Stripe: mount the Payment Element with this client secret and confirm it in the browser. */
  z.object({ type: z.literal('client_secret'), value: z.string() }),
  /** Open this page to confirm (3-D Secure, a provider's approval page). */
  z.object({ type: z.literal('redirect'), url: z.string() }),
  /** PayPal: the order the buttons approve; pay again with it as `paymentMethod` to capture. */
  z.object({ type: z.literal('paypal'), orderId: z.string() }),
]);
export type CheckoutAction = z.infer<typeof checkoutActionSchema>;

export const storageCheckoutCalls = {
  checkoutGet: defineCall({
    ...checkoutRefs.get,
    rateLimit: RATE_LIMITS.invitationCheck,
    write: false,
    summary:
      "The order behind a checkout link and the seller's payee it is paid with (23040 bad link, 23041 past the payment window, 1004 another brand's order).",
    data: checkoutLinkSchema,
    result: checkoutOrderSchema,
  }),
  checkoutPay: defineCall({
    ...checkoutRefs.pay,
    rateLimit: RATE_LIMITS.invitationCheck,
    write: true,
    summary:
      "Pays the order of a checkout link through the seller's payee: a sandbox test card, or starts (no paymentMethod) and completes (Stripe PaymentMethod, approved PayPal order) a provider's payment. 23025 declined, 23024 paid or cancelled already; the same idempotency key never pays twice.",
    data: checkoutLinkSchema.extend({
      idempotencyKey: idempotencyKeySchema,
      card: testCardSchema.optional(),
      paymentMethod: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,255}$/)
        .optional(),
    }),
    result: z.object({
      order: checkoutOrderSchema,
      /** pending: the provider did not answer in time; the payment is looked up and settled later. */
      outcome: z.enum(['succeeded', 'action_required', 'pending']),
      action: checkoutActionSchema.nullable(),
    }),
  }),
};
