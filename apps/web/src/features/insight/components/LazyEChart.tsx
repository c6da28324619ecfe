/**
 * EChart loaded when first drawn: the diagnostics views live on the device-health screen, whose
 * list needs no charts, so echarts comes only with a chart.
 */
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { EChartProps } from './EChart';

const EChart = lazy(() => import('./EChart'));

export function LazyEChart(props: EChartProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height ?? 280 }} />}>
      <EChart {...props} />
    </Suspense>
  );
}
