import { describeMachine } from '../../support/machines';

describeMachine('content', {
  states: ['draft', 'released', 'off_shelf'],
  transitions: ['draft --release--> released', 'released --takeOffShelf--> off_shelf', 'off_shelf --putOnShelf--> released'],
});
