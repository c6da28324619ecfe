/**
 * The app-api module (issue 12 items 8-9, DOMAIN §5): Applications (application keys) and the
 * brand's end users in the portal, and the app-facing API under APP_API_PREFIX. The only file
 * other modules import from this module: a later module's app calls use `requireEndUser(ctx)`
 * (lib/context) and scope their queries to the caller's brand and end user.
 */
export { appKeyImpls } from './app-keys.calls';
export { appApiImpls } from './account.calls';
export { appCallers } from './app-auth';
