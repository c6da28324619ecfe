/** The message centre, ahead of the module: the messaging release's state machine. No calls yet. */
export * from './states';
