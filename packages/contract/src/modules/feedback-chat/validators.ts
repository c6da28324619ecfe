/** Rules of the feedback chat (SPEC §5): one send's text and attached files. */
import { z } from 'zod';
import type { SharedValidationName } from '../../shared/messages';
import { charCount, validationKeyOf, type ValidationKeyOf } from '../../shared/validators';
import { CHAT_FILES_MAX, CHAT_TEXT_MAX } from './constants';
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

/**
 * One send of the feedback chat: up to 3 attached files (uploaded file ids or paths) and a text of
 * at most 1000 characters. The text may be blank only when files are attached, so a user can send
 * a screenshot alone; a send with neither is refused as blank.
 */
export const chatMessageSchema = z
  .object({
    text: z.string().default(''),
    files: z
      .array(z.string().min(1))
      .max(CHAT_FILES_MAX, { error: vk('chatTooManyFiles') })
      .default([]),
  })
  .superRefine((m, ctx) => {
    const key = chatTextError(m.text);
    if (key === 'validation.chatMessageTooLong' || (key && m.files.length === 0))
      ctx.addIssue({ code: 'custom', message: key, path: ['text'] });
  });
