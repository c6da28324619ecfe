/**
 * State machines of SPEC §4: one per entity, each the single place that says which action may move
 * a record from which state to which. The server calls `next()` inside its service (so an illegal
 * move becomes error 1017); the web calls `availableActions()` / `can()` to show only the buttons
 * that make sense. Who may perform an action (partner, supplier, system job) is the policy's
 * business, not the machine's; the comments name the usual actor.
 *
 * State names are snake_case as stored in the database; action names are camelCase verbs.
 */
import { z } from 'zod';
import { ErrorCodes } from './errors';

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

// ---------------------------------------------------------------------------------------------
// Content: product, solution, news, video (and the other content-site items)
// ---------------------------------------------------------------------------------------------

/**
 * Draft and released; a released item can be taken off the shelf and put on it again.
 * "Released" is the on-shelf state (visible on the site); there is no separate on_shelf state.
 * Editing never changes the state: a released item is edited in place.
 */
export const contentMachine = defineMachine({
  name: 'content',
  states: ['draft', 'released', 'off_shelf'],
  actions: {
    release: { from: ['draft'], to: 'released' },
    takeOffShelf: { from: ['released'], to: 'off_shelf' },
    putOnShelf: { from: ['off_shelf'], to: 'released' },
  },
});

// ---------------------------------------------------------------------------------------------
// Cloud storage goods
// ---------------------------------------------------------------------------------------------

/**
 * A partner creates goods (pending_listing, "to be launched") and submits them for the supplier's
 * review; approval lists them. Choices:
 * - a rejected or supplier-delisted good goes back to review after the partner fixes it
 *   (submitReview from review_failed / supplier_delisted); it can never be listed without review;
 * - a good the partner delisted itself (removed) may be listed again directly (list) because its
 *   reviewed content is unchanged; editing it first sends it back to pending_listing (revise);
 * - sold_out is entered and left by the stock count (sellOut / restock);
 * - the supplier can delist a listed or sold-out good (supplierDelist).
 */
export const goodsMachine = defineMachine({
  name: 'goods',
  states: ['pending_listing', 'pending_review', 'listed', 'removed', 'review_failed', 'supplier_delisted', 'sold_out'],
  actions: {
    submitReview: { from: ['pending_listing', 'review_failed', 'supplier_delisted'], to: 'pending_review' },
    withdrawReview: { from: ['pending_review'], to: 'pending_listing' },
    approve: { from: ['pending_review'], to: 'listed' },
    reject: { from: ['pending_review'], to: 'review_failed' },
    delist: { from: ['listed', 'sold_out'], to: 'removed' },
    list: { from: ['removed'], to: 'listed' },
    revise: { from: ['removed'], to: 'pending_listing' },
    supplierDelist: { from: ['listed', 'sold_out'], to: 'supplier_delisted' },
    sellOut: { from: ['listed'], to: 'sold_out' },
    restock: { from: ['sold_out'], to: 'listed' },
  },
});

// ---------------------------------------------------------------------------------------------
// Cloud storage orders
// ---------------------------------------------------------------------------------------------

/**
 * Meaning chosen for each state:
 * - unpaid: created, waiting for payment; cancelled: given up before payment (user or timeout);
 * - unused: paid, not yet applied to a device;
 * - to_be_used: applied to a device that still runs another plan; starts when that one ends;
 * - in_use / near_expiry / expired: the running plan, its last days (a reminder state) and its end;
 * - not_effective: paid but can no longer take effect (device unbound or deleted before the start);
 * - refunded: money returned; only before the service started or when it cannot take effect.
 * An internal purchase is created paid, i.e. directly in `unused`.
 */
export const storageOrderMachine = defineMachine({
  name: 'storageOrder',
  states: ['unpaid', 'to_be_used', 'in_use', 'near_expiry', 'expired', 'cancelled', 'unused', 'refunded', 'not_effective'],
  actions: {
    pay: { from: ['unpaid'], to: 'unused' },
    cancel: { from: ['unpaid'], to: 'cancelled' },
    activate: { from: ['unused'], to: 'in_use' },
    queue: { from: ['unused'], to: 'to_be_used' },
    start: { from: ['to_be_used'], to: 'in_use' },
    nearExpire: { from: ['in_use'], to: 'near_expiry' },
    expire: { from: ['in_use', 'near_expiry'], to: 'expired' },
    invalidate: { from: ['unused', 'to_be_used'], to: 'not_effective' },
    refund: { from: ['unused', 'to_be_used', 'not_effective'], to: 'refunded' },
  },
});

