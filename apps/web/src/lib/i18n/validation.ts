import { PASSWORD_MAX, PASSWORD_MIN } from '@portal/contract';
import { i18n } from './index';

/**
 * Text of a contract validation key (`validation.*`) in the UI language (i18n loads the contract's
 * texts: the shell's rules first, every module's with the features' texts); anything else gets the
 * generic message.
 */
export function translateValidation(message: string | undefined): string {
  if (message && i18n.exists(message)) return i18n.t(message, { min: PASSWORD_MIN, max: PASSWORD_MAX });
  return i18n.t('validation.invalid');
}
