/**
 * The content site's contract (issue 14): its calls, state machine and rules. messages.ts and
 * errors.ts are read through the root's tables.
 */
export * from './calls';
export * from './constants';
export * from './files';
export * from './products-sheet';
export * from './rich-text';
export * from './states';
export * from './validators';
