/** State machines of the account-manage module (SPEC §4); the machinery is shared/states.ts. */
import { z } from 'zod';
import { defineMachine, type ActionOf, type StateOf } from '../../shared/states';

// ---------------------------------------------------------------------------------------------
// User account
// ---------------------------------------------------------------------------------------------

/**
 * operation_locked: disabled by an administrator (disable / enable); auto_locked: locked by too many
 * failed logins (autoLock; unlock by an administrator or when the lock time has passed). A password
 * reset also lifts an automatic lock, but not an administrator's disable. Deletion is final.
 */
export const userAccountMachine = defineMachine({
  name: 'userAccount',
  states: ['normal', 'operation_locked', 'auto_locked', 'deleted'],
  actions: {
    disable: { from: ['normal', 'auto_locked'], to: 'operation_locked' },
    enable: { from: ['operation_locked'], to: 'normal' },
    autoLock: { from: ['normal'], to: 'auto_locked' },
    unlock: { from: ['auto_locked'], to: 'normal' },
    resetPassword: { from: ['normal', 'auto_locked'], to: 'normal' },
    delete: { from: ['normal', 'operation_locked', 'auto_locked'], to: 'deleted' },
  },
});

export const userAccountStateSchema = userAccountMachine.stateSchema;
export const userAccountActionSchema = userAccountMachine.actionSchema;
export type UserAccountState = StateOf<typeof userAccountMachine>;
export type UserAccountAction = ActionOf<typeof userAccountMachine>;

/** A user's status as answered and filtered on: the states of userAccountMachine. */
export const USER_STATUSES = ['normal', 'operation_locked', 'auto_locked', 'deleted'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
