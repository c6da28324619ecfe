/** One send of the feedback chat: its text in characters, and its attached files (SPEC §5, §9). */
export const CHAT_TEXT_MAX = 1000;
export const CHAT_FILES_MAX = 3;

/** A conversation's topic, in characters. */
export const CHAT_TOPIC_MAX = 100;
/** A client message id (the sender's own id of one send, so that a retry answers the original). */
export const CHAT_CLIENT_ID_MAX = 64;
/** A requester's message reopens a resolved conversation for this long after it was resolved. */
export const CHAT_REOPEN_DAYS = 7;
/** Messages answered by one history call. */
export const CHAT_HISTORY_MAX = 200;

/** Attached files by content (the upload's checked type): images up to 5 MB, documents and logs up to 10 MB. */
export const CHAT_IMAGE_EXTS = ['png', 'jpg', 'gif'] as const;
export const CHAT_DOCUMENT_EXTS = ['pdf', 'txt', 'log', 'zip'] as const;
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CHAT_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** Active (open or pending) conversations one desk member is given by round-robin, unless set per person. */
export const DESK_ASSIGN_CAP_DEFAULT = 10;
export const DESK_ASSIGN_CAP_MAX = 100;

/** The desk's statistics query a range of at most 31 days; the export at most 90. */
export const DESK_STATS_RANGE_DAYS = 31;
export const DESK_EXPORT_RANGE_DAYS = 90;

/** Canned replies: title and text lengths, and how many one desk keeps. */
export const CANNED_TITLE_MAX = 100;
export const CANNED_REPLIES_MAX = 200;

/** CSAT: a score of 1-5 and a comment of at most 500 characters. */
export const CSAT_COMMENT_MAX = 500;

/** The web polls the chat's unread count like the message badge (ms). */
export const CHAT_UNREAD_POLL_MS = 10_000;

/** E-mail reminders: a desk reply unread by a portal requester, a conversation waiting for the desk. */
export const CHAT_UNREAD_REPLY_MAIL_MINUTES = 10;
export const CHAT_WAITING_MAIL_MINUTES = 15;
