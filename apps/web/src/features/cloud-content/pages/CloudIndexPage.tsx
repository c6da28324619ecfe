import { useTranslation } from 'react-i18next';
import { OverviewPanel } from '../components/OverviewPanel';
import { SeoPanel } from '../components/SeoPanel';
import { SiteSettingsPanel } from '../components/SiteSettingsPanel';
import { TypeTabs } from '../components/TypeTabs';

/** The content site's overview (counts, missing translations, schedules, SEO gaps), home page items, FAQ, SEO, terms, settings. */
export default function CloudIndexPage() {
  const { t } = useTranslation();
  return (
    <TypeTabs
      before={[{ key: 'overview', label: t('content.tabs.overview'), children: <OverviewPanel /> }]}
      types={['banner', 'hot_product', 'hot_solution', 'faq_type', 'installer_faq', 'terms']}
      after={[
        { key: 'seo', label: t('content.tabs.seo'), children: <SeoPanel /> },
        { key: 'settings', label: t('content.tabs.settings'), children: <SiteSettingsPanel /> },
      ]}
    />
  );
}
