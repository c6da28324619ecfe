/**
 * What the app shell composes from this feature besides its pages: the signed-in user's own account
 * forms, shown in the layout's account dialog, and what the session may do with its own account
 * (the server's answer, which decides the dialog's tabs). Pages are not exported here: the route table imports
 * each page lazily by its path, so that every page stays its own chunk.
 */
export { AccountProfileForm } from './components/AccountProfileForm';
export { ChangePasswordForm } from './components/ChangePasswordForm';
export { EmailBindForm } from './components/EmailBindForm';
export { UnregisterPanel } from './components/UnregisterPanel';
export { useOwnAccountAbilities } from './api/users-api';
