import { grouped, type MessageText } from '../../shared/messages';
import { MESSAGE_BODY_MAX, MESSAGE_IMAGES_MAX, MESSAGE_LINK_MAX, MESSAGE_TITLE_MAX } from './constants';

/** Texts of the message centre's keys (see shared/messages.ts: no zod here). */
export const MESSAGE_CENTER_VALIDATION_MESSAGES = {
  messageTitleRequired: { en: 'Please enter a title.', zh: '请输入标题。' },
  messageTitleTooLong: {
    en: `The title cannot exceed ${MESSAGE_TITLE_MAX} characters.`,
    zh: `标题不能超过${MESSAGE_TITLE_MAX}个字符。`,
  },
  messageBodyRequired: { en: 'Please enter the message body.', zh: '请输入消息正文。' },
  messageBodyTooLong: {
    en: `The body cannot exceed ${grouped(MESSAGE_BODY_MAX)} characters.`,
    zh: `正文不能超过${MESSAGE_BODY_MAX}个字符。`,
  },
  messageContentRequired: { en: 'Write the message in at least one language.', zh: '请至少填写一种语言的消息。' },
  messageLinkInvalid: {
    en: `The link must be an http(s) address of at most ${MESSAGE_LINK_MAX} characters.`,
    zh: `链接须为http(s)地址，且不超过${MESSAGE_LINK_MAX}个字符。`,
  },
  messageTooManyImages: { en: `At most ${MESSAGE_IMAGES_MAX} images.`, zh: `最多${MESSAGE_IMAGES_MAX}张图片。` },
  messageAudienceRequired: { en: 'Choose who receives the message.', zh: '请选择消息接收对象。' },
} satisfies Record<string, MessageText>;

export type MessageCenterValidationName = keyof typeof MESSAGE_CENTER_VALIDATION_MESSAGES;
