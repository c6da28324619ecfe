import type { ContentType } from '@portal/contract';
import { Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ItemsPanel } from './ItemsPanel';

export interface ExtraTab {
  key: string;
  label: string;
  children: ReactNode;
}

/** A content page: one tab per item type (and extra tabs), the tab in the URL (?tab=). */
export function TypeTabs({ types, before = [], after = [] }: { types: ContentType[]; before?: ExtraTab[]; after?: ExtraTab[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const keys = [...before.map((b) => b.key), ...types, ...after.map((a) => a.key)];
  const tab = keys.includes(params.get('tab') ?? '') ? params.get('tab')! : keys[0]!;
  return (
    <Card variant="borderless" className="portal-card" styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
        items={[
          ...before,
          ...types.map((type) => ({ key: type, label: t(`content.types.${type}`), children: <ItemsPanel type={type} /> })),
          ...after,
        ]}
        destroyOnHidden
      />
    </Card>
  );
}
