/**
 * The feedback chat, ahead of the module: its limits and the rule of one send. No calls yet.
 * messages.ts is read through the root's VALIDATION_MESSAGES.
 */
export * from './constants';
export * from './validators';
