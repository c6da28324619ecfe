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

/**
 * The reporting time zones a company may choose (IANA names): the runtime's list
 * (`Intl.supportedValuesOf('timeZone')`) and 'UTC', sorted. Statistics days are cut in the zone.
 */
export function reportingTimeZones(): readonly string[] {
  const list: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...list])].sort();
}

let zoneSet: ReadonlySet<string> | null = null;

export function isReportingTimeZone(zone: string): boolean {
  zoneSet ??= new Set(reportingTimeZones());
  return zoneSet.has(zone);
}

/** A company's reporting time zone: one of reportingTimeZones(). */
export const timeZoneSchema = z
  .string({ error: vk('timeZoneInvalid') })
  .trim()
  .refine(isReportingTimeZone, { error: vk('timeZoneInvalid') });
