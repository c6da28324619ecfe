import { ReloadOutlined } from '../../../components/icons';
import { Spin, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The graphic code as an image (an <img> never runs script inside the SVG); click for a new one. */
export function ImageCode({ svg, loading, onRefresh }: { svg?: string; loading: boolean; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('auth.imageCodeRefresh')}>
      <button
        type="button"
        className="portal-image-code"
        onClick={onRefresh}
        aria-label={t('auth.imageCodeRefresh')}
        data-testid="image-code"
      >
        {loading ? (
          <Spin size="small" />
        ) : svg ? (
          <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={t('auth.imageCode')} />
        ) : (
          <ReloadOutlined />
        )}
      </button>
    </Tooltip>
  );
}
