import { errorText } from '../api/error-texts';
import { currentLocale } from '../i18n';
import { loginPath, navigateTo } from '../navigation/navigator';
import { notifyError } from '../notify';
import { clearSessionData } from './session-data';
import { clearSession } from './session-store';

function currentPath(): string {
  if (typeof window === 'undefined') return '';
  return `${window.location.pathname}${window.location.search}`;
}

/**
 * End the session in this tab: clear storage and cached server data, show the localized message of
 * `code` (one toast per code), and go to `to` (default: the login page, returning here afterwards).
 */
export function endSession(opts: { code?: number; params?: Record<string, string | number>; message?: string; to?: string } = {}): void {
  const from = currentPath();
  clearSession();
  clearSessionData();
  const text = opts.message ?? (opts.code !== undefined ? errorText(opts.code, currentLocale(), opts.params) : undefined);
  if (text) notifyError(opts.code ?? 'session', text);
  const onLogin = from.startsWith('/login');
  navigateTo(opts.to ?? (onLogin ? '/login' : loginPath(from.startsWith('/layout') ? from : undefined)), { replace: true });
}
