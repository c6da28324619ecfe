import { useTranslation } from 'react-i18next';
import { ParamsPanel } from '../components/ParamsPanel';
import { TypeTabs } from '../components/TypeTabs';

/** Products, product categories, product filters and the parameter definitions. */
export default function ProductCenterPage() {
  const { t } = useTranslation();
  return (
    <TypeTabs
      types={['product', 'product_category', 'product_filter']}
      after={[{ key: 'params', label: t('content.tabs.params'), children: <ParamsPanel /> }]}
    />
  );
}
