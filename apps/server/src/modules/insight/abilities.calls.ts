/** insight/abilities: the insight screens' own actions for the caller (insight.policy.ts). */
import { insightAbilityCalls } from '@portal/contract';
import { requireActor } from '../../lib/context';
import { implement, type CallImpl } from '../../lib/implement';
import { allowedActions } from '../../lib/policy';
import { insightPolicy } from './insight.policy';

export const insightAbilityImpls: CallImpl[] = [
  implement(insightAbilityCalls.abilities, { none: "answers the caller's own abilities; names no tenant object" }, async (ctx) => ({
    actions: allowedActions(insightPolicy, requireActor(ctx), null),
  })),
];
