import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../src/errors';
import {
  IllegalTransitionError,
  IP_UPDATE_EFFECTS,
  STATE_MACHINES,
  defineMachine,
  goodsMachine,
  goodsStateSchema,
  ipUpdateEffectSchema,
  releaseTaskActionSchema,
  releaseTaskMachine,
  storageOrderMachine,
  userAccountMachine,
  type Machine,
} from '../src/states';

/** The transitions each machine must allow, written out by hand: "from --action--> to". */
const EXPECTED: Record<keyof typeof STATE_MACHINES, string[]> = {
  content: ['draft --release--> released', 'released --takeOffShelf--> off_shelf', 'off_shelf --putOnShelf--> released'],
  goods: [
    'pending_listing --submitReview--> pending_review',
    'review_failed --submitReview--> pending_review',
    'supplier_delisted --submitReview--> pending_review',
    'pending_review --withdrawReview--> pending_listing',
    'pending_review --approve--> listed',
    'pending_review --reject--> review_failed',
    'listed --delist--> removed',
    'sold_out --delist--> removed',
    'removed --list--> listed',
    'removed --revise--> pending_listing',
    'listed --supplierDelist--> supplier_delisted',
    'sold_out --supplierDelist--> supplier_delisted',
    'listed --sellOut--> sold_out',
    'sold_out --restock--> listed',
  ],
  storageOrder: [
    'unpaid --pay--> unused',
    'unpaid --cancel--> cancelled',
    'unused --activate--> in_use',
    'unused --queue--> to_be_used',
    'to_be_used --start--> in_use',
    'in_use --nearExpire--> near_expiry',
    'in_use --expire--> expired',
    'near_expiry --expire--> expired',
    'unused --invalidate--> not_effective',
    'to_be_used --invalidate--> not_effective',
    'unused --refund--> refunded',
    'to_be_used --refund--> refunded',
    'not_effective --refund--> refunded',
  ],
  firmwarePackage: [
    'upload_incomplete --completeUpload--> verifying',
    'verifying --passVerification--> syncing',
    'verifying --failVerification--> verification_failed',
    'verification_failed --restartUpload--> upload_incomplete',
    'syncing --completeSync--> synced',
    'syncing --failSync--> sync_failed',
    'sync_failed --retrySync--> syncing',
    'synced --abandon--> abandoned',
    'abandoned --restore--> synced',
    'upload_incomplete --delete--> deleted',
    'verification_failed --delete--> deleted',
    'sync_failed --delete--> deleted',
    'synced --delete--> deleted',
    'abandoned --delete--> deleted',
  ],
  releaseTask: [
    'unreleased --release--> in_release',
    'in_release --pause--> paused',
    'paused --continue--> in_release',
    'in_release --completeGray--> gray_complete',
    'gray_complete --promote--> in_release',
    'in_release --complete--> completed',
    'in_release --end--> ended',
    'paused --end--> ended',
    'gray_complete --end--> ended',
    'external_paused --end--> ended',
    'unreleased --revoke--> revoked',
    'in_release --revoke--> revoked',
    'paused --revoke--> revoked',
    'gray_complete --revoke--> revoked',
    'external_paused --revoke--> revoked',
    'supplier_suspended --revoke--> revoked',
    'unreleased --expire--> expired',
    'in_release --expire--> expired',
    'paused --expire--> expired',
    'gray_complete --expire--> expired',
    'external_paused --expire--> expired',
    'supplier_suspended --expire--> expired',
    'in_release --externalPause--> external_paused',
    'external_paused --externalResume--> in_release',
    'unreleased --supplierSuspend--> supplier_suspended',
    'in_release --supplierSuspend--> supplier_suspended',
    'paused --supplierSuspend--> supplier_suspended',
    'gray_complete --supplierSuspend--> supplier_suspended',
    'external_paused --supplierSuspend--> supplier_suspended',
    'supplier_suspended --supplierResume--> paused',
  ],
  ipUpdate: [
    'to_be_confirmed --confirm--> not_ready',
    'not_ready --prepare--> ready',
    'ready --execute--> completed',
    'to_be_confirmed --revoke--> revoked',
    'not_ready --revoke--> revoked',
    'ready --revoke--> revoked',
    'completed --rollback--> revoked',
  ],
  message: ['to_be_released --release--> released', 'released --withdraw--> withdrawn', 'withdrawn --revise--> to_be_released'],
  invitation: ['inactive --reinvite--> inactive', 'inactive --activate--> activated', 'activated --freeze--> frozen', 'frozen --unfreeze--> activated'],
  audit: ['pending --approve--> passed', 'pending --reject--> rejected', 'rejected --resubmit--> pending'],
  userAccount: [
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
  licenceOrder: [
    'waiting --pay--> to_be_used',
    'waiting --cancel--> cancelled',
    'to_be_used --claim--> paid',
    'waiting --startTrial--> in_trial',
    'in_trial --convertTrial--> paid',
    'waiting --grantFree--> permanently_free',
    'in_trial --grantFree--> permanently_free',
    'paid --stop--> stopped',
    'in_trial --stop--> stopped',
    'stopped --renew--> waiting',
    'to_be_used --disable--> disabled',
    'paid --disable--> disabled',
    'in_trial --disable--> disabled',
    'permanently_free --disable--> disabled',
    'to_be_used --refund--> returned',
    'paid --refund--> returned',
  ],
  payeeSetup: ['not_configured --configure--> configured', 'configured --configure--> configured', 'configured --remove--> not_configured'],
};

/** The states SPEC §4 (as read in the brief) names for each entity. */
const EXPECTED_STATES: Record<keyof typeof STATE_MACHINES, string[]> = {
  content: ['draft', 'released', 'off_shelf'],
  goods: ['pending_listing', 'pending_review', 'listed', 'removed', 'review_failed', 'supplier_delisted', 'sold_out'],
  storageOrder: ['unpaid', 'to_be_used', 'in_use', 'near_expiry', 'expired', 'cancelled', 'unused', 'refunded', 'not_effective'],
  firmwarePackage: ['upload_incomplete', 'verifying', 'verification_failed', 'syncing', 'sync_failed', 'synced', 'abandoned', 'deleted'],
  releaseTask: ['unreleased', 'in_release', 'paused', 'ended', 'expired', 'external_paused', 'revoked', 'supplier_suspended', 'gray_complete', 'completed'],
  ipUpdate: ['to_be_confirmed', 'not_ready', 'ready', 'completed', 'revoked'],
  message: ['to_be_released', 'released', 'withdrawn'],
  invitation: ['inactive', 'activated', 'frozen'],
  audit: ['pending', 'passed', 'rejected'],
  userAccount: ['normal', 'operation_locked', 'auto_locked', 'deleted'],
  licenceOrder: ['stopped', 'waiting', 'paid', 'to_be_used', 'in_trial', 'permanently_free', 'disabled', 'returned', 'cancelled'],
  payeeSetup: ['not_configured', 'configured'],
};

const parse = (t: string) => {
  const m = /^(\w+) --(\w+)--> (\w+)$/.exec(t);
  if (!m) throw new Error(`bad expectation ${t}`);
  return { from: m[1], action: m[2], to: m[3] };
};

describe.each(Object.keys(STATE_MACHINES) as (keyof typeof STATE_MACHINES)[])('%s machine', (name) => {
  const machine = STATE_MACHINES[name] as unknown as Machine<string, string>;
  const expected = EXPECTED[name].map(parse);
  const allowedKey = (from: string, action: string) => expected.some((e) => e.from === from && e.action === action);

  it('has the states of SPEC §4 and a zod enum of them', () => {
    expect([...machine.states].sort()).toEqual([...EXPECTED_STATES[name]].sort());
    expect(machine.stateSchema.options.slice().sort()).toEqual([...EXPECTED_STATES[name]].sort());
    for (const s of machine.states) expect(machine.stateSchema.parse(s)).toBe(s);
    expect(machine.stateSchema.safeParse('no_such_state').success).toBe(false);
    expect(machine.states).toContain(machine.initial);
  });

  it('allows exactly the expected transitions', () => {
    const actual = machine.transitions().map((t) => `${t.from} --${t.action}--> ${t.to}`);
    expect(actual.sort()).toEqual([...EXPECTED[name]].sort());
  });

  it.each(EXPECTED[name])('%s', (t) => {
    const { from, action, to } = parse(t);
    expect(machine.can(from, action)).toBe(true);
    expect(machine.next(from, action)).toBe(to);
    expect(machine.availableActions(from)).toContain(action);
  });

  it('refuses every other (state, action) pair with IllegalTransitionError 1017', () => {
    let refused = 0;
    for (const state of machine.states) {
      for (const action of machine.actionNames) {
        if (allowedKey(state, action)) continue;
        refused++;
        expect(machine.can(state, action)).toBe(false);
        expect(machine.availableActions(state)).not.toContain(action);
        let error: unknown;
        try {
          machine.next(state, action);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(IllegalTransitionError);
        const ite = error as IllegalTransitionError;
        expect(ite.code).toBe(1017);
        expect(ite.machine).toBe(machine.name);
        expect(ite.state).toBe(state);
        expect(ite.action).toBe(action);
      }
    }
    expect(refused).toBeGreaterThan(0);
  });

  it('names every action with a camelCase verb and has a zod enum of them', () => {
    for (const a of machine.actionNames) expect(a).toMatch(/^[a-z]+(?:[A-Z][a-z]+)*$/);
    expect(machine.actionSchema.options.slice().sort()).toEqual([...machine.actionNames].sort());
  });

  it('refuses unknown states and actions without throwing from can()', () => {
    expect(machine.can('no_such_state', machine.actionNames[0])).toBe(false);
    expect(machine.can(machine.states[0], 'noSuchAction')).toBe(false);
    expect(machine.can(machine.states[0], 'toString')).toBe(false);
    expect(() => machine.next(machine.states[0], 'noSuchAction')).toThrow(IllegalTransitionError);
    expect(machine.isState(machine.states[0])).toBe(true);
    expect(machine.isState('nope')).toBe(false);
    expect(machine.isAction(machine.actionNames[0])).toBe(true);
    expect(machine.isAction('constructor')).toBe(false);
  });
});

describe('state machine paths a portal walks', () => {
  it('goods: submit, reject, fix and resubmit, approve, sell out, restock, delist, relist', () => {
    let s = goodsMachine.initial;
    for (const a of ['submitReview', 'reject', 'submitReview', 'approve', 'sellOut', 'restock', 'delist', 'list'] as const) s = goodsMachine.next(s, a);
    expect(s).toBe('listed');
    expect(goodsMachine.next(s, 'supplierDelist')).toBe('supplier_delisted');
    expect(() => goodsMachine.next('supplier_delisted', 'list')).toThrow(IllegalTransitionError); // must go through review
    expect(() => goodsMachine.next('pending_listing', 'approve')).toThrow(IllegalTransitionError);
  });

  it('release task: start, pause, continue (breakpoint), gray complete, promote, complete', () => {
    let s = releaseTaskMachine.initial;
    expect(s).toBe('unreleased');
    for (const a of ['release', 'pause', 'continue', 'completeGray', 'promote', 'complete'] as const) s = releaseTaskMachine.next(s, a);
    expect(s).toBe('completed');
    expect(releaseTaskMachine.availableActions('completed')).toEqual([]);
    expect(releaseTaskMachine.availableActions('paused')).toEqual(['continue', 'end', 'revoke', 'expire', 'supplierSuspend']);
    expect(releaseTaskMachine.next('supplier_suspended', 'supplierResume')).toBe('paused');
    expect(releaseTaskActionSchema.parse('continue')).toBe('continue');
  });

  it('final states offer no actions', () => {
    expect(storageOrderMachine.availableActions('refunded')).toEqual([]);
    expect(storageOrderMachine.availableActions('expired')).toEqual([]);
    expect(userAccountMachine.availableActions('deleted')).toEqual([]);
    expect(STATE_MACHINES.firmwarePackage.availableActions('deleted')).toEqual([]);
    expect(STATE_MACHINES.licenceOrder.availableActions('returned')).toEqual([]);
  });

  it('user account: reset password lifts an automatic lock, not an administrator disable', () => {
    expect(userAccountMachine.next('auto_locked', 'resetPassword')).toBe('normal');
    expect(userAccountMachine.can('operation_locked', 'resetPassword')).toBe(false);
    expect(userAccountMachine.next('operation_locked', 'enable')).toBe('normal');
  });

  it('IP update effect is manual or automatic', () => {
    expect(IP_UPDATE_EFFECTS).toEqual(['manual', 'automatic']);
    expect(ipUpdateEffectSchema.safeParse('automatic').success).toBe(true);
    expect(ipUpdateEffectSchema.safeParse('auto').success).toBe(false);
  });

  it('per-machine zod enums are exported', () => {
    expect(goodsStateSchema.parse('sold_out')).toBe('sold_out');
    expect(goodsStateSchema.safeParse('draft').success).toBe(false);
  });
});

describe('defineMachine', () => {
  const door = defineMachine({
    name: 'door',
    states: ['closed', 'open', 'locked'],
    actions: {
      open: { from: ['closed'], to: 'open' },
      close: { from: ['open'], to: 'closed' },
      lock: { from: ['closed'], to: 'locked' },
      unlock: { from: ['locked'], to: 'closed' },
    },
  });

  it('returns states, actions, can, next and availableActions', () => {
    expect(door.states).toEqual(['closed', 'open', 'locked']);
    expect(Object.keys(door.actions)).toEqual(['open', 'close', 'lock', 'unlock']);
    expect(door.initial).toBe('closed');
    expect(door.can('closed', 'open')).toBe(true);
    expect(door.can('open', 'lock')).toBe(false);
    expect(door.next('locked', 'unlock')).toBe('closed');
    expect(door.availableActions('closed')).toEqual(['open', 'lock']);
    expect(() => door.next('open', 'lock')).toThrowError(/door: action 'lock' is not allowed in state 'open'/);
  });

  it('the error carries the catalogue code for illegal transitions', () => {
    const e = new IllegalTransitionError('door', 'open', 'lock');
    expect(e.code).toBe(1017);
    expect(ERROR_CATALOGUE[1017].key).toBe('illegalTransition');
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('IllegalTransitionError');
  });

  it('rejects definitions naming unknown states, repeated states or no actions', () => {
    // The casts bypass the compile-time check (NoInfer) to prove the runtime one.
    expect(() => defineMachine({ name: 'x', states: ['a', 'b'], actions: { go: { from: ['a'], to: 'c' as 'b' } } })).toThrow(/unknown state 'c'/);
    expect(() => defineMachine({ name: 'x', states: ['a', 'b'], actions: { go: { from: ['z' as 'a'], to: 'b' } } })).toThrow(/unknown state 'z'/);
    expect(() => defineMachine({ name: 'x', states: ['a', 'a'], actions: { go: { from: ['a'], to: 'a' } } })).toThrow(/repeated state/);
    expect(() => defineMachine({ name: 'x', states: ['a'], actions: {} })).toThrow(/at least one action/);
    expect(() => defineMachine({ name: 'x', states: ['a'], initial: 'q' as 'a', actions: { go: { from: ['a'], to: 'a' } } })).toThrow(/initial/);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(door)).toBe(true);
  });
});
