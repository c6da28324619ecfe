import { grouped, type MessageText } from '../../shared/messages';
import { CHAT_FILES_MAX, CHAT_TEXT_MAX } from './constants';

/** Texts of the feedback chat's keys (see shared/messages.ts: no zod here). */
export const FEEDBACK_CHAT_VALIDATION_MESSAGES = {
  // ----- chat -----
  chatMessageRequired: { en: 'Please enter a message.', zh: '请输入消息内容。' },
  chatMessageTooLong: {
    en: `The message cannot exceed ${grouped(CHAT_TEXT_MAX)} characters.`,
    zh: `消息内容不能超过${CHAT_TEXT_MAX}个字符。`,
  },
  chatTooManyFiles: {
    en: `At most ${CHAT_FILES_MAX} files can be attached to one message.`,
    zh: `每条消息最多附带${CHAT_FILES_MAX}个文件。`,
  },
} satisfies Record<string, MessageText>;

export type FeedbackChatValidationName = keyof typeof FEEDBACK_CHAT_VALIDATION_MESSAGES;
