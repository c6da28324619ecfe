import { describeMachine } from '../../support/machines';

describeMachine('invitation', {
  states: ['inactive', 'activated', 'frozen'],
  transitions: [
    'inactive --reinvite--> inactive',
    'inactive --activate--> activated',
    'activated --freeze--> frozen',
    'frozen --unfreeze--> activated',
  ],
});

describeMachine('audit', {
  states: ['pending', 'passed', 'rejected'],
  transitions: ['pending --approve--> passed', 'pending --reject--> rejected', 'rejected --resubmit--> pending'],
});
