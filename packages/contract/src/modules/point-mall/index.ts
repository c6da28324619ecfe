/**
 * The points mall, ahead of the module: the gift rule. No calls yet. messages.ts is read through the
 * root's VALIDATION_MESSAGES.
 */
export * from './validators';
