/**
 * The app-api module's contract: application keys (Applications), end users and the app-facing
 * API under APP_API_PREFIX (DOMAIN §5). errors.ts and messages.ts are read through the root's tables.
 */
export * from './calls';
export * from './states';
export * from './validators';