// ---------------------------------------------------------------------------------------------
// Firmware package
// ---------------------------------------------------------------------------------------------

/**
 * Upload (resumable) -> md5 verification -> sync to every DC -> synced (usable by releases).
 * Choices: a failed verification means the bytes are wrong, so the only way on is a new upload
 * (restartUpload); a failed sync can be retried; abandoning (deprecating) a synced package stops
 * new releases and can be undone (restore). Deletion is refused while the package is being
 * verified or synced; the server also refuses it while a release task uses the package.
 */
export const firmwarePackageMachine = defineMachine({
  name: 'firmwarePackage',
  states: ['upload_incomplete', 'verifying', 'verification_failed', 'syncing', 'sync_failed', 'synced', 'abandoned', 'deleted'],
  actions: {
    completeUpload: { from: ['upload_incomplete'], to: 'verifying' },
    passVerification: { from: ['verifying'], to: 'syncing' },
    failVerification: { from: ['verifying'], to: 'verification_failed' },
    restartUpload: { from: ['verification_failed'], to: 'upload_incomplete' },
    completeSync: { from: ['syncing'], to: 'synced' },
    failSync: { from: ['syncing'], to: 'sync_failed' },
    retrySync: { from: ['sync_failed'], to: 'syncing' },
    abandon: { from: ['synced'], to: 'abandoned' },
    restore: { from: ['abandoned'], to: 'synced' },
    delete: { from: ['upload_incomplete', 'verification_failed', 'sync_failed', 'synced', 'abandoned'], to: 'deleted' },
  },
});

// ---------------------------------------------------------------------------------------------
// Release task
// ---------------------------------------------------------------------------------------------

/**
 * SPEC §4 lists "continue" among the states; it is modelled as the action that takes a paused task
 * back to in_release (breakpoint release resumes where it stopped). Choices:
 * - a gray (canary) task stops in gray_complete once its wave reached the target; promote sends it
 *   on to the full release, end closes it there;
 * - external_paused is set and cleared by the platform (e.g. a DC outage, an abandoned package):
 *   externalPause / externalResume;
 * - a supplier suspension is lifted into `paused`, not `in_release`, so the owner decides when
 *   devices start upgrading again;
 * - end is the owner stopping a task normally (results kept), revoke withdraws it (devices not yet
 *   upgraded will not be), expire is the end time passing; all three are final.
 */
export const releaseTaskMachine = defineMachine({
  name: 'releaseTask',
  states: ['unreleased', 'in_release', 'paused', 'ended', 'expired', 'external_paused', 'revoked', 'supplier_suspended', 'gray_complete', 'completed'],
  actions: {
    release: { from: ['unreleased'], to: 'in_release' },
    pause: { from: ['in_release'], to: 'paused' },
    continue: { from: ['paused'], to: 'in_release' },
    completeGray: { from: ['in_release'], to: 'gray_complete' },
    promote: { from: ['gray_complete'], to: 'in_release' },
    complete: { from: ['in_release'], to: 'completed' },
    end: { from: ['in_release', 'paused', 'gray_complete', 'external_paused'], to: 'ended' },
    revoke: { from: ['unreleased', 'in_release', 'paused', 'gray_complete', 'external_paused', 'supplier_suspended'], to: 'revoked' },
    expire: { from: ['unreleased', 'in_release', 'paused', 'gray_complete', 'external_paused', 'supplier_suspended'], to: 'expired' },
    externalPause: { from: ['in_release'], to: 'external_paused' },
    externalResume: { from: ['external_paused'], to: 'in_release' },
    supplierSuspend: { from: ['unreleased', 'in_release', 'paused', 'gray_complete', 'external_paused'], to: 'supplier_suspended' },
    supplierResume: { from: ['supplier_suspended'], to: 'paused' },
  },
});

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

