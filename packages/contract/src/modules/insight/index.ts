/**
 * The insight module's contract (issue 15): device history constants, data statistics and Home's
 * summary. errors.ts is read through the root's tables.
 */
export * from './constants';
export * from './abilities';
export * from './calls';
export * from './audit-actions';
export * from './device-logs';
export * from './end-user-log';
export * from './exports';
export * from './monitoring';
