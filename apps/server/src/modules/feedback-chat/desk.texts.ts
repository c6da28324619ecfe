/** Texts the server writes itself (the desk's export), in both locales. */
import type { Locale } from '@portal/contract';

const SHEET = {
  'en-US': {
    name: 'Conversations',
    columns: [
      'ID',
      'Topic',
      'Requester',
      'From',
      'State',
      'Assignee',
      'Device',
      'Opened',
      'First response (s)',
      'Resolved',
      'CSAT',
      'Comment',
    ],
    states: { open: 'Open', pending: 'Pending', resolved: 'Resolved' },
  },
  'zh-CN': {
    name: '会话',
    columns: ['编号', '主题', '发起人', '来自', '状态', '处理人', '设备', '创建时间', '首次响应（秒）', '解决时间', '满意度', '评价'],
    states: { open: '待处理', pending: '等待回复', resolved: '已解决' },
  },
} as const;

export function exportSheet(locale: Locale) {
  return SHEET[locale];
}

const REPLY_PUSH = {
  'en-US': (desk: string, topic: string) => (desk ? `${desk} replied: ${topic}` : `New reply: ${topic}`),
  'zh-CN': (desk: string, topic: string) => (desk ? `${desk} 回复了您的会话：${topic}` : `您的会话有新回复：${topic}`),
} as const;

/** The title of the push an end user gets for a desk reply unread for 10 minutes (its body: the reply). */
export function replyPushTitle(locale: Locale, deskName: string, topic: string): string {
  return REPLY_PUSH[locale](deskName, topic);
}
