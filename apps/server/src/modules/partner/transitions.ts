import { ErrorCodes, type Machine } from '@portal/contract';
import { AppError } from '../../lib/app-error';

/** The machine's next state, or the catalogue's 1017 for a move it does not allow. */
export function move<S extends string, A extends string>(machine: Machine<S, A>, state: S, action: A): S {
  if (!machine.can(state, action)) throw new AppError(ErrorCodes.illegalTransition, undefined, `${machine.name}: ${action} from ${state}`);
  return machine.next(state, action);
}
