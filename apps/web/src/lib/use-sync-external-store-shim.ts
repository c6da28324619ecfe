/**
 * `use-sync-external-store/shim` for React 19, which has the hook itself (the shim only forwards to
 * it there): aliased in vite.config.ts so react-i18next does not bring the shim's fallback code to
 * /login (issue 16).
 */
export { useSyncExternalStore } from 'react';
