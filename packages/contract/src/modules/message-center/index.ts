/** The message centre: messaging release and the inbox. errors.ts and messages.ts are read through the root's VALIDATION_MESSAGES. */
export * from './calls';
export * from './constants';
export * from './push';
export * from './states';
export * from './validators';
