import { describeMachine } from '../../support/machines';

describeMachine('feedbackConversation', {
  states: ['open', 'pending', 'resolved'],
  transitions: [
    'open --requesterMessage--> open',
    'pending --requesterMessage--> open',
    'resolved --requesterMessage--> open',
    'open --deskReply--> pending',
    'pending --deskReply--> pending',
    'open --pend--> pending',
    'open --resolve--> resolved',
    'pending --resolve--> resolved',
    'resolved --reopen--> open',
    'resolved --rate--> resolved',
  ],
});
