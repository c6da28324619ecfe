import { describe, expect, it } from 'vitest';
import { userAccountMachine } from '../../../src/modules/account-manage';
import { describeMachine } from '../../support/machines';

describeMachine('userAccount', {
  states: ['normal', 'operation_locked', 'auto_locked', 'deleted'],
  transitions: [
    'normal --disable--> operation_locked',
    'auto_locked --disable--> operation_locked',
    'operation_locked --enable--> normal',
    'normal --autoLock--> auto_locked',
    'auto_locked --unlock--> normal',
    'normal --resetPassword--> normal',
    'auto_locked --resetPassword--> normal',
    'normal --delete--> deleted',
    'operation_locked --delete--> deleted',
    'auto_locked --delete--> deleted',
  ],
});

describe('paths a portal walks', () => {
  it('final states offer no actions', () => {
    expect(userAccountMachine.availableActions('deleted')).toEqual([]);
  });

  it('user account: reset password lifts an automatic lock, not an administrator disable', () => {
    expect(userAccountMachine.next('auto_locked', 'resetPassword')).toBe('normal');
    expect(userAccountMachine.can('operation_locked', 'resetPassword')).toBe(false);
    expect(userAccountMachine.next('operation_locked', 'enable')).toBe('normal');
  });
});
