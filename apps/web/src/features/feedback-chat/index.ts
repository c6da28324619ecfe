/**
 * What the app shell composes from this feature besides its pages: the header's chat badge.
 * Pages are not exported here (each stays its own chunk).
 */
export { ChatBadge } from './components/ChatBadge';
