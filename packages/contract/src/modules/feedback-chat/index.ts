/** The feedback chat: conversations, the support desk. errors.ts and messages.ts are read through the root's tables. */
export * from './calls';
export * from './constants';
export * from './states';
export * from './validators';
export * from './live';
