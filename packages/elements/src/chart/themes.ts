/**
 * The four chart themes of spec part 2 §9: infographic, macarons, roma and shine. Written here (the theme files that
 * ship with ECharts are UMD scripts for a global `echarts`), with the palettes users know from ECharts 4 and the
 * axis, legend and tooltip colours that go with them. Plain objects, registered by `echarts-setup.ts`.
 */

export const CHART_THEMES = ['infographic', 'macarons', 'roma', 'shine'] as const;
export type ChartThemeName = (typeof CHART_THEMES)[number];

interface ThemeInput {
  color: string[];
  /** Axis lines and ticks. */
  axis: string;
  /** Axis labels, legend and subtitle text. */
  text: string;
  title: string;
  split: string;
  tooltip: string;
  /** Series defaults that give the theme its look. */
  line?: { smooth?: boolean; width?: number; symbolSize?: number };
  bar?: { radius?: number };
  pieBorder?: string;
  gauge?: string[];
}

function theme(input: ThemeInput): Record<string, unknown> {
  const axis = (showSplit: boolean) => ({
    axisLine: { show: true, lineStyle: { color: input.axis } },
    axisTick: { show: true, lineStyle: { color: input.axis } },
    axisLabel: { color: input.text },
    splitLine: { show: showSplit, lineStyle: { color: [input.split] } },
    splitArea: { show: false },
  });
  return {
    color: input.color,
    backgroundColor: 'transparent',
    textStyle: {},
    title: { textStyle: { color: input.title }, subtextStyle: { color: input.text } },
    legend: { textStyle: { color: input.text } },
    tooltip: {
      backgroundColor: input.tooltip,
      borderWidth: 0,
      textStyle: { color: '#fff' },
      axisPointer: { lineStyle: { color: input.axis }, crossStyle: { color: input.axis } },
    },
    line: {
      smooth: input.line?.smooth ?? false,
      symbolSize: input.line?.symbolSize ?? 4,
      lineStyle: { width: input.line?.width ?? 2 },
    },
    bar: { itemStyle: { borderRadius: input.bar?.radius ?? 0 } },
    pie: { itemStyle: { borderColor: input.pieBorder ?? '#fff', borderWidth: input.pieBorder ? 1 : 0 } },
    radar: { lineStyle: { width: 2 }, symbolSize: 4 },
    gauge: input.gauge
      ? {
          axisLine: {
            lineStyle: {
              color: [
                [0.2, input.gauge[0]],
                [0.8, input.gauge[1]],
                [1, input.gauge[2]],
              ],
            },
          },
        }
      : {},
    categoryAxis: axis(false),
    valueAxis: axis(true),
    logAxis: axis(true),
    timeAxis: axis(true),
    dataZoom: { dataBackgroundColor: input.split, fillerColor: 'rgba(128,128,128,0.15)', handleColor: input.color[0] },
    visualMap: { color: [input.color[0], input.split] },
  };
}

export const chartThemes: Record<ChartThemeName, Record<string, unknown>> = {
  // Bold reds, teals and yellows on dark-teal axes.
  infographic: theme({
    color: [
      '#c1232b',
      '#27727b',
      '#fcce10',
      '#e87c25',
      '#b5c334',
      '#fe8463',
      '#9bca63',
      '#fad860',
      '#f3a43b',
      '#60c0dd',
      '#d7504b',
      '#c6e579',
      '#f4e001',
      '#f0805a',
      '#26c0c0',
    ],
    axis: '#27727b',
    text: '#333',
    title: '#27727b',
    split: '#ccc',
    tooltip: 'rgba(50,50,50,0.8)',
    line: { width: 3, symbolSize: 6 },
    gauge: ['#b5c334', '#e87c25', '#c1232b'],
  }),
  // Soft pastel teal, lilac and sky blue, smooth lines.
  macarons: theme({
    color: [
      '#2ec7c9',
      '#b6a2de',
      '#5ab1ef',
      '#ffb980',
      '#d87a80',
      '#8d98b3',
      '#e5cf0d',
      '#97b552',
      '#95706d',
      '#dc69aa',
      '#07a2a4',
      '#9a7fd1',
      '#588dd5',
      '#f5994e',
      '#c05050',
      '#59678c',
      '#c9ab00',
      '#7eb00a',
      '#6f5553',
      '#c14089',
    ],
    axis: '#008acd',
    text: '#333',
    title: '#008acd',
    split: '#eee',
    tooltip: 'rgba(50,50,50,0.5)',
    line: { smooth: true, width: 2, symbolSize: 3 },
    bar: { radius: 2 },
    gauge: ['#2ec7c9', '#5ab1ef', '#d87a80'],
  }),
  // Crimson and deep navy with sand tones.
  roma: theme({
    color: [
      '#e01f54',
      '#001852',
      '#f5e8c8',
      '#b8d2c7',
      '#c6b38e',
      '#a4d8c2',
      '#f3d999',
      '#d3758f',
      '#dcc392',
      '#2e4783',
      '#82b6e9',
      '#ff6347',
      '#a092f1',
      '#0a915d',
      '#eaf889',
      '#6699ff',
      '#ff6666',
      '#3cb371',
      '#d5b158',
      '#38b6b6',
    ],
    axis: '#333',
    text: '#333',
    title: '#333',
    split: '#e6e6e6',
    tooltip: 'rgba(0,24,82,0.8)',
    pieBorder: '#fff',
    gauge: ['#e01f54', '#b8d2c7', '#001852'],
  }),
  // Strong red, gold and blue, as in print.
  shine: theme({
    color: ['#c12e34', '#e6b600', '#0098d9', '#2b821d', '#005eaa', '#339ca8', '#cda819', '#32a487'],
    axis: '#333',
    text: '#333',
    title: '#333',
    split: '#eee',
    tooltip: 'rgba(0,0,0,0.7)',
    gauge: ['#2b821d', '#005eaa', '#c12e34'],
  }),
};
