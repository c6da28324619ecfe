import type { MessageText } from '../../shared/messages';
import { CATEGORY_MAX_COUNTRIES } from './constants';

/** FOLDER_NAME_MAX_LENGTH and TITLE_MAX_LENGTH of ./validators.ts, repeated (no zod here); test/validation-messages.test.ts checks them. */
const FOLDER_NAME_MAX_LENGTH = 255;
const TITLE_MAX_LENGTH = 100;

/** Texts of the content site's keys: folders, titles, product categories (see shared/messages.ts: no zod here). */
export const CLOUD_CONTENT_VALIDATION_MESSAGES = {
  // ----- folders and titles -----
  folderNameRequired: { en: 'Please enter the folder name.', zh: '请输入文件夹名称。' },
  folderNameInvalid: {
    en: 'The folder name cannot contain \\ / : * ? " < > | or be "." or "..".',
    zh: '文件夹名称不能包含\\ / : * ? " < > |，且不能为“.”或“..”。',
  },
  folderNameTooLong: {
    en: `The folder name cannot exceed ${FOLDER_NAME_MAX_LENGTH} characters.`,
    zh: `文件夹名称不能超过${FOLDER_NAME_MAX_LENGTH}个字符。`,
  },
  titleRequired: { en: 'Please enter the title.', zh: '请输入标题。' },
  titleInvalid: {
    en: "The title cannot contain special characters. Only letters, digits, spaces and - _ . , ( ) & ' are allowed.",
    zh: "标题不能包含特殊字符，仅支持文字、数字、空格及 - _ . , ( ) & ' ，。、（）·",
  },
  titleTooLong: {
    en: `The title cannot exceed ${TITLE_MAX_LENGTH} characters.`,
    zh: `标题不能超过${TITLE_MAX_LENGTH}个字符。`,
  },

  // ----- product categories -----
  countryDuplicate: { en: 'This country or region is already selected.', zh: '国家/地区不能重复。' },
  countriesMax: {
    en: `At most ${CATEGORY_MAX_COUNTRIES} countries or regions can be selected.`,
    zh: `最多可选择${CATEGORY_MAX_COUNTRIES}个国家/地区。`,
  },

  // ----- items and parameters -----
  slugInvalid: {
    en: 'The address may hold lower-case letters, digits and single dashes (at most 120).',
    zh: '地址只能包含小写字母、数字和单个连字符（最多120个字符）。',
  },
  linkInvalid: {
    en: 'A link starts with http://, https://, mailto: or / (a page of this site).',
    zh: '链接须以 http://、https://、mailto: 或 /（本站页面）开头。',
  },
  bucketsOrder: {
    en: 'Number buckets: give up to 10 boundaries, each larger than the one before.',
    zh: '数值区间：最多10个分界值，且须逐个递增。',
  },
  textTooLong: { en: 'The text is too long.', zh: '文字过长。' },
  richTextTooDeep: { en: 'Rich text: the content is nested too deeply.', zh: '富文本：内容嵌套层级过深。' },
  paramKeyInvalid: {
    en: 'The key starts with a lower-case letter and holds lower-case letters, digits and _ (at most 40).',
    zh: '标识须以小写字母开头，只能包含小写字母、数字和 _（最多40个字符）。',
  },
} satisfies Record<string, MessageText>;

export type CloudContentValidationName = keyof typeof CLOUD_CONTENT_VALIDATION_MESSAGES;
