/**
 * What the app shell composes from this feature besides its pages: the header's unread badge.
 * Pages are not exported here (each stays its own chunk).
 */
export { UnreadBadge } from './components/UnreadBadge';
