import { describeMachine } from '../../support/machines';

describeMachine('appKey', {
  states: ['enabled', 'disabled'],
  transitions: ['enabled --disable--> disabled', 'disabled --enable--> enabled'],
});

describeMachine('endUser', {
  states: ['normal', 'frozen', 'deleted'],
  transitions: ['normal --freeze--> frozen', 'frozen --unfreeze--> normal', 'normal --delete--> deleted'],
});
