/**
 * The machinery of the state machines of SPEC §4: one machine per entity (each in the module that
 * owns the entity, modules/<m>/states.ts), the single place that says which action may move a record
 * from which state to which; STATE_MACHINES (src/registry.ts) lists them all. The server calls
 * `next()` inside its service (so an illegal move becomes error 1017); the web calls
 * `availableActions()` / `can()` to show only the buttons that make sense. Who may perform an action (partner, supplier, system job) is the policy's
 * business, not the machine's; the comments name the usual actor.
 *
 * State names are snake_case as stored in the database; action names are camelCase verbs.
 */
import { z } from 'zod';
import { ErrorCodes } from '../errors';

// ---------------------------------------------------------------------------------------------
// The generic machine
// ---------------------------------------------------------------------------------------------

type NonEmpty<T> = readonly [T, ...T[]];

export interface TransitionDef<S extends string> {
  from: readonly S[];
  to: S;
}

export interface MachineDef<S extends string, A extends string> {
  /** Name used in errors and logs, e.g. 'goods'. */
  name?: string;
  states: NonEmpty<S>;
  /** State a new record starts in; defaults to the first of `states`. */
  initial?: NoInfer<S>;
  /** NoInfer: a state misspelt in an action is a type error, not a new state. */
  actions: Record<A, TransitionDef<NoInfer<S>>>;
}

/** Thrown by `next()` for a move the machine does not allow; maps to catalogue code 1017. */
export class IllegalTransitionError extends Error {
  readonly code = ErrorCodes.illegalTransition;
  constructor(
    readonly machine: string,
    readonly state: string,
    readonly action: string,
  ) {
    super(`${machine}: action '${action}' is not allowed in state '${state}'`);
    this.name = 'IllegalTransitionError';
  }
}

export interface Machine<S extends string, A extends string> {
  readonly name: string;
  readonly states: NonEmpty<S>;
  readonly initial: S;
  readonly actions: Readonly<Record<A, TransitionDef<S>>>;
  readonly actionNames: NonEmpty<A>;
  /** zod enum of the states, for request/response schemas and filters. */
  readonly stateSchema: z.ZodEnum<{ [K in S]: K }>;
  /** zod enum of the actions, for "operate" calls that name the action. */
  readonly actionSchema: z.ZodEnum<{ [K in A]: K }>;
  isState(value: unknown): value is S;
  isAction(value: unknown): value is A;
  /** Whether `action` is allowed in `state` (false for unknown states or actions). */
  can(state: S, action: A): boolean;
  /** The state after `action`; throws IllegalTransitionError (code 1017) when not allowed. */
  next(state: S, action: A): S;
  /** Actions allowed in `state`, in declaration order. */
  availableActions(state: S): A[];
  /** Every allowed (from, action, to) triple, in declaration order. */
  transitions(): { from: S; action: A; to: S }[];
}

export function defineMachine<const S extends string, const A extends string>(def: MachineDef<S, A>): Machine<S, A> {
  const name = def.name ?? 'machine';
  const stateSet = new Set<string>(def.states);
  const actionNames = Object.keys(def.actions) as A[];
  if (actionNames.length === 0) throw new Error(`${name}: a machine needs at least one action`);
  if (stateSet.size !== def.states.length) throw new Error(`${name}: repeated state`);
  for (const a of actionNames) {
    const t = def.actions[a];
    for (const s of [...t.from, t.to]) {
      if (!stateSet.has(s)) throw new Error(`${name}.${a}: unknown state '${s}'`);
    }
  }
  const initial = def.initial ?? def.states[0];
  if (!stateSet.has(initial)) throw new Error(`${name}: unknown initial state '${initial}'`);
  const has = (obj: object, k: string) => Object.prototype.hasOwnProperty.call(obj, k);

  const machine: Machine<S, A> = {
    name,
    states: def.states,
    initial,
    actions: def.actions,
    actionNames: actionNames as unknown as NonEmpty<A>,
    stateSchema: z.enum(def.states as unknown as [S, ...S[]]) as unknown as Machine<S, A>['stateSchema'],
    actionSchema: z.enum(actionNames as unknown as [A, ...A[]]) as unknown as Machine<S, A>['actionSchema'],
    isState: (value): value is S => typeof value === 'string' && stateSet.has(value),
    isAction: (value): value is A => typeof value === 'string' && has(def.actions, value),
    can(state, action) {
      if (!has(def.actions, action)) return false;
      return (def.actions[action].from as readonly string[]).includes(state);
    },
    next(state, action) {
      if (!machine.can(state, action)) throw new IllegalTransitionError(name, String(state), String(action));
      return def.actions[action].to;
    },
    availableActions(state) {
      return actionNames.filter((a) => machine.can(state, a));
    },
    transitions() {
      return actionNames.flatMap((action) => def.actions[action].from.map((from) => ({ from, action, to: def.actions[action].to })));
    },
  };
  return Object.freeze(machine);
}

export type StateOf<M> = M extends Machine<infer S, string> ? S : never;
export type ActionOf<M> = M extends Machine<string, infer A> ? A : never;
