import type { ErrorEntry, ErrorRange } from '../../shared/errors';

/** The numbers of the feedback chat's codes (shared/errors.ts). */
export const FEEDBACK_CHAT_ERROR_RANGES: readonly ErrorRange[] = [[27050, 27099]];

/** The feedback chat's codes: desks, reopening, assignment, ratings, ranges. */
export const FEEDBACK_CHAT_ERRORS = {
  27050: {
    key: 'feedbackNoDesk',
    endsSession: false,
    en: 'Your company has no support desk above it to write to.',
    zh: '您的公司没有可联系的上级服务台。',
  },
  27051: {
    key: 'feedbackReopenExpired',
    endsSession: false,
    en: 'This conversation was resolved more than {days} days ago. Please open a new one.',
    zh: '该会话已解决超过{days}天，请新建会话。',
  },
  27052: {
    key: 'feedbackAlreadyRated',
    endsSession: false,
    en: 'This conversation has already been rated.',
    zh: '该会话已评价。',
  },
  27053: {
    key: 'feedbackAssigneeNotStaff',
    endsSession: false,
    en: 'The chosen person is not a member of this support desk.',
    zh: '所选人员不是该服务台的成员。',
  },
  27054: {
    key: 'feedbackAssigneeOverCap',
    endsSession: false,
    en: '{name} already has {cap} active conversations.',
    zh: '{name}已有{cap}个进行中的会话。',
  },
  27055: {
    key: 'feedbackRangeTooLong',
    endsSession: false,
    en: 'Choose a period of at most {days} days.',
    zh: '请选择不超过{days}天的时间范围。',
  },
  27056: {
    key: 'feedbackFileNotChat',
    endsSession: false,
    en: 'Only images (PNG, JPG, GIF, at most 5 MB) and PDF, TXT, LOG or ZIP files (at most 10 MB) can be attached.',
    zh: '只能附带图片（PNG、JPG、GIF，最大5 MB）以及PDF、TXT、LOG或ZIP文件（最大10 MB）。',
  },
  27057: {
    key: 'feedbackTooManyCannedReplies',
    endsSession: false,
    en: 'A desk keeps at most {max} canned replies.',
    zh: '每个服务台最多保存{max}条快捷回复。',
  },
  27058: {
    key: 'liveTicketInvalid',
    endsSession: false,
    en: 'The live connection ticket is unknown, already used or expired. Ask for a new one.',
    zh: '实时连接票据无效、已使用或已过期，请重新获取。',
  },
} as const satisfies Record<number, ErrorEntry>;
