/**
 * The whole error catalogue and validation texts, a chunk of their own loaded with the features'
 * texts (lib/i18n): /login has the shell's slices only (contract shell-tables.ts).
 */
export { ERROR_CATALOGUE, VALIDATION_MESSAGES } from '@portal/contract';
