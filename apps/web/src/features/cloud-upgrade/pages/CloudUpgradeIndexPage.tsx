import { AppstoreOutlined, HddOutlined, RocketOutlined } from '../../../components/icons';
import { releaseTaskStateSchema } from '@portal/contract';
import { Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PackagesPanel } from '../components/PackagesPanel';
import { TasksPanel } from '../components/TasksPanel';

type Tab = 'packages' | 'tasks';

/**
 * Cloud firmware upgrade: firmware packages and release tasks, one tab each (?tab=tasks opens the
 * tasks; &status=paused opens them filtered by that state, as Home's cards link).
 */
export default function CloudUpgradeIndexPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tab: Tab = params.get('tab') === 'tasks' ? 'tasks' : 'packages';
  const [pkgFilter, setPkgFilter] = useState<{ pkgId: number } | null>(() => {
    const id = Number(params.get('pkgId'));
    return Number.isInteger(id) && id > 0 ? { pkgId: id } : null;
  });
  // A state the link names (Home's task cards): the tasks' first filter.
  const [initialStatus] = useState(() => releaseTaskStateSchema.safeParse(params.get('status')).data);
  const go = (next: Tab) => setParams(next === 'tasks' ? { tab: 'tasks' } : {}, { replace: true });

  return (
    <Card variant="borderless" className="portal-card" styles={{ body: { paddingTop: 8, position: 'relative' } }}>
      {/* Beside the tabs, not in their tab list (a tablist holds only tabs: axe aria-required-children). */}
      <Button
        type="link"
        icon={<HddOutlined />}
        data-testid="devices-link"
        onClick={() => void navigate('/layout/cloudUpgrade/upgradeDevices')}
        style={{ position: 'absolute', top: 14, insetInlineEnd: 24, zIndex: 1 }}
      >
        {t('upgrade.tabs.devices')}
      </Button>
      <Tabs
        activeKey={tab}
        onChange={(k) => go(k as Tab)}
        items={[
          {
            key: 'packages',
            label: t('upgrade.tabs.packages'),
            icon: <AppstoreOutlined />,
            children: (
              <PackagesPanel
                onShowTasks={(pkgId) => {
                  setPkgFilter({ pkgId });
                  go('tasks');
                }}
              />
            ),
          },
          {
            key: 'tasks',
            label: t('upgrade.tabs.tasks'),
            icon: <RocketOutlined />,
            children: <TasksPanel pkgFilter={pkgFilter} onClearPkgFilter={() => setPkgFilter(null)} initialStatus={initialStatus} />,
          },
        ]}
        destroyOnHidden
      />
    </Card>
  );
}
