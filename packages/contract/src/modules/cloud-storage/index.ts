/**
 * Cloud storage goods, orders and payee setup, ahead of the module: its limits, state machines,
 * price rules and SPEC §8 order codes (errors.ts). errors.ts and messages.ts are read
 * through the root's tables.
 */
export * from './calls';
export * from './order-calls';
export * from './constants';
export * from './states';
export * from './validators';
export * from './raw-routes';
export * from './checkout';
export * from './checkout-refs';
