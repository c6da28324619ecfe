/**
 * The cloud-upgrade module's contract (devices, firmware packages, release tasks, the device API):
 * what other modules and the package root may import. errors.ts and messages.ts are read through the
 * root's tables.
 */
export * from './calls';
export * from './device-api';
export * from './raw-routes';
export * from './states';
export * from './validators';
