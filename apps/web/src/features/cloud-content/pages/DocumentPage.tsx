import { useTranslation } from 'react-i18next';
import { DocumentManager } from '../components/DocumentManager';
import { TypeTabs } from '../components/TypeTabs';

/** Documents: the file manual (folder tree, documents, version history and upload) and the manual items the site lists. */
export default function DocumentPage() {
  const { t } = useTranslation();
  return <TypeTabs types={['manual']} before={[{ key: 'files', label: t('contentFiles.tab'), children: <DocumentManager /> }]} />;
}
