/**
 * The contract's one entry: everything the server, the web, the tools and the tests import from
 * '@portal/contract'. Shared code (shared/), the assembled tables (errors.ts, validation-messages.ts,
 * registry.ts) and every module's index (modules/<m>/index.ts).
 */

// Shared by every module
export * from './shared/constants';
export * from './shared/resource-codes';
export * from './shared/crypto';
export * from './shared/envelope';
export * from './shared/envelope-schema';
export * from './shared/rate-limits';
export * from './shared/rules';
export * from './shared/register-rules';
export * from './shared/menus';
export * from './shared/entities';
export * from './shared/validators';
export * from './shared/states';
export * from './shared/define-call';
export * from './shared/refs';
export * from './shared/raw-routes';
export * from './shared/resumable-upload';

// Assembled from the modules: the error catalogue, the validation texts, the lists of calls, raw routes and machines
export * from './errors';
export * from './validation-messages';
export * from './shell-tables';
export * from './registry';

// Modules
export * from './modules/auth';
export * from './modules/account-manage';
export * from './modules/partner';
export * from './modules/system';
export * from './modules/cloud-upgrade';
export * from './modules/cloud-storage';
export * from './modules/cloud-content';
export * from './modules/license';
export * from './modules/message-center';
export * from './modules/feedback-chat';
export * from './modules/point-mall';
export * from './modules/app-api';
export * from './modules/insight';
