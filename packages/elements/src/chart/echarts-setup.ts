/**
 * The part of ECharts `<edu-chart>` uses, imported from `echarts/core` (TOOLCHAIN.md: the full build is several
 * times larger) and loaded by the element with a dynamic `import()` on first use only. Registers the four themes
 * and a traditional-Chinese locale for zh-HK. A host that needs another chart type imports it and calls `use()`
 * from `echarts/core` itself (one copy of echarts per bundle).
 */
// Namespace imports: a project without the optional peer dependency `echarts` still builds (Vite stands a module in
// for it that throws when loaded, so the element shows its load failure); named imports of it would fail the build.
import * as core from 'echarts/core';
import * as charts from 'echarts/charts';
import * as components from 'echarts/components';
import * as features from 'echarts/features';
import * as renderers from 'echarts/renderers';
import { CHART_THEMES, chartThemes } from './themes.ts';
import { zhHKLocale } from './locale-zh-hk.ts';

let prepared = false;

/**
 * Registers the charts, components, renderers, themes and the zh-HK locale (once) and returns ECharts' `init`.
 * A function rather than top-level statements: the package declares its modules free of side effects, so a bundler
 * would drop module-level registrations (and the charts would have no renderer).
 */
export function prepareECharts(): typeof core.init {
  if (!prepared) {
    prepared = true;
    core.use([
      charts.BarChart,
      charts.LineChart,
      charts.PieChart,
      charts.ScatterChart,
      charts.RadarChart,
      charts.GaugeChart,
      charts.FunnelChart,
      components.TitleComponent,
      components.TooltipComponent,
      components.LegendComponent,
      components.GridComponent,
      components.PolarComponent,
      components.RadarComponent,
      components.DatasetComponent,
      components.TransformComponent,
      components.AriaComponent,
      components.MarkLineComponent,
      components.MarkPointComponent,
      components.DataZoomComponent,
      components.VisualMapComponent,
      components.ToolboxComponent,
      features.LabelLayout,
      renderers.CanvasRenderer,
      renderers.SVGRenderer,
    ]);
    for (const name of CHART_THEMES) core.registerTheme(name, chartThemes[name]);
    core.registerLocale('ZH-HK', zhHKLocale);
  }
  return core.init;
}
