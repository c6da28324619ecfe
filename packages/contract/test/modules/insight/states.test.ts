import { describeMachine } from '../../support/machines';

describeMachine('deviceLog', {
  states: ['requested', 'uploaded', 'expired'],
  transitions: ['requested --upload--> uploaded', 'requested --expire--> expired'],
});
