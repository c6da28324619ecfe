/** State machines of platform operations: IP zone management (SPEC §4); the machinery is shared/states.ts. */
import { z } from 'zod';
import { defineMachine, type ActionOf, type StateOf } from '../../shared/states';

// ---------------------------------------------------------------------------------------------
// IP update (IP zone management)
// ---------------------------------------------------------------------------------------------

/** How a ready IP update takes effect: an operator executes it, or the system does as soon as it is ready. */
export const IP_UPDATE_EFFECTS = ['manual', 'automatic'] as const;
export const ipUpdateEffectSchema = z.enum(IP_UPDATE_EFFECTS);
export type IpUpdateEffect = z.infer<typeof ipUpdateEffectSchema>;

/**
 * to_be_confirmed -> (confirm) not_ready -> (prepare: the DCs have the new zone data) ready ->
 * (execute) completed. Revoke cancels anything not yet executed. Rollback undoes an executed update;
 * as SPEC §4 has no rolled-back state, the record ends as revoked (cancelled/revoked in SPEC).
 */
export const ipUpdateMachine = defineMachine({
  name: 'ipUpdate',
  states: ['to_be_confirmed', 'not_ready', 'ready', 'completed', 'revoked'],
  actions: {
    confirm: { from: ['to_be_confirmed'], to: 'not_ready' },
    prepare: { from: ['not_ready'], to: 'ready' },
    execute: { from: ['ready'], to: 'completed' },
    revoke: { from: ['to_be_confirmed', 'not_ready', 'ready'], to: 'revoked' },
    rollback: { from: ['completed'], to: 'revoked' },
  },
});

export const ipUpdateStateSchema = ipUpdateMachine.stateSchema;
export const ipUpdateActionSchema = ipUpdateMachine.actionSchema;
export type IpUpdateState = StateOf<typeof ipUpdateMachine>;
export type IpUpdateAction = ActionOf<typeof ipUpdateMachine>;
