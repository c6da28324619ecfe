import { ReloadOutlined } from '../../../components/lite/icons';
import { Spinner } from '../../../components/lite/Spinner';
import { useTranslation } from 'react-i18next';

/**
 * The graphic code as an image (an <img> never runs script inside the SVG); click for a new one.
 * Drawn without antd (the registration pages are part of the antd-free shell).
 */
export function ImageCode({ svg, loading, onRefresh }: { svg?: string; loading: boolean; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="portal-image-code"
      onClick={onRefresh}
      aria-label={t('auth.imageCodeRefresh')}
      title={t('auth.imageCodeRefresh')}
      aria-busy={loading || undefined}
      data-testid="image-code"
    >
      {loading ? (
        <Spinner size="small" />
      ) : svg ? (
        <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={t('auth.imageCode')} width={120} height={40} />
      ) : (
        <ReloadOutlined />
      )}
    </button>
  );
}
