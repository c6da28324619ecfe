/** State machines of the app-api module: application keys and end users (DOMAIN §5). */
import { defineMachine, type ActionOf, type StateOf } from '../../shared/states';

/** An application key: usable while enabled; disabling refuses its calls at once (25001), enabling undoes it. */
export const appKeyMachine = defineMachine({
  name: 'appKey',
  states: ['enabled', 'disabled'],
  actions: {
    disable: { from: ['enabled'], to: 'disabled' },
    enable: { from: ['disabled'], to: 'enabled' },
  },
});
export const appKeyStateSchema = appKeyMachine.stateSchema;
export type AppKeyState = StateOf<typeof appKeyMachine>;
export type AppKeyAction = ActionOf<typeof appKeyMachine>;

/**
 * An end user (C-terminal user): normal; frozen by the brand's portal users (its sessions end, its
 * login answers 25003) and unfrozen; deleted by the user itself (the e-mail may register again).
 */
export const endUserMachine = defineMachine({
  name: 'endUser',
  states: ['normal', 'frozen', 'deleted'],
  actions: {
    freeze: { from: ['normal'], to: 'frozen' },
    unfreeze: { from: ['frozen'], to: 'normal' },
    delete: { from: ['normal'], to: 'deleted' },
  },
});
export const endUserStateSchema = endUserMachine.stateSchema;
export type EndUserState = StateOf<typeof endUserMachine>;
export type EndUserAction = ActionOf<typeof endUserMachine>;