// ---------------------------------------------------------------------------------------------
// Message (messaging release)
// ---------------------------------------------------------------------------------------------

/** A withdrawn message can be edited and go back to to_be_released (revise) to be sent again. */
export const messageMachine = defineMachine({
  name: 'message',
  states: ['to_be_released', 'released', 'withdrawn'],
  actions: {
    release: { from: ['to_be_released'], to: 'released' },
    withdraw: { from: ['released'], to: 'withdrawn' },
    revise: { from: ['withdrawn'], to: 'to_be_released' },
  },
});

// ---------------------------------------------------------------------------------------------
// Invitation (installer, dealer, sub-customer company)
// ---------------------------------------------------------------------------------------------

/**
 * reinvite keeps an inactive invitation inactive and sends a fresh link (the old one stops working).
 * Undoing an invitation deletes the record; the server allows it only where reinvite is allowed.
 */
export const invitationMachine = defineMachine({
  name: 'invitation',
  states: ['inactive', 'activated', 'frozen'],
  actions: {
    reinvite: { from: ['inactive'], to: 'inactive' },
    activate: { from: ['inactive'], to: 'activated' },
    freeze: { from: ['activated'], to: 'frozen' },
    unfreeze: { from: ['frozen'], to: 'activated' },
  },
});

// ---------------------------------------------------------------------------------------------
// Audit
// ---------------------------------------------------------------------------------------------

/** A rejection carries a reason (stored beside the state); the submitter may resubmit. */
export const auditMachine = defineMachine({
  name: 'audit',
  states: ['pending', 'passed', 'rejected'],
  actions: {
    approve: { from: ['pending'], to: 'passed' },
    reject: { from: ['pending'], to: 'rejected' },
    resubmit: { from: ['rejected'], to: 'pending' },
  },
});

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

// ---------------------------------------------------------------------------------------------
// Licence order (cloud VMS)
// ---------------------------------------------------------------------------------------------

/**
 * Meaning chosen for each state:
 * - waiting: ordered, waiting for payment (cancel gives it up);
 * - to_be_used: paid, not yet claimed by a VMS account; claim makes it `paid` (the active paid licence);
 * - in_trial: a trial licence running without payment; convertTrial is paying for it;
 * - permanently_free: granted free for good;
 * - stopped: the licence ended (trial over unpaid, subscription not renewed); renew places it again;
 * - disabled: switched off by the issuer; final (a new order is needed);
 * - returned: refunded / charged back.
 */
export const licenceOrderMachine = defineMachine({
  name: 'licenceOrder',
  states: ['stopped', 'waiting', 'paid', 'to_be_used', 'in_trial', 'permanently_free', 'disabled', 'returned', 'cancelled'],
  initial: 'waiting',
  actions: {
    pay: { from: ['waiting'], to: 'to_be_used' },
    cancel: { from: ['waiting'], to: 'cancelled' },
    claim: { from: ['to_be_used'], to: 'paid' },
    startTrial: { from: ['waiting'], to: 'in_trial' },
    convertTrial: { from: ['in_trial'], to: 'paid' },
    grantFree: { from: ['waiting', 'in_trial'], to: 'permanently_free' },
    stop: { from: ['paid', 'in_trial'], to: 'stopped' },
    renew: { from: ['stopped'], to: 'waiting' },
    disable: { from: ['to_be_used', 'paid', 'in_trial', 'permanently_free'], to: 'disabled' },
    refund: { from: ['to_be_used', 'paid'], to: 'returned' },
  },
});

// ---------------------------------------------------------------------------------------------
// Payee setup
// ---------------------------------------------------------------------------------------------

/** Per payment provider: configure (also used to change an existing configuration) and remove. */
export const payeeSetupMachine = defineMachine({
  name: 'payeeSetup',
  states: ['not_configured', 'configured'],
  actions: {
    configure: { from: ['not_configured', 'configured'], to: 'configured' },
    remove: { from: ['configured'], to: 'not_configured' },
  },
});

