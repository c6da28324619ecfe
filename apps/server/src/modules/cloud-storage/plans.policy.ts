/**
 * Plans belong to the supplier: only its users with dealer_storage_mgr create, edit, disable or
 * enable them (1005); disable from enabled, enable from disabled (1017). Cost prices are shown to
 * the supplier and to partners' owners (userAuthType 1) only.
 */
import { ErrorCodes, PLAN_ABILITIES, type PlanAbility } from '@portal/contract';
import type { Actor } from '../../lib/context';
import { definePolicy, needsCode, refuse } from '../../lib/policy';

export const isSupplier = (actor: Actor) => actor.companyType === 'supplier';
/** The supplier, and a partner's owner (userAuthType 1). */
export const seesCost = (actor: Actor) => isSupplier(actor) || (actor.companyType === 'partner' && actor.userAuthType === 1);

export const planPolicy = definePolicy<PlanAbility, { enabled: boolean }>({
  name: 'storage plan',
  actions: PLAN_ABILITIES,
  refusal(actor, plan, action) {
    const noCode = needsCode(actor, 'dealer_storage_mgr');
    if (noCode) return noCode;
    if (!isSupplier(actor)) return refuse(ErrorCodes.forbidden, 'plans are the supplier’s');
    if (action === 'disable' && !plan.enabled) return refuse(ErrorCodes.illegalTransition, 'disable a disabled plan');
    if (action === 'enable' && plan.enabled) return refuse(ErrorCodes.illegalTransition, 'enable an enabled plan');
    return null;
  },
});
