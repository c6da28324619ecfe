/** One send of the feedback chat: its text in characters, and its attached files (SPEC §5, §9). */
export const CHAT_TEXT_MAX = 1000;
export const CHAT_FILES_MAX = 3;
