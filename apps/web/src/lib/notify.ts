import { message as staticMessage } from 'antd';

type NoticeType = 'error' | 'success' | 'warning' | 'info';
export interface MessageApi {
  open(config: { type: NoticeType; key: string; content: string; duration?: number }): unknown;
}

let api: MessageApi | null = null;

/** The app registers antd's context-aware message API here (see app/providers); tests may inject a fake. */
export function setMessageApi(next: MessageApi | null): void {
  api = next;
}

/**
 * Show a toast. Toasts with the same key replace each other, so one message of each kind
 * (e.g. one per error code) is on screen at a time (SPEC §8).
 */
export function notify(type: NoticeType, key: string, content: string, duration = 4): void {
  (api ?? (staticMessage as unknown as MessageApi)).open({ type, key, content, duration });
}

export function notifyError(code: number | string, content: string): void {
  notify('error', `api-error-${code}`, content);
}
