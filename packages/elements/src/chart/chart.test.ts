import { aTimeout, expect, fixture, fixtureCleanup, html, oneEvent } from '@open-wc/testing';
import { emulateMedia, sendMouse, setViewport } from '@web/test-runner-commands';
import { defineElement } from '../internal/define-element.ts';
import { throttle } from '../internal/throttle.ts';
import { switchLanguage, waitUntil } from '../internal/test-utils.ts';
import { CHART_RESIZE_THROTTLE_MS, EduChart, type EChartsCoreOption } from './chart.ts';

defineElement('edu-chart', EduChart);

// ECharts' ES modules read process.env.NODE_ENV, which bundlers (Vite) replace; the test server serves them as is.
(globalThis as { process?: unknown }).process ??= { env: { NODE_ENV: 'development' } };

const enrolment: EChartsCoreOption = {
  animation: false,
  title: { text: '各年级人数' },
  xAxis: { type: 'category', data: ['初一', '初二', '初三'] },
  yAxis: { type: 'value' },
  series: [{ name: '人数', type: 'bar', data: [668, 667, 665] }],
};

/** One bar filling the whole chart: its colour is the theme's first colour. */
const solid: EChartsCoreOption = {
  animation: false,
  grid: { left: 0, right: 0, top: 0, bottom: 0 },
  xAxis: { type: 'category', data: ['a'], show: false },
  yAxis: { type: 'value', show: false, max: 1 },
  series: [{ type: 'bar', data: [1], barWidth: '100%' }],
};

async function chart(option: EChartsCoreOption | null, attrs: Partial<EduChart> = {}): Promise<EduChart> {
  const el = await fixture<EduChart>(html`<edu-chart style="width: 400px; height: 240px"></edu-chart>`);
  Object.assign(el, attrs);
  el.option = option;
  await el.whenDrawn();
  return el;
}

function canvasOf(el: EduChart): HTMLCanvasElement {
  return el.shadowRoot!.querySelector('canvas')!;
}

/** Pixels of the canvas that are not transparent. */
function paintedPixels(canvas: HTMLCanvasElement): number {
  const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
  let painted = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
  return painted;
}

function centrePixel(canvas: HTMLCanvasElement): string {
  const { data } = canvas.getContext('2d')!.getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1);
  return `#${[data[0], data[1], data[2]].map((v) => v!.toString(16).padStart(2, '0')).join('')}`;
}

function description(el: EduChart): string {
  return el.shadowRoot!.querySelector('#description')!.textContent ?? '';
}

