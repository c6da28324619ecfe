import { useTranslation } from 'react-i18next';
import { useLoadingState } from '../lib/loading';
import { Spinner } from './lite/Spinner';

/** The full-page overlay driven by lib/loading (closes itself after LOADING_OVERLAY_AUTO_CLOSE_MS). */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const { visible, labelKey } = useLoadingState();
  if (!visible) return null;
  return (
    <div className="portal-loading-overlay" role="status" aria-live="polite" aria-busy="true" data-testid="loading-overlay">
      <div className="portal-spinner-stack">
        <Spinner size="large" />
        <span>{t(labelKey)}</span>
      </div>
    </div>
  );
}
