import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../../src/errors';
import { IllegalTransitionError, defineMachine } from '../../src/shared/states';

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
    expect(() => defineMachine({ name: 'x', states: ['a', 'b'], actions: { go: { from: ['a'], to: 'c' as 'b' } } })).toThrow(
      /unknown state 'c'/,
    );
    expect(() => defineMachine({ name: 'x', states: ['a', 'b'], actions: { go: { from: ['z' as 'a'], to: 'b' } } })).toThrow(
      /unknown state 'z'/,
    );
    expect(() => defineMachine({ name: 'x', states: ['a', 'a'], actions: { go: { from: ['a'], to: 'a' } } })).toThrow(/repeated state/);
    expect(() => defineMachine({ name: 'x', states: ['a'], actions: {} })).toThrow(/at least one action/);
    expect(() => defineMachine({ name: 'x', states: ['a'], initial: 'q' as 'a', actions: { go: { from: ['a'], to: 'a' } } })).toThrow(
      /initial/,
    );
  });

  it('is frozen', () => {
    expect(Object.isFrozen(door)).toBe(true);
  });
});
