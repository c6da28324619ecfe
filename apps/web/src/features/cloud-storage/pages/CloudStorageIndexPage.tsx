import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppstoreOutlined, FileSearchOutlined, SettingOutlined, ShopOutlined } from '../../../components/icons';
import { OrdersPanel } from '../components/OrdersPanel';
import { OverviewPanel } from '../components/OverviewPanel';
import { useStorageAbilities } from '../api/storage-api';
import { GoodsPanel } from '../components/GoodsPanel';
import { PlansPanel } from '../components/PlansPanel';
import { SettingsPanel } from '../components/SettingsPanel';

/** Cloud storage: overview, goods, orders; review and plans for the supplier; settings (?tab=overview|orders|review|plans|settings). */
export default function CloudStorageIndexPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const abilities = useStorageAbilities();
  const tab = params.get('tab') ?? 'goods';
  const items = [
    { key: 'goods', label: t('storage.tabs.goods'), icon: <ShopOutlined />, children: <GoodsPanel /> },
    { key: 'orders', label: t('storage.tabs.orders'), icon: <FileSearchOutlined />, children: <OrdersPanel /> },
    { key: 'overview', label: t('storage.tabs.overview'), icon: <AppstoreOutlined />, children: <OverviewPanel /> },
    ...(abilities.can('review')
      ? [{ key: 'review', label: t('storage.tabs.review'), icon: <FileSearchOutlined />, children: <GoodsPanel reviewOnly /> }]
      : []),
    ...(abilities.can('managePlans')
      ? [{ key: 'plans', label: t('storage.tabs.plans'), icon: <AppstoreOutlined />, children: <PlansPanel /> }]
      : []),
    {
      key: 'settings',
      label: t('storage.tabs.settings'),
      icon: <SettingOutlined />,
      children: <SettingsPanel />,
    },
  ];
  return (
    <Card variant="borderless" className="portal-card" styles={{ body: { paddingTop: 8 } }}>
      <Tabs activeKey={tab} onChange={(k) => setParams(k === 'goods' ? {} : { tab: k }, { replace: true })} items={items} destroyOnHidden />
    </Card>
  );
}
