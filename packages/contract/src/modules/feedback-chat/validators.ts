/** Rules of the feedback chat (SPEC §5): one send's text and attached files, topics, ratings. */
import { z } from 'zod';
import type { SharedValidationName } from '../../shared/messages';
import { charCount, idSchema, validationKeyOf, type ValidationKeyOf } from '../../shared/validators';
import { CANNED_TITLE_MAX, CHAT_CLIENT_ID_MAX, CHAT_FILES_MAX, CHAT_TEXT_MAX, CHAT_TOPIC_MAX, CSAT_COMMENT_MAX } from './constants';
import type { FeedbackChatValidationName } from './messages';

const vk = validationKeyOf<SharedValidationName | FeedbackChatValidationName>();
type Key = ValidationKeyOf<FeedbackChatValidationName>;

export function chatTextError(text: string | null | undefined): Key | null {
  const s = text ?? '';
  if (s.trim() === '') return vk('chatMessageRequired');
  return charCount(s) <= CHAT_TEXT_MAX ? null : vk('chatMessageTooLong');
}

/** Text of a chat/feedback message: non-blank, at most 1000 characters (kept as typed, not trimmed). */
export const chatTextSchema = z.string({ error: vk('chatMessageRequired') }).superRefine((text, ctx) => {
  const key = chatTextError(text);
  if (key) ctx.addIssue({ code: 'custom', message: key });
});

/** Uploaded file ids attached to one send (purpose chatFile, the sender's own): at most 3. */
export const chatFilesSchema = z
  .array(idSchema)
  .max(CHAT_FILES_MAX, { error: vk('chatTooManyFiles') })
  .refine((ids) => new Set(ids).size === ids.length, { error: vk('chatTooManyFiles') })
  .default([]);

/**
 * One send of the feedback chat: up to 3 attached files (uploaded file ids) and a text of at most
 * 1000 characters. The text may be blank only when files are attached, so a user can send a
 * screenshot alone; a send with neither is refused as blank.
 */
export const chatMessageSchema = z
  .object({
    text: z.string().default(''),
    files: chatFilesSchema,
  })
  .superRefine((m, ctx) => {
    const key = chatTextError(m.text);
    if (key === 'validation.chatMessageTooLong' || (key && m.files.length === 0))
      ctx.addIssue({ code: 'custom', message: key, path: ['text'] });
  });

export const chatTopicSchema = z
  .string({ error: vk('chatTopicRequired') })
  .trim()
  .min(1, { error: vk('chatTopicRequired') })
  .refine((s) => charCount(s) <= CHAT_TOPIC_MAX, { error: vk('chatTopicTooLong') });

/** The sender's own id of one send: a retry with the same id answers the original message. */
export const chatClientIdSchema = z
  .string({ error: vk('chatClientIdInvalid') })
  .regex(new RegExp(`^[A-Za-z0-9_-]{1,${CHAT_CLIENT_ID_MAX}}$`), { error: vk('chatClientIdInvalid') });

export const csatScoreSchema = z
  .number({ error: vk('csatScoreInvalid') })
  .int({ error: vk('csatScoreInvalid') })
  .min(1, { error: vk('csatScoreInvalid') })
  .max(5, { error: vk('csatScoreInvalid') });

export const csatCommentSchema = z
  .string()
  .trim()
  .refine((s) => charCount(s) <= CSAT_COMMENT_MAX, { error: vk('csatCommentTooLong') })
  .default('');

export const cannedTitleSchema = z
  .string({ error: vk('cannedTitleRequired') })
  .trim()
  .min(1, { error: vk('cannedTitleRequired') })
  .refine((s) => charCount(s) <= CANNED_TITLE_MAX, { error: vk('cannedTitleTooLong') });
