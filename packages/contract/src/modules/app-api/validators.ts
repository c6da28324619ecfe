/** The app-api module's rules: application names, end users' profiles, device binding. */
import { z } from 'zod';
import type { SharedValidationName } from '../../shared/messages';
import { validationKeyOf } from '../../shared/validators';
import type { AppApiValidationName } from './messages';

const vk = validationKeyOf<SharedValidationName | AppApiValidationName>();

export const APP_NAME_MAX = 64;
/** Characters of a device's verification code (given by the device API's register). */
export const DEVICE_VERIFY_CODE_LENGTH = 8;

export const appNameSchema = z
  .string({ error: vk('appNameRequired') })
  .trim()
  .min(1, { error: vk('appNameRequired') })
  .max(APP_NAME_MAX, { error: vk('appNameTooLong') });

export const deviceVerifyCodeSchema = z
  .string({ error: vk('deviceCodeRequired') })
  .trim()
  .min(1, { error: vk('deviceCodeRequired') })
  .max(32, { error: vk('deviceCodeRequired') })
  .transform((c) => c.toUpperCase());

/** An end user's session may be renewed while it was active within this time (the app keeps its user signed in). */
export const END_USER_RENEW_IDLE_MS = 30 * 86_400_000;
