/**
 * The partner module's contract (companies, invitations, registration audit, corporate information,
 * remote access): what other modules and the package root may import. errors.ts and messages.ts
 * are read through the root's tables.
 */
export * from './calls';
export * from './company-calls';
export * from './states';
export * from './validators';
