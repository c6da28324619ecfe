/**
 * The contract every state machine is tested against: the states SPEC §4 names, exactly the
 * transitions written out by hand ("from --action--> to"), IllegalTransitionError (1017) for every
 * other pair, and zod enums of states and actions. Each module's states.test.ts calls it for its
 * machines; test/registry.test.ts checks that every machine of STATE_MACHINES is called for.
 */
import { describe, expect, it } from 'vitest';
import { STATE_MACHINES, type MachineName } from '../../src/registry';
import { IllegalTransitionError, type Machine } from '../../src/shared/states';

const parse = (t: string) => {
  const m = /^(\w+) --(\w+)--> (\w+)$/.exec(t);
  if (!m) throw new Error(`bad expectation ${t}`);
  return { from: m[1], action: m[2], to: m[3] };
};

export function describeMachine(name: MachineName, want: { states: string[]; transitions: string[] }) {
  describe(`${name} machine`, () => {
    const machine = STATE_MACHINES[name] as unknown as Machine<string, string>;
    const expected = want.transitions.map(parse);
    const allowedKey = (from: string, action: string) => expected.some((e) => e.from === from && e.action === action);

    it('has the states of SPEC §4 and a zod enum of them', () => {
      expect([...machine.states].sort()).toEqual([...want.states].sort());
      expect(machine.stateSchema.options.slice().sort()).toEqual([...want.states].sort());
      for (const s of machine.states) expect(machine.stateSchema.parse(s)).toBe(s);
      expect(machine.stateSchema.safeParse('no_such_state').success).toBe(false);
      expect(machine.states).toContain(machine.initial);
    });

    it('allows exactly the expected transitions', () => {
      const actual = machine.transitions().map((t) => `${t.from} --${t.action}--> ${t.to}`);
      expect(actual.sort()).toEqual([...want.transitions].sort());
    });

    it.each(want.transitions)('%s', (t) => {
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
}
