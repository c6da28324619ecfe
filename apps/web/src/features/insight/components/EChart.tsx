/**
 * One echarts chart (echarts/core with only the parts used, so the statistics' chunk stays small),
 * in the UI's language, with the aria description and decal patterns on (a chart is readable
 * without colour and by a screen reader).
 */
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useTranslation } from 'react-i18next';

echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, AriaComponent, SVGRenderer]);

export interface EChartProps {
  option: EChartsCoreOption;
  height?: number;
  /** What the chart shows, for screen readers (beside echarts' own description). */
  label: string;
  onClick?: (p: { name: string; seriesName?: string; value?: unknown; dataIndex: number }) => void;
  testId?: string;
}

/**
 * The option as drawn: echarts' aria description and decal patterns on. echarts marks its container
 * role="img" and describes the series in it; with no series (a chart still loading, or nothing in
 * the range) it left the image without a name, which axe counts as a serious violation. Then the
 * chart's own label is its description.
 */
export function chartOption(option: EChartsCoreOption, label: string): EChartsCoreOption {
  const series = (option as { series?: unknown }).series;
  const hasSeries = Array.isArray(series) ? series.length > 0 : series !== undefined && series !== null;
  return { aria: { enabled: true, decal: { show: true }, ...(hasSeries ? {} : { label: { description: label } }) }, ...option };
}

export function EChart({ option, height = 280, label, onClick, testId }: EChartProps) {
  const { i18n } = useTranslation();
  return (
    <div role="figure" aria-label={label} data-testid={testId}>
      <ReactEChartsCore
        echarts={echarts}
        option={chartOption(option, label)}
        notMerge
        style={{ height, width: '100%' }}
        opts={{ renderer: 'svg', locale: i18n.language === 'zh-CN' ? 'ZH' : 'EN' }}
        onEvents={onClick ? { click: onClick } : undefined}
      />
    </div>
  );
}

export default EChart;
