/** Rules of the content site (SPEC §5): folder names, titles, the countries a product category is shown in. */
import { z } from 'zod';
import type { SharedValidationName } from '../../shared/messages';
import { charCount, countryCodeSchema, flagRepeats, validationKeyOf, type ValidationKeyOf } from '../../shared/validators';
import { CATEGORY_MAX_COUNTRIES, SLUG_MAX_LENGTH } from './constants';
import type { CloudContentValidationName } from './messages';

const vk = validationKeyOf<SharedValidationName | CloudContentValidationName>();
type Key = ValidationKeyOf<CloudContentValidationName>;

/** Characters a folder name must not contain (SPEC §5): \ / : * ? " < > | */
export const FOLDER_NAME_FORBIDDEN_CHARS = '\\/:*?"<>|';
/** Longest folder name (common file-system limit). */
export const FOLDER_NAME_MAX_LENGTH = 255;
// eslint-disable-next-line no-control-regex
const FOLDER_FORBIDDEN_RE = /[\\/:*?"<>|\u0000-\u001f]/;

/** SPEC §5 characters are rejected, and so are control characters and the names "." and "..". */
export function folderNameError(name: string | null | undefined): Key | null {
  const s = (name ?? '').trim();
  if (s === '') return vk('folderNameRequired');
  if (FOLDER_FORBIDDEN_RE.test(s) || s === '.' || s === '..') return vk('folderNameInvalid');
  return charCount(s) <= FOLDER_NAME_MAX_LENGTH ? null : vk('folderNameTooLong');
}

export function isFolderNameValid(name: string): boolean {
  return folderNameError(name) === null;
}

export const folderNameSchema = z
  .string({ error: vk('folderNameRequired') })
  .trim()
  .superRefine((name, ctx) => {
    const key = folderNameError(name);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });

/**
 * Title character set ("title cannot contain special characters", SPEC §5). Allowed: letters of
 * any script (with their combining marks), digits, the space, and the punctuation
 *   - _ . , ( ) & '
 * plus their usual Chinese full-width forms ， 。 、 （ ） ·
 * Everything else is special, e.g. < > { } [ ] | \ ^ ~ ` @ # $ % * = + / : ; ! ? " and
 * tabs or line breaks.
 */
export const TITLE_ALLOWED_PUNCTUATION = "-_.,()&'，。、（）·";
export const TITLE_MAX_LENGTH = 100;
const TITLE_RE = /^[\p{L}\p{M}\p{N} \-_.,()&'，。、（）·]+$/u;

export function titleError(title: string | null | undefined): Key | null {
  const s = (title ?? '').trim();
  if (s === '') return vk('titleRequired');
  if (!TITLE_RE.test(s)) return vk('titleInvalid');
  return charCount(s) <= TITLE_MAX_LENGTH ? null : vk('titleTooLong');
}

export function isTitleValid(title: string): boolean {
  return titleError(title) === null;
}

export const titleSchema = z
  .string({ error: vk('titleRequired') })
  .trim()
  .superRefine((title, ctx) => {
    const key = titleError(title);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });

/** Countries a product category is displayed in: at most 10 (SPEC §5), none twice. */
export const categoryCountriesSchema = z
  .array(countryCodeSchema)
  .max(CATEGORY_MAX_COUNTRIES, { error: vk('countriesMax') })
  .superRefine((list, ctx) => flagRepeats(list, vk('countryDuplicate'), ctx));

export function isCategoryCountryCountValid(n: number): boolean {
  return n <= CATEGORY_MAX_COUNTRIES;
}

// ---------------------------------------------------------------------------------------------
// Items, translations and parameters (issue 14)
// ---------------------------------------------------------------------------------------------

/** A translation's address on the site: lower-case letters, digits and single dashes. */
export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = z
  .string()
  .trim()
  .max(SLUG_MAX_LENGTH, { error: vk('slugInvalid') })
  .refine((s) => s === '' || SLUG_RE.test(s), { error: vk('slugInvalid') });

/** A plain-text field shown on the site (escaped there, never markup). */
export const plainTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: vk('textTooLong') });

/** A parameter key: how values and filters name it (letters, digits, underscores). */
export const paramKeySchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, { error: vk('paramKeyInvalid') });

/** Turns a title into a slug (ASCII letters and digits; empty for a title without any). */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH);
}
