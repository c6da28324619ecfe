/**
 * The account-manage module's contract (users, the signed-in user's account): what other modules
 * and the package root may import. errors.ts and messages.ts are read through the root's tables.
 */
export * from './calls';
export * from './states';
export * from './validators';
