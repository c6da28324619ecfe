/** The account-manage module's rules: a user's nickname and phone. */
import { z } from 'zod';
import type { SharedValidationName } from '../../shared/messages';
import { validationKeyOf } from '../../shared/validators';
import type { AccountManageValidationName } from './messages';

const vk = validationKeyOf<SharedValidationName | AccountManageValidationName>();

export const NICKNAME_MAX = 50;
export const PHONE_MAX = 32;

export const nickNameSchema = z
  .string({ error: vk('nickNameRequired') })
  .trim()
  .min(1, { error: vk('nickNameRequired') })
  .max(NICKNAME_MAX, { error: vk('nickNameTooLong') });

/** Phone: optional; digits, spaces and + - ( ) only. */
export const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX, { error: vk('phoneInvalid') })
  .regex(/^[0-9+\-() ]*$/, { error: vk('phoneInvalid') });
