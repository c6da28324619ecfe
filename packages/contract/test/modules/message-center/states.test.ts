import { describeMachine } from '../../support/machines';

describeMachine('message', {
  states: ['to_be_released', 'released', 'withdrawn'],
  transitions: [
    'to_be_released --edit--> to_be_released',
    'to_be_released --schedule--> to_be_released',
    'to_be_released --release--> released',
    'released --withdraw--> withdrawn',
    'withdrawn --revise--> to_be_released',
  ],
});
