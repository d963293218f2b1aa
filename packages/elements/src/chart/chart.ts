import { html, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { msg } from '@lit/localize';
import type { EChartsCoreOption as EChartsOption, EChartsType as EChartsInstance } from 'echarts/core';
import { getLanguage, type Lang } from '@edu-portal/core/i18n/language.ts';
import { EduElement } from '../internal/edu-element.ts';
import { loadOnce } from '../internal/load-once.ts';
import { currentLocale } from '../internal/localize.ts';
import { throttle, type Throttled } from '../internal/throttle.ts';
import { chartStyles } from './chart.styles.ts';

/**
 * An ECharts option object (what `echarts/core`'s `EChartsCoreOption` describes). The element's declarations name no
 * type of ECharts itself: `echarts` is an optional peer dependency, installed only by projects that draw charts, and a
 * strict type-check of a project without it must still pass.
 */
export type EChartsCoreOption = Record<string, unknown>;

/** The chart's ECharts instance: the methods pages call (cast to `echarts/core`'s `EChartsType` for the rest). */
export interface EChartsType {
  setOption(
    option: EChartsCoreOption,
    opts?: boolean | { notMerge?: boolean; lazyUpdate?: boolean; silent?: boolean },
  ): void;
  getOption(): EChartsCoreOption;
  resize(opts?: { width?: number | string; height?: number | string }): void;
  clear(): void;
  dispose(): void;
  isDisposed(): boolean;
  getDom(): HTMLElement;
  getWidth(): number;
  getHeight(): number;
  getDataURL(opts?: { type?: 'png' | 'jpeg' | 'svg'; pixelRatio?: number; backgroundColor?: string }): string;
  dispatchAction(payload: { type: string; [key: string]: unknown }): void;
  on(eventName: string, handler: (params: unknown) => void): void;
  off(eventName: string, handler?: (params: unknown) => void): void;
  showLoading(): void;
  hideLoading(): void;
}

/** Themes of spec part 2 §9 (the element registers them when ECharts loads). */
export const CHART_THEME_NAMES = ['infographic', 'macarons', 'roma', 'shine'] as const;
export type ChartTheme = (typeof CHART_THEME_NAMES)[number];

/** Spec part 2 §9: the resize handler is throttled to 50 ms. */
export const CHART_RESIZE_THROTTLE_MS = 50;

export interface EduChartClickDetail {
  componentType: string;
  seriesType: string | undefined;
  seriesName: string | undefined;
  name: string;
  dataIndex: number;
  value: unknown;
}

export type EduChartReadyEvent = CustomEvent<{ instance: EChartsType }>;
export type EduChartClickEvent = CustomEvent<EduChartClickDetail>;

type Setup = typeof import('./echarts-setup.ts');

/** ECharts comes in on first use only: one dynamic import per page, retried after a failure. */
const loadECharts = loadOnce<Setup>(() => import('./echarts-setup.ts'));

/** ECharts' locale names: its own ZH and EN, and the traditional-Chinese one the setup registers. */
const ECHARTS_LOCALES: Record<Lang, string> = { 'zh-CN': 'ZH', en: 'EN', 'zh-HK': 'ZH-HK' };

function hasData(option: EChartsCoreOption | null): boolean {
  if (!option) return false;
  if (option['dataset']) return true;
  const series = option['series'];
  const list = Array.isArray(series) ? series : series ? [series] : [];
  return list.some((s: unknown) => {
    const data = (s as { data?: unknown } | null)?.data;
    return Array.isArray(data) ? data.length > 0 : data !== undefined && data !== null;
  });
}

function optionTitle(option: EChartsCoreOption | null): string {
  const title = option?.['title'];
  const first = (Array.isArray(title) ? title[0] : title) as { text?: unknown } | undefined;
  return typeof first?.text === 'string' ? first.text : '';
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * An ECharts chart (spec part 2 §1, §9 "Charts"). ECharts is imported from `echarts/core` on first use only, with
 * bar, line, pie, scatter, radar, gauge and funnel charts; the themes `infographic`, `macarons`, `roma` and `shine`;
 * resizing follows the element's size (ResizeObserver, throttled to 50 ms); the instance is disposed when the element
 * leaves the page. Animation is off when the user prefers reduced motion (or with `animation: false` in the option).
 *
 * Accessible as an image: `label` (else the option's title) names it, and a description says what it shows:
 * `description`, else the description ECharts generates from the data in the page's language (zh-CN, en, zh-HK).
 * Loading and empty states are announced the same way.
 *
 * @summary ECharts chart, loaded on first use.
 * @tagname edu-chart
 *
 * @slot empty - Shown when the option has no data; default "暂无数据".
 *
 * @fires {CustomEvent<{instance: EChartsType}>} edu-chart-ready - The chart was created (again after a theme,
 *   renderer or language change) and drew its option.
 * @fires {CustomEvent<{componentType: string, seriesType: string, seriesName: string, name: string, dataIndex: number,
 *   value: unknown}>} edu-chart-click - The user clicked a data item.
 *
 * @csspart base - The image box: the chart, the empty text and the loading mask.
 * @csspart canvas - The box ECharts draws into.
 * @csspart empty - The empty text.
 * @csspart loading - The loading mask.
 * @csspart error - The message shown when ECharts could not be loaded.
 *
 * @cssprop [--edu-chart-height=300px] - Height of the chart.
 * @cssprop [--edu-chart-min-height=120px] - Smallest height.
 * @cssprop [--edu-chart-muted-color=#606266] - Colour of the empty and error texts.
 * @cssprop [--edu-chart-mask=rgb(255 255 255 / 0.7)] - Loading mask.
 * @cssprop [--edu-color-primary] - Spinner colour.
 */
export class EduChart extends EduElement {
  static override styles = chartStyles;

  /** The ECharts option. Setting a new object draws it (merged into the last one unless `not-merge`). */
  @property({ attribute: false }) option: EChartsCoreOption | null = null;

  /** `infographic`, `macarons`, `roma`, `shine`, or '' for ECharts' own look. Any theme registered with ECharts works. */
  @property({ reflect: true }) theme = '';

  /** `canvas` (default) or `svg`. */
  @property() renderer: 'canvas' | 'svg' = 'canvas';

  /** Accessible name; default the option's title, else "图表". */
  @property() label = '';

  /** Accessible description; default the one ECharts generates from the data. */
  @property() description = '';

  /** Shows the loading mask (e.g. while the host fetches the data). */
  @property({ type: Boolean, reflect: true }) loading = false;

  /** Replaces the previous option instead of merging into it. */
  @property({ attribute: 'not-merge', type: Boolean }) notMerge = false;

  @state() private importing = false;
  @state() private failed = false;
  @state() private generatedDescription = '';

  @query('[part="canvas"]') private canvasBox!: HTMLDivElement;

  private chart: EChartsInstance | null = null;
  /** What the current instance was made with; a change means a new instance. */
  private made = { theme: '', renderer: '', locale: '' };
  private observer: ResizeObserver | null = null;
  private readonly throttledResize: Throttled = throttle(() => this.chart?.resize(), CHART_RESIZE_THROTTLE_MS);
  private drawn: Promise<void> = Promise.resolve();
  private drawPending = false;

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated) {
      this.observe();
      // Disposed on disconnect: draw again.
      this.drawPending = true;
      this.requestUpdate();
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.observer?.disconnect();
    this.observer = null;
    this.throttledResize.cancel();
    this.dispose();
  }

  /** The ECharts instance, or null before the first draw and after the element left the page. */
  getInstance(): EChartsType | null {
    return this.chart as unknown as EChartsType | null;
  }

  /** Resizes now, without waiting for the throttle. */
  resize(): void {
    this.chart?.resize();
  }

  /** Resolves when the last option given has been drawn (or nothing is to be drawn). */
  async whenDrawn(): Promise<void> {
    await this.updateComplete;
    let before: Promise<void>;
    do {
      before = this.drawn;
      await before;
      await this.updateComplete;
    } while (before !== this.drawn);
  }

  protected override firstUpdated(): void {
    this.observe();
  }

  protected override updated(changed: PropertyValues<this>): void {
    const relevant = ['option', 'theme', 'renderer', 'notMerge'] as const;
    const localeChanged = this.chart !== null && this.made.locale !== ECHARTS_LOCALES[getLanguage()];
    if (this.drawPending || relevant.some((key) => changed.has(key)) || localeChanged) {
      this.drawPending = false;
      const previous = this.drawn;
      this.drawn = previous
        .then(() => this.draw(changed.has('option')))
        .catch((error: unknown) => console.error('[edu-chart] drawing failed', error));
    }
  }

  private observe(): void {
    if (this.observer || !this.canvasBox) return;
    this.observer = new ResizeObserver(() => this.throttledResize());
    this.observer.observe(this.canvasBox);
  }

  private dispose(): void {
    if (this.chart && !this.chart.isDisposed()) this.chart.dispose();
    this.chart = null;
  }

  private async draw(optionChanged: boolean): Promise<void> {
    if (!this.isConnected || !this.option) {
      this.chart?.clear();
      this.generatedDescription = '';
      return;
    }
    let setup: Setup;
    const loaded = loadECharts.loaded();
    if (loaded) {
      setup = loaded;
    } else {
      try {
        this.importing = true;
        setup = await loadECharts();
        this.failed = false;
      } catch (error) {
        this.failed = true;
        console.error(
          '[edu-chart] ECharts could not be loaded (is the optional peer dependency installed? npm install echarts@6.1.0)',
          error,
        );
        return;
      } finally {
        this.importing = false;
      }
    }
    // It may have left the page, or lost its option, while ECharts loaded.
    if (!this.isConnected || !this.option) return;
    const wanted = { theme: this.theme, renderer: this.renderer, locale: ECHARTS_LOCALES[getLanguage()] };
    const remake =
      !this.chart ||
      this.chart.isDisposed() ||
      wanted.theme !== this.made.theme ||
      wanted.renderer !== this.made.renderer ||
      wanted.locale !== this.made.locale;
    if (remake) {
      this.dispose();
      const chart = setup.prepareECharts()(this.canvasBox, wanted.theme || null, {
        renderer: wanted.renderer === 'svg' ? 'svg' : 'canvas',
        locale: wanted.locale,
      });
      chart.on('click', (params) => {
        const p = params as unknown as EduChartClickDetail;
        this.emit('edu-chart-click', {
          componentType: p.componentType,
          seriesType: p.seriesType,
          seriesName: p.seriesName,
          name: p.name,
          dataIndex: p.dataIndex,
          value: p.value,
        });
      });
      this.chart = chart;
      this.made = wanted;
    } else if (!optionChanged) {
      return;
    }
    const option: EChartsOption = {
      // ECharts writes a description of the data into aria-label; the element moves it into its own description.
      aria: { enabled: true },
      ...this.option,
      // The user's preference wins over the option.
      ...(prefersReducedMotion() ? { animation: false } : {}),
    };
    this.chart!.setOption(option, { notMerge: this.notMerge || remake });
    this.readGeneratedDescription();
    if (remake) this.emit('edu-chart-ready', { instance: this.chart! as unknown as EChartsType });
  }

  /** ECharts writes its description (and role img) on the box it draws into, which is hidden: the element says it. */
  private readGeneratedDescription(): void {
    this.generatedDescription = this.canvasBox.getAttribute('aria-label') ?? '';
  }

  protected override render(): TemplateResult {
    // Read so that the description and texts follow a language switch (the element is @localized).
    void currentLocale();
    const busy = this.loading || this.importing;
    const empty = !busy && !this.failed && !hasData(this.option);
    const name = this.label || optionTitle(this.option) || msg('图表', { id: 'chart.label' });
    let description = this.description || this.generatedDescription;
    if (busy) description = msg('加载中…', { id: 'chart.loading' });
    else if (this.failed) description = msg('图表加载失败', { id: 'chart.failed' });
    else if (empty) description = msg('暂无数据', { id: 'chart.empty' });
    return html`<div
        part="base"
        class="base"
        role="img"
        aria-label=${name}
        aria-describedby="description"
        aria-busy=${busy ? 'true' : 'false'}
      >
        <div part="canvas" class="canvas" aria-hidden="true"></div>
        <div part="empty" class="overlay empty" ?hidden=${!empty}>
          <slot name="empty">${msg('暂无数据', { id: 'chart.empty' })}</slot>
        </div>
        <div part="error" class="overlay error" ?hidden=${!this.failed}>
          ${msg('图表加载失败', { id: 'chart.failed' })}
        </div>
        <div part="loading" class="overlay loading" ?hidden=${!busy}>
          <span class="spinner" aria-hidden="true"></span>
          <span>${msg('加载中…', { id: 'chart.loading' })}</span>
        </div>
      </div>
      <p id="description" class="visually-hidden">${description}</p>`;
  }
}

declare global {
  interface HTMLElementEventMap {
    /** The chart was created and drew its option. */
    'edu-chart-ready': EduChartReadyEvent;
    /** A data item was clicked. */
    'edu-chart-click': EduChartClickEvent;
  }
}
