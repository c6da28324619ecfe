import { describeMachine } from '../../support/machines';

// Per translation (issue 14 §1): release again publishes a newer revision; the supplier's take-off
// is undone only by the supplier, back to off_shelf.
describeMachine('content', {
  states: ['draft', 'released', 'off_shelf', 'supplier_off_shelf'],
  transitions: [
    'draft --release--> released',
    'released --release--> released',
    'released --takeOffShelf--> off_shelf',
    'off_shelf --putOnShelf--> released',
    'draft --supplierTakeOff--> supplier_off_shelf',
    'released --supplierTakeOff--> supplier_off_shelf',
    'off_shelf --supplierTakeOff--> supplier_off_shelf',
    'supplier_off_shelf --supplierRestore--> off_shelf',
  ],
});
