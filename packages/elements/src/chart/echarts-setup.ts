/**
 * The part of ECharts `<edu-chart>` uses, imported from `echarts/core` (TOOLCHAIN.md: the full build is several
 * times larger) and loaded by the element with a dynamic `import()` on first use only. Registers the four themes
 * and a traditional-Chinese locale for zh-HK. A host that needs another chart type imports it and calls `use()`
 * from `echarts/core` itself (one copy of echarts per bundle).
 */
import { init, registerLocale, registerTheme, use } from 'echarts/core';
import { BarChart, FunnelChart, GaugeChart, LineChart, PieChart, RadarChart, ScatterChart } from 'echarts/charts';
import {
  AriaComponent,
  DataZoomComponent,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  MarkPointComponent,
  PolarComponent,
  RadarComponent,
  TitleComponent,
  ToolboxComponent,
  TooltipComponent,
  TransformComponent,
  VisualMapComponent,
} from 'echarts/components';
import { LabelLayout } from 'echarts/features';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import { CHART_THEMES, chartThemes } from './themes.ts';
import { zhHKLocale } from './locale-zh-hk.ts';

let prepared = false;

/**
 * Registers the charts, components, renderers, themes and the zh-HK locale (once) and returns ECharts' `init`.
 * A function rather than top-level statements: the package declares its modules free of side effects, so a bundler
 * would drop module-level registrations (and the charts would have no renderer).
 */
export function prepareECharts(): typeof init {
  if (!prepared) {
    prepared = true;
    use([
      BarChart,
      LineChart,
      PieChart,
      ScatterChart,
      RadarChart,
      GaugeChart,
      FunnelChart,
      TitleComponent,
      TooltipComponent,
      LegendComponent,
      GridComponent,
      PolarComponent,
      RadarComponent,
      DatasetComponent,
      TransformComponent,
      AriaComponent,
      MarkLineComponent,
      MarkPointComponent,
      DataZoomComponent,
      VisualMapComponent,
      ToolboxComponent,
      LabelLayout,
      CanvasRenderer,
      SVGRenderer,
    ]);
    for (const name of CHART_THEMES) registerTheme(name, chartThemes[name]);
    registerLocale('ZH-HK', zhHKLocale);
  }
  return init;
}
