import { useTranslation } from 'react-i18next';
import { CloseCircleFilled } from '../icons';

/**
 * `allowClear` for an antd Input: its clear button holds only an icon, which antd names "close-circle"
 * in every language; here it is named "Clear" in the page's language.
 */
export function useAllowClear() {
  const { t } = useTranslation();
  return { clearIcon: <CloseCircleFilled aria-label={t('common.clear')} /> };
}
