/**
 * Payee accounts belong to the caller's own company: configure, test and remove need
 * dealer_cldstorage_setting_mgr (1005); test and remove need a configured account (1017); only
 * providers with an adapter in this version (the sandbox) can be configured or tested (23031).
 */
import { AVAILABLE_PAYMENT_PROVIDERS, ErrorCodes, PAYEE_ABILITIES, type PayeeAbility, type PaymentProvider } from '@portal/contract';
import { definePolicy, needsCode, notRemote, refuse } from '../../lib/policy';

export interface PayeeSubject {
  provider: PaymentProvider;
  configured: boolean;
}

export const payeePolicy = definePolicy<PayeeAbility, PayeeSubject>({
  name: 'payee account',
  actions: PAYEE_ABILITIES,
  refusal(actor, p, action) {
    const noCode = needsCode(actor, 'dealer_cldstorage_setting_mgr');
    if (noCode) return noCode;
    if (action === 'configure')
      return notRemote(actor) ?? (AVAILABLE_PAYMENT_PROVIDERS.includes(p.provider) ? null : refuse(ErrorCodes.payeeProviderUnavailable));
    if (!p.configured) return refuse(ErrorCodes.illegalTransition, `${action} of an account not configured`);
    if (action === 'test' && !AVAILABLE_PAYMENT_PROVIDERS.includes(p.provider)) return refuse(ErrorCodes.payeeProviderUnavailable);
    return null;
  },
});
