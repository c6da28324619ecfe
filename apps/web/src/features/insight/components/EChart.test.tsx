import * as echarts from 'echarts/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { chartOption } from './EChart';

function drawn(option: echarts.EChartsCoreOption): HTMLElement {
  const dom = document.createElement('div');
  const chart = echarts.init(dom, null, { renderer: 'svg', width: 400, height: 200 });
  chart.setOption(chartOption(option, 'Devices by version'));
  chart.dispose();
  return dom;
}

describe('chartOption', () => {
  // jsdom has no canvas (echarts measures text with one, and does without); no "not implemented" noise.
  beforeAll(() => void vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null));

  it('names a chart without series by its label (echarts marks it an image and would leave it nameless)', () => {
    for (const option of [{}, { series: [] }]) {
      const dom = drawn(option);
      expect(dom.getAttribute('role')).toBe('img');
      expect(dom.getAttribute('aria-label')).toBe('Devices by version');
    }
  });

  it("keeps echarts' own description of the data when there are series", () => {
    const dom = drawn({
      xAxis: { type: 'category', data: ['1.0', '1.1'] },
      yAxis: { type: 'value' },
      series: [{ type: 'bar', name: 'Devices', data: [3, 5] }],
    });
    expect(dom.getAttribute('role')).toBe('img');
    expect(dom.getAttribute('aria-label')).toMatch(/Devices/);
    expect(dom.getAttribute('aria-label')).toMatch(/1\.1.*5/);
  });
});
