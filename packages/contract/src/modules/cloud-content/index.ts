/**
 * The content site, ahead of the module: its state machine and the rules of folder names, titles and
 * category countries. No calls yet. messages.ts is read through the root's VALIDATION_MESSAGES.
 */
export * from './constants';
export * from './states';
export * from './validators';
