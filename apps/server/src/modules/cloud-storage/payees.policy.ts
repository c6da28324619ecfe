/**
 * Payee accounts belong to the caller's own company: configure, test and remove need
 * dealer_cldstorage_setting_mgr (1005); test and remove need a configured account (1017); a
 * provider turned off by config (PAYMENT_PROVIDERS_DISABLED) can be neither configured nor tested (23031).
 */
import { ErrorCodes, PAYEE_ABILITIES, type PayeeAbility, type PaymentProvider } from '@portal/contract';
import { definePolicy, needsCode, notRemote, refuse } from '../../lib/policy';

export interface PayeeSubject {
  provider: PaymentProvider;
  configured: boolean;
  /** The provider has an adapter on this server (not turned off by config). */
  available: boolean;
}

export const payeePolicy = definePolicy<PayeeAbility, PayeeSubject>({
  name: 'payee account',
  actions: PAYEE_ABILITIES,
  refusal(actor, p, action) {
    const noCode = needsCode(actor, 'dealer_cldstorage_setting_mgr');
    if (noCode) return noCode;
    if (action === 'configure') return notRemote(actor) ?? (p.available ? null : refuse(ErrorCodes.payeeProviderUnavailable));
    if (!p.configured) return refuse(ErrorCodes.illegalTransition, `${action} of an account not configured`);
    if (action === 'test' && !p.available) return refuse(ErrorCodes.payeeProviderUnavailable);
    return null;
  },
});
