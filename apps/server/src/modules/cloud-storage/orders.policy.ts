/**
 * What a portal user may do with an order now: refunds need dealer_storage_mgr (1005) and an
 * order of the caller's subtree (1004 before the policy is asked); a refund moves paid or not
 * effective orders only (1017), and needs something left to return through a provider (23028:
 * an expired plan, an internal purchase, a free plan).
 */
import { ErrorCodes, ORDER_ABILITIES, storageOrderMachine, type StorageOrderState } from '@portal/contract';
import { definePolicy, needsCode, refuse } from '../../lib/policy';

export type OrderAbility = (typeof ORDER_ABILITIES)[number];

export interface OrderSubject {
  state: string;
  refundable: number;
}

export const orderPolicy = definePolicy<OrderAbility, OrderSubject>({
  name: 'storage order',
  actions: ORDER_ABILITIES,
  refusal(actor, o) {
    const noCode = needsCode(actor, 'dealer_storage_mgr');
    if (noCode) return noCode;
    if (!storageOrderMachine.can(o.state as StorageOrderState, 'refund')) return refuse(ErrorCodes.illegalTransition, `refund ${o.state}`);
    if (o.refundable <= 0) return refuse(ErrorCodes.refundTooLarge);
    return null;
  },
});
