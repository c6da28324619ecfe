/** State machines of the content site (SPEC §4); the machinery is shared/states.ts. */
import { defineMachine, type ActionOf, type StateOf } from '../../shared/states';

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

export const contentStateSchema = contentMachine.stateSchema;
export const contentActionSchema = contentMachine.actionSchema;
export type ContentState = StateOf<typeof contentMachine>;
export type ContentAction = ActionOf<typeof contentMachine>;
