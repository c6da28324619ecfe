import { CheckCircleFilled, CloseCircleFilled, CloseOutlined, ExclamationCircleFilled, InfoCircleFilled } from './lite/icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { type NoticeType, dismissToast, useToasts } from '../lib/notify';

const ICONS: Record<NoticeType, ReactElement> = {
  success: <CheckCircleFilled />,
  error: <CloseCircleFilled />,
  warning: <ExclamationCircleFilled />,
  info: <InfoCircleFilled />,
};

/**
 * The toasts raised by `notify` (API errors, confirmations), top centre of the page. Errors and
 * warnings are announced at once (role alert), the others politely.
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return (
    <div className="portal-toaster" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={`${toast.key}:${toast.seq}`}
          className={`portal-toast portal-toast-${toast.type}`}
          role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
        >
          <span className="portal-toast-icon" aria-hidden>
            {ICONS[toast.type]}
          </span>
          <span className="portal-toast-text">{toast.content}</span>
          <button type="button" className="portal-toast-close" aria-label={t('common.close')} onClick={() => dismissToast(toast.key)}>
            <CloseOutlined />
          </button>
        </div>
      ))}
    </div>
  );
}
