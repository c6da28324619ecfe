import { grouped, type MessageText } from '../../shared/messages';
import { CANNED_TITLE_MAX, CHAT_CLIENT_ID_MAX, CHAT_FILES_MAX, CHAT_TEXT_MAX, CHAT_TOPIC_MAX, CSAT_COMMENT_MAX } from './constants';

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
  chatTopicRequired: { en: 'Please enter a topic.', zh: '请输入主题。' },
  chatTopicTooLong: {
    en: `The topic cannot exceed ${CHAT_TOPIC_MAX} characters.`,
    zh: `主题不能超过${CHAT_TOPIC_MAX}个字符。`,
  },
  chatClientIdInvalid: {
    en: `The client message id must be 1-${CHAT_CLIENT_ID_MAX} letters, digits, '-' or '_'.`,
    zh: `客户端消息ID须为1-${CHAT_CLIENT_ID_MAX}个字母、数字、“-”或“_”。`,
  },
  csatScoreInvalid: { en: 'Choose a rating from 1 to 5.', zh: '请选择1到5分的评价。' },
  csatCommentTooLong: {
    en: `The comment cannot exceed ${CSAT_COMMENT_MAX} characters.`,
    zh: `评价内容不能超过${CSAT_COMMENT_MAX}个字符。`,
  },
  cannedTitleRequired: { en: 'Please enter a title for the reply.', zh: '请输入快捷回复的标题。' },
  cannedTitleTooLong: {
    en: `The title cannot exceed ${CANNED_TITLE_MAX} characters.`,
    zh: `标题不能超过${CANNED_TITLE_MAX}个字符。`,
  },
} satisfies Record<string, MessageText>;

export type FeedbackChatValidationName = keyof typeof FEEDBACK_CHAT_VALIDATION_MESSAGES;
