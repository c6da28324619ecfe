/** The statistics' screens as tabs (links keeping the filters), with the filters and the zone line. */
import { Card, Flex, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { insightExports, type StatsExportData } from '../api/insight-api';
import { ExportButton } from './ExportButton';
import { StatsFilters, StatsMeta } from './StatsFilters';

const TABS = ['statsOverview', 'statsByCustomer', 'statsByVersion'] as const;

export function StatsLayout(props: {
  meta?: { timeZone?: string; updatedAt?: number | null };
  children: ReactNode;
  withCustomer?: boolean;
  /** The screen's table and query (its range and filters), for the export; null until known. */
  exportOf?: Omit<StatsExportData, 'format'> | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const active = TABS.find((k) => location.pathname.endsWith(`/${k}`)) ?? 'statsOverview';
  return (
    <Flex vertical gap={16}>
      <Card variant="borderless" className="portal-card" styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={active}
          onChange={(k) => void navigate(`/layout/dataStatistics/${k}${location.search}`)}
          items={TABS.map((k) => ({ key: k, label: t(`menu.${k}`) }))}
        />
        <Flex justify="space-between" wrap gap={8} align="center">
          <StatsFilters withCustomer={props.withCustomer} />
          <Flex gap={8} align="center" wrap>
            <StatsMeta timeZone={props.meta?.timeZone} updatedAt={props.meta?.updatedAt} />
            {props.exportOf && (
              <ExportButton
                what={t(`insight.export.what.${active}`)}
                request={({ format }) => insightExports.stats({ ...props.exportOf!, format })}
                testId="stats-export"
              />
            )}
          </Flex>
        </Flex>
      </Card>
      {props.children}
    </Flex>
  );
}

export const pct = (v: number | null | undefined) => (v == null ? '-' : `${(v * 100).toFixed(1)}%`);
export const rate = (ok: number, failed: number) => (ok + failed === 0 ? null : ok / (ok + failed));