// ---------------------------------------------------------------------------------------------
// zod enums and types per machine
// ---------------------------------------------------------------------------------------------

export const contentStateSchema = contentMachine.stateSchema;
export const contentActionSchema = contentMachine.actionSchema;
export type ContentState = StateOf<typeof contentMachine>;
export type ContentAction = ActionOf<typeof contentMachine>;

export const goodsStateSchema = goodsMachine.stateSchema;
export const goodsActionSchema = goodsMachine.actionSchema;
export type GoodsState = StateOf<typeof goodsMachine>;
export type GoodsAction = ActionOf<typeof goodsMachine>;

export const storageOrderStateSchema = storageOrderMachine.stateSchema;
export const storageOrderActionSchema = storageOrderMachine.actionSchema;
export type StorageOrderState = StateOf<typeof storageOrderMachine>;
export type StorageOrderAction = ActionOf<typeof storageOrderMachine>;

export const firmwarePackageStateSchema = firmwarePackageMachine.stateSchema;
export const firmwarePackageActionSchema = firmwarePackageMachine.actionSchema;
export type FirmwarePackageState = StateOf<typeof firmwarePackageMachine>;
export type FirmwarePackageAction = ActionOf<typeof firmwarePackageMachine>;

export const releaseTaskStateSchema = releaseTaskMachine.stateSchema;
export const releaseTaskActionSchema = releaseTaskMachine.actionSchema;
export type ReleaseTaskState = StateOf<typeof releaseTaskMachine>;
export type ReleaseTaskAction = ActionOf<typeof releaseTaskMachine>;

export const ipUpdateStateSchema = ipUpdateMachine.stateSchema;
export const ipUpdateActionSchema = ipUpdateMachine.actionSchema;
export type IpUpdateState = StateOf<typeof ipUpdateMachine>;
export type IpUpdateAction = ActionOf<typeof ipUpdateMachine>;

export const messageStateSchema = messageMachine.stateSchema;
export const messageActionSchema = messageMachine.actionSchema;
export type MessageState = StateOf<typeof messageMachine>;
export type MessageAction = ActionOf<typeof messageMachine>;

export const invitationStateSchema = invitationMachine.stateSchema;
export const invitationActionSchema = invitationMachine.actionSchema;
export type InvitationState = StateOf<typeof invitationMachine>;
export type InvitationAction = ActionOf<typeof invitationMachine>;

export const auditStateSchema = auditMachine.stateSchema;
export const auditActionSchema = auditMachine.actionSchema;
export type AuditState = StateOf<typeof auditMachine>;
export type AuditAction = ActionOf<typeof auditMachine>;

export const userAccountStateSchema = userAccountMachine.stateSchema;
export const userAccountActionSchema = userAccountMachine.actionSchema;
export type UserAccountState = StateOf<typeof userAccountMachine>;
export type UserAccountAction = ActionOf<typeof userAccountMachine>;

export const licenceOrderStateSchema = licenceOrderMachine.stateSchema;
export const licenceOrderActionSchema = licenceOrderMachine.actionSchema;
export type LicenceOrderState = StateOf<typeof licenceOrderMachine>;
export type LicenceOrderAction = ActionOf<typeof licenceOrderMachine>;

export const payeeSetupStateSchema = payeeSetupMachine.stateSchema;
export const payeeSetupActionSchema = payeeSetupMachine.actionSchema;
export type PayeeSetupState = StateOf<typeof payeeSetupMachine>;
export type PayeeSetupAction = ActionOf<typeof payeeSetupMachine>;

/** Every machine by entity name, e.g. for generic "operate" endpoints and the tests. */
export const STATE_MACHINES = {
  content: contentMachine,
  goods: goodsMachine,
  storageOrder: storageOrderMachine,
  firmwarePackage: firmwarePackageMachine,
  releaseTask: releaseTaskMachine,
  ipUpdate: ipUpdateMachine,
  message: messageMachine,
  invitation: invitationMachine,
  audit: auditMachine,
  userAccount: userAccountMachine,
  licenceOrder: licenceOrderMachine,
  payeeSetup: payeeSetupMachine,
} as const;
export type MachineName = keyof typeof STATE_MACHINES;
