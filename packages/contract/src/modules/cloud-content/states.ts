/** State machines of the content site (SPEC §4); the machinery is shared/states.ts. */
import { defineMachine, type ActionOf, type StateOf } from '../../shared/states';

// ---------------------------------------------------------------------------------------------
// Content: one translation (a locale) of a product, solution, news, video and the other items
// ---------------------------------------------------------------------------------------------

/**
 * Each translation of an item has its own state: releasing en-US leaves zh-CN a draft.
 * "Released" is the on-shelf state (visible on the site); there is no separate on_shelf state.
 * Editing never changes the state, and never the site: every save is a revision, and the site
 * serves the released revision until the next Release (release from released publishes the
 * latest revision; a second Release of the same revision is "already done", 28005).
 * The supplier may take any translation off the shelf with a reason (supplier_off_shelf); the
 * partner cannot undo it, only the supplier restores it (to off_shelf, which the partner may put
 * on the shelf again).
 */
export const contentMachine = defineMachine({
  name: 'content',
  states: ['draft', 'released', 'off_shelf', 'supplier_off_shelf'],
  actions: {
    release: { from: ['draft', 'released'], to: 'released' },
    takeOffShelf: { from: ['released'], to: 'off_shelf' },
    putOnShelf: { from: ['off_shelf'], to: 'released' },
    supplierTakeOff: { from: ['draft', 'released', 'off_shelf'], to: 'supplier_off_shelf' },
    supplierRestore: { from: ['supplier_off_shelf'], to: 'off_shelf' },
  },
});

export const contentStateSchema = contentMachine.stateSchema;
export const contentActionSchema = contentMachine.actionSchema;
export type ContentState = StateOf<typeof contentMachine>;
export type ContentAction = ActionOf<typeof contentMachine>;
