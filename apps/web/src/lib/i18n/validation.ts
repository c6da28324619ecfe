import { PASSWORD_MAX, PASSWORD_MIN, validationMessage } from '@portal/contract';
import { currentLocale, i18n } from './index';

/**
 * Text of a contract validation key (`validation.*`) in the UI language (i18n loads the contract's
 * texts); anything that is not a key gets the generic message.
 */
export function translateValidation(message: string | undefined): string {
  if (message && i18n.exists(message)) return i18n.t(message, { min: PASSWORD_MIN, max: PASSWORD_MAX });
  if (message?.startsWith('validation.')) {
    const text = validationMessage(message, currentLocale());
    if (text !== message) return text;
  }
  return i18n.t('validation.invalid');
}
