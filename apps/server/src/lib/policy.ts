/**
 * Policies (ARCHITECTURE: `authorize(actor, action, subject)` with the module's policy). A policy is
 * one pure function per entity: for an actor, the entity as it is now and an action, either null
 * (allowed) or the catalogue error that refuses it. The same function answers the entity's
 * `actions` (the presenter, through `allowedActions`) and refuses the call (the service, through
 * `authorize`), so the web never offers what the server refuses, and the server refuses nothing it
 * offered. A page's own actions (invite, upload, import) are a policy whose subject is `null`.
 *
 * What a policy does not decide: whether the entity exists for the caller (the scoped query answers
 * 1004 before the policy is asked), whether the call's input is valid, and short-lived refusals that
 * are not abilities (a second invitation within a minute, a user limit reached).
 */
import { ErrorCodes, type ErrorCode, type ResourceCode } from '@portal/contract';
import { AppError } from './app-error';
import type { Actor } from './context';

export interface Refusal {
  code: ErrorCode;
  params?: Record<string, string | number>;
  detail?: string;
}

export interface Policy<A extends string, S> {
  /** For the log: what the policy is about. */
  readonly name: string;
  /** Every action of the entity, in the order the answer lists them. */
  readonly actions: readonly A[];
  /** null when the actor may take `action` on `subject` now; otherwise why not. */
  refusal(actor: Actor, subject: S, action: A): Refusal | null;
}

export function definePolicy<A extends string, S>(policy: Policy<A, S>): Policy<A, S> {
  return Object.freeze(policy);
}

export const refuse = (code: ErrorCode, detail?: string, params?: Record<string, string | number>): Refusal => ({ code, detail, params });

/** The actions the actor may take on the subject now, in the policy's order (answered with the entity). */
export function allowedActions<A extends string, S>(policy: Policy<A, S>, actor: Actor, subject: S): A[] {
  return policy.actions.filter((a) => policy.refusal(actor, subject, a) === null);
}

/** Throws the policy's refusal (one catalogue error) unless the actor may take the action now. */
export function authorize<A extends string, S>(policy: Policy<A, S>, actor: Actor, subject: S, action: A): void {
  const r = policy.refusal(actor, subject, action);
  if (r) throw new AppError(r.code, r.params, `${policy.name}: ${action} refused${r.detail ? ` (${r.detail})` : ''}`);
}

/** 1005 unless the actor holds one of the codes (what the call's `auth.anyOf` asks). */
export function needsCode(actor: Actor, ...codes: ResourceCode[]): Refusal | null {
  return codes.some((c) => actor.authResList.has(c)) ? null : refuse(ErrorCodes.forbidden, `needs ${codes.join(' or ')}`);
}

/** 7050 for a session opened through remote access (the call's `remoteForbidden`). */
export function notRemote(actor: Actor): Refusal | null {
  return actor.actingUserId ? refuse(ErrorCodes.remoteAccessForbidden) : null;
}
