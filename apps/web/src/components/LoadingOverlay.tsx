import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoadingState } from '../lib/loading';

/** The full-page overlay driven by lib/loading (closes itself after LOADING_OVERLAY_AUTO_CLOSE_MS). */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const { visible, labelKey } = useLoadingState();
  return <Spin fullscreen spinning={visible} description={t(labelKey)} />;
}
