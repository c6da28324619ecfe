import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { KeyOutlined, TeamOutlined } from '../../../components/icons';
import { AppKeysPanel } from '../components/AppKeysPanel';
import { EndUsersPanel } from '../components/EndUsersPanel';

type Tab = 'keys' | 'endUsers';

/** Applications (SPEC §2 allApp): the brand's application keys, and its app's end users (a tab, as SPEC has no screen of its own for them). */
export default function AllAppPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'endUsers' ? 'endUsers' : 'keys';
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) => setParams(k === 'keys' ? {} : { tab: k }, { replace: true })}
      items={[
        { key: 'keys', label: t('appManage.tabs.keys'), icon: <KeyOutlined />, children: <AppKeysPanel /> },
        { key: 'endUsers', label: t('appManage.tabs.endUsers'), icon: <TeamOutlined />, children: <EndUsersPanel /> },
      ]}
      destroyOnHidden
    />
  );
}
