/**
 * Payments (shared by the modules that take money): the provider interface and the adapters this
 * version has. Only the sandbox is available; the other providers are known by name so that their
 * accounts can be kept, but they cannot be tested or used until their adapters are built.
 */
import type { PaymentProvider } from '@portal/contract';
import type { PaymentProviderAdapter } from './provider';
import { sandboxProvider } from './sandbox';

export type { ConnectionTest, PaymentProviderAdapter, PayRequest, PayResult, ProviderAccount } from './provider';
export { SANDBOX_CARDS, sandboxSignature } from './sandbox';

const ADAPTERS: Partial<Record<PaymentProvider, PaymentProviderAdapter>> = { sandbox: sandboxProvider };

/** The adapter of a provider, or null when this version has none. */
export function paymentProvider(name: PaymentProvider): PaymentProviderAdapter | null {
  return ADAPTERS[name] ?? null;
}
