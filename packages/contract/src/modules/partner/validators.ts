/** The partner module's rules (SPEC §5): installer and dealer invitations. */
import { z } from 'zod';
import type { SharedValidationName } from '../../shared/messages';
import { emailSchema, validationKeyOf } from '../../shared/validators';
import type { PartnerValidationName } from './messages';

const vk = validationKeyOf<SharedValidationName | PartnerValidationName>();

/** Longest installer/dealer name; the database column is sized for it. */
export const INVITEE_NAME_MAX = 100;
/** Installer/dealer name for an invitation: required. */
export const inviteeNameSchema = z
  .string({ error: vk('nameRequired') })
  .trim()
  .min(1, { error: vk('nameRequired') })
  .max(INVITEE_NAME_MAX, { error: vk('nameTooLong') });
/** Installer/dealer invitation: name and e-mail required (SPEC §5). */
export const inviteeSchema = z.object({ name: inviteeNameSchema, email: emailSchema });
