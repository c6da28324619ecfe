/**
 * What an actor may do with a release task now: the state machine's moves the actor may make, and
 * delete. The same rules as the operate and delete calls check (tasks.service.ts), answered with
 * every task so the web shows exactly these actions.
 */
import { releaseTaskMachine, TASK_OWNER_ACTIONS, TASK_SUPPLIER_ACTIONS, type ReleaseTaskState, type TaskAbility } from '@portal/contract';
import type { Actor } from '../../lib/context';
import { isFinalTask } from './engine.shared';

/** Owner actions need dealer_upgrade_mgr; the supplier's own a supplier user (the operate call needs dealer_upgrade_mgr or supplier_system_mgr). */
export function taskActions(actor: Actor, status: ReleaseTaskState): TaskAbility[] {
  const manages = actor.authResList.has('dealer_upgrade_mgr');
  const supervises = actor.companyType === 'supplier' && (manages || actor.authResList.has('supplier_system_mgr'));
  return [
    ...(manages ? TASK_OWNER_ACTIONS.filter((a) => releaseTaskMachine.can(status, a)) : []),
    ...(supervises ? TASK_SUPPLIER_ACTIONS.filter((a) => releaseTaskMachine.can(status, a)) : []),
    ...(manages && (status === 'unreleased' || isFinalTask(status)) ? (['delete'] as const) : []),
  ];
}
