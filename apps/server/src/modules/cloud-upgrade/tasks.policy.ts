/**
 * What an actor may do with a release task now: the state machine's moves the actor may make,
 * update (end time and gates) and delete. The operate, update and delete calls refuse with the same decision
 * (tasks.service.ts), and every task is answered with its abilities so the web shows exactly these.
 * - owner moves (pause, continue, end, revoke, promote), update and delete need
 *   dealer_upgrade_mgr; the supplier's own moves (supplierSuspend, supplierResume, externalPause,
 *   externalResume) a supplier user with dealer_upgrade_mgr or supplier_system_mgr (1005);
 * - a move the state does not allow is 1017; a finished task is not edited (24017); only an
 *   unreleased or finished task is deleted (1017).
 */
import {
  ErrorCodes,
  releaseTaskMachine,
  TASK_ABILITIES,
  TASK_SUPPLIER_ACTIONS,
  type ReleaseTaskState,
  type TaskAbility,
} from '@portal/contract';
import type { Actor } from '../../lib/context';
import { allowedActions, definePolicy, needsCode, refuse } from '../../lib/policy';
import { isFinalTask } from './engine.shared';

const SUPPLIER_ACTIONS: readonly TaskAbility[] = TASK_SUPPLIER_ACTIONS;

export const taskPolicy = definePolicy<TaskAbility, { status: ReleaseTaskState }>({
  name: 'release task',
  actions: TASK_ABILITIES,
  refusal(actor, { status }, action) {
    if (SUPPLIER_ACTIONS.includes(action)) {
      if (actor.companyType !== 'supplier') return refuse(ErrorCodes.forbidden, 'a supplier action');
      const noCode = needsCode(actor, 'dealer_upgrade_mgr', 'supplier_system_mgr');
      if (noCode) return noCode;
    } else {
      const noCode = needsCode(actor, 'dealer_upgrade_mgr');
      if (noCode) return noCode;
    }
    if (action === 'update') return isFinalTask(status) ? refuse(ErrorCodes.taskNotEditable) : null;
    if (action === 'delete')
      return status === 'unreleased' || isFinalTask(status) ? null : refuse(ErrorCodes.illegalTransition, `delete of a ${status} task`);
    return releaseTaskMachine.can(status, action) ? null : refuse(ErrorCodes.illegalTransition, `${action} from ${status}`);
  },
});

/** The abilities answered with a task in this state. */
export function taskActions(actor: Actor, status: ReleaseTaskState): TaskAbility[] {
  return allowedActions(taskPolicy, actor, { status });
}
