import type { ContentType } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../lib/session/session-store';
import { OverviewPanel } from '../components/OverviewPanel';
import { SeoPanel } from '../components/SeoPanel';
import { SiteSettingsPanel } from '../components/SiteSettingsPanel';
import { TypeTabs } from '../components/TypeTabs';

/** The content site's overview (counts, missing translations, schedules, SEO gaps), home page items, FAQ, SEO, terms, settings. */
export default function CloudIndexPage() {
  const { t } = useTranslation();
  // The terms are read with the personalization code too (SPEC §6): without it the server refuses
  // their list (1005), so the tab is not offered.
  const seesTerms = useSessionUser()?.authResList.includes('dealer_customweb_qry') ?? false;
  const types: ContentType[] = [
    'banner',
    'hot_product',
    'hot_solution',
    'faq_type',
    'installer_faq',
    ...(seesTerms ? (['terms'] as const) : []),
  ];
  return (
    <TypeTabs
      before={[{ key: 'overview', label: t('content.tabs.overview'), children: <OverviewPanel /> }]}
      types={types}
      after={[
        { key: 'seo', label: t('content.tabs.seo'), children: <SeoPanel /> },
        { key: 'settings', label: t('content.tabs.settings'), children: <SiteSettingsPanel /> },
      ]}
    />
  );
}
