/**
 * The system module's contract (operation log, mail outbox, hidden menus, files and uploads, IP zone
 * management's machine): what other modules and the package root may import.
 */
export * from './calls';
export * from './upload';
export * from './raw-routes';
export * from './states';