describe('<edu-chart>', () => {
  before(async () => {
    await setViewport({ width: 1000, height: 700 });
  });

  afterEach(async () => {
    fixtureCleanup();
    await switchLanguage('zh-CN');
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('loads ECharts only when a chart has something to draw', async function () {
    // The test server serves ECharts as several hundred modules the first time.
    this.timeout(90_000);
    const loaded = () => performance.getEntriesByType('resource').some((e) => e.name.includes('echarts-setup'));
    const el = await chart(null);
    await aTimeout(50);
    expect(loaded()).to.equal(false);
    expect(el.getInstance()).to.equal(null);
    el.option = enrolment;
    await el.whenDrawn();
    expect(loaded()).to.equal(true);
    expect(el.getInstance()).to.not.equal(null);
  });

  it('draws the option into a canvas the size of the element', async () => {
    const el = await chart(enrolment);
    const canvas = canvasOf(el);
    expect(canvas.getBoundingClientRect().width).to.equal(400);
    expect(canvas.getBoundingClientRect().height).to.equal(240);
    expect(paintedPixels(canvas)).to.be.greaterThan(1000);
  });

  it('draws with each theme of the spec, in its colours', async () => {
    const first = { infographic: '#c1232b', macarons: '#2ec7c9', roma: '#e01f54', shine: '#c12e34' };
    for (const [theme, colour] of Object.entries(first)) {
      const el = await chart(solid, { theme });
      expect(centrePixel(canvasOf(el)), theme).to.equal(colour);
      fixtureCleanup();
    }
  });

  it('makes a new instance when the theme or the renderer changes, and fires edu-chart-ready', async () => {
    const el = await chart(solid, { theme: 'macarons' });
    const before = el.getInstance();
    const ready = oneEvent(el, 'edu-chart-ready');
    el.theme = 'shine';
    await el.whenDrawn();
    const event = await ready;
    expect(event.detail.instance).to.equal(el.getInstance());
    expect(before!.isDisposed()).to.equal(true);
    expect(centrePixel(canvasOf(el))).to.equal('#c12e34');
    el.renderer = 'svg';
    await el.whenDrawn();
    expect(el.shadowRoot!.querySelector('svg')).to.not.equal(null);
    expect(el.shadowRoot!.querySelector('canvas')).to.equal(null);
  });

  it('merges a new option into the chart, or replaces it with not-merge', async () => {
    const el = await chart(enrolment);
    el.option = { series: [{ data: [700, 650, 600] }] };
    await el.whenDrawn();
    const series = (el.getInstance()!.getOption() as { series: { data: number[]; type: string }[] }).series;
    expect(series[0]!.data).to.deep.equal([700, 650, 600]);
    expect(series[0]!.type).to.equal('bar');
    el.notMerge = true;
    el.option = { ...enrolment, series: [{ type: 'line', data: [1, 2, 3] }] };
    await el.whenDrawn();
    const replaced = (el.getInstance()!.getOption() as { series: { type: string }[] }).series;
    expect(replaced.map((s) => s.type)).to.deep.equal(['line']);
  });

  it('follows its size, throttled to 50 ms, and ends at the last size', async () => {
    const el = await chart(enrolment);
    const instance = el.getInstance()!;
    let resizes = 0;
    const resize = instance.resize.bind(instance);
    instance.resize = (...args: Parameters<typeof resize>) => {
      resizes++;
      resize(...args);
    };
    const start = performance.now();
    let width = 400;
    while (performance.now() - start < 300) {
      width += 7;
      el.style.width = `${width}px`;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    await aTimeout(CHART_RESIZE_THROTTLE_MS * 3);
    // About 18 frames of changes in 300 ms: at most one resize per 50 ms window, plus the trailing one.
    expect(resizes).to.be.within(3, Math.ceil(300 / CHART_RESIZE_THROTTLE_MS) + 2);
    expect(instance.getWidth()).to.equal(width);
    expect(canvasOf(el).getBoundingClientRect().width).to.equal(width);
  });

  it('throttle: the first call runs at once, later ones once per window, the last one always', async () => {
    let runs = 0;
    const t = throttle(() => runs++, 40);
    t();
    t();
    t();
    expect(runs).to.equal(1);
    await aTimeout(60);
    expect(runs).to.equal(2);
    await aTimeout(60);
    expect(runs).to.equal(2);
    t();
    t.cancel();
    t();
    expect(runs).to.equal(4);
  });

  it('is disposed when it leaves the page and drawn again when it comes back', async () => {
    const el = await chart(enrolment);
    const instance = el.getInstance()!;
    const parent = el.parentElement!;
    el.remove();
    expect(instance.isDisposed()).to.equal(true);
    expect(el.getInstance()).to.equal(null);
    parent.append(el);
    await el.whenDrawn();
    expect(el.getInstance()).to.not.equal(null);
    expect(el.getInstance()!.isDisposed()).to.not.equal(true);
    expect(paintedPixels(canvasOf(el))).to.be.greaterThan(1000);
  });

  it('turns animation off when the user prefers reduced motion', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const el = await chart({ ...enrolment, animation: undefined });
    expect((el.getInstance()!.getOption() as { animation: boolean }).animation).to.equal(false);
  });

  it('reports a click on a data item', async () => {
    const el = await chart(solid);
    const clicked = oneEvent(el, 'edu-chart-click');
    const box = el.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.left + 200), Math.round(box.top + 120)] });
    const event = await clicked;
    expect(event.detail.componentType).to.equal('series');
    expect(event.detail.name).to.equal('a');
    expect(event.detail.value).to.equal(1);
  });

  it('shows the empty text without data, and the loading mask while loading', async () => {
    const el = await chart(null);
    const empty = el.shadowRoot!.querySelector<HTMLElement>('[part="empty"]')!;
    const loading = el.shadowRoot!.querySelector<HTMLElement>('[part="loading"]')!;
    expect(empty.hidden).to.equal(false);
    expect(empty.textContent!.trim()).to.equal('暂无数据');
    expect(description(el)).to.equal('暂无数据');
    el.option = { ...enrolment, series: [{ type: 'bar', data: [] }] };
    await el.whenDrawn();
    expect(empty.hidden).to.equal(false);
    el.loading = true;
    await el.updateComplete;
    expect(loading.hidden).to.equal(false);
    expect(empty.hidden).to.equal(true);
    expect(el.shadowRoot!.querySelector('[part="base"]')!.getAttribute('aria-busy')).to.equal('true');
    expect(description(el)).to.equal('加载中…');
    el.loading = false;
    el.option = enrolment;
    await el.whenDrawn();
    expect(loading.hidden).to.equal(true);
    expect(empty.hidden).to.equal(true);
  });

  describe('accessibility', () => {
    const texts = {
      'zh-CN': { empty: '暂无数据', about: '这是一个关于“各年级人数”的图表', type: '柱状图', loading: '加载中…' },
      en: { empty: 'No data', about: 'This is a chart about "各年级人数"', type: 'Bar chart', loading: 'Loading…' },
      // The title is data and stays as given.
      'zh-HK': { empty: '暫無數據', about: '這是一個關於「各年级人数」的圖表', type: '柱狀圖', loading: '加載中…' },
    } as const;
    for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
      it(`is an image with a name and a description of the data in ${lang}, and passes axe`, async () => {
        await switchLanguage(lang);
        const el = await chart(enrolment);
        const base = el.shadowRoot!.querySelector('[part="base"]')!;
        expect(base.getAttribute('role')).to.equal('img');
        expect(base.getAttribute('aria-label')).to.equal('各年级人数');
        expect(description(el)).to.contain(texts[lang].about);
        expect(description(el)).to.contain(texts[lang].type);
        expect(description(el)).to.contain('668');
        // ECharts' own role and label sit on a box hidden from assistive technology; the element speaks for it.
        expect(el.shadowRoot!.querySelector('[part="canvas"]')!.getAttribute('aria-hidden')).to.equal('true');
        await expect(el).to.be.accessible();
        el.option = null;
        await el.whenDrawn();
        expect(description(el)).to.equal(texts[lang].empty);
        el.loading = true;
        await el.updateComplete;
        expect(description(el)).to.equal(texts[lang].loading);
        await expect(el).to.be.accessible();
      });
    }

    it('a label and a description of the host win', async () => {
      const el = await chart(enrolment, { label: '2025 学年招生', description: '初一最多' });
      const base = el.shadowRoot!.querySelector('[part="base"]')!;
      expect(base.getAttribute('aria-label')).to.equal('2025 学年招生');
      expect(description(el)).to.equal('初一最多');
    });

    it('switches the generated description with the language', async () => {
      const el = await chart(enrolment);
      expect(description(el)).to.contain('这是一个关于');
      await switchLanguage('en');
      await waitUntil(() => description(el).includes('This is a chart about'), 'English description');
    });
  });
});
