/**
 * Licences (cloud VMS), ahead of the module: licence orders' state machine and the rules of licence
 * configurations and price lists. No calls yet. messages.ts is read through the root's
 * VALIDATION_MESSAGES.
 */
export * from './constants';
export * from './states';
export * from './validators';
