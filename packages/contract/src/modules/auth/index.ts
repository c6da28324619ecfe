/**
 * The auth module's contract: what other modules and the package root may import. Its slices of the
 * error catalogue (errors.ts) and of the validation texts (messages.ts) are read through the root's
 * assembled tables (ErrorCodes, VALIDATION_MESSAGES).
 */
export * from './calls';
export * from './validators';
