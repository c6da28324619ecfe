export { live, useLiveChannel, useLiveConnected, useLiveEvent } from './live';
export { LiveClient, type LiveClientDeps, type LiveSocket } from './live-client';
