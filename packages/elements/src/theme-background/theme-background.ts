import { html, type PropertyValues } from 'lit';
import { property, query } from 'lit/decorators.js';
import { EduElement } from '../internal/edu-element.ts';
import { throttle, type Throttled } from '../internal/throttle.ts';
import { themeBackgroundStyles } from './theme-background.styles.ts';

/** The themes that have a background painting (spec part 1 §2 "Background canvas"). */
export const BACKGROUND_THEMES = ['ink', 'lotus'] as const;
export type BackgroundTheme = (typeof BACKGROUND_THEMES)[number];

type Painter = (ctx: CanvasRenderingContext2D, w: number, h: number) => void;

// Each painting is its own chunk, loaded the first time its theme is shown (size budgets): a colour theme never pays.
const PAINTER_LOADERS: Readonly<Record<BackgroundTheme, () => Promise<Painter>>> = {
  ink: () => import('./ink.ts').then((m) => m.paintInk),
  lotus: () => import('./lotus.ts').then((m) => m.paintLotus),
};
const painters = new Map<BackgroundTheme, Promise<Painter>>();

function loadPainter(theme: BackgroundTheme): Promise<Painter> {
  let painter = painters.get(theme);
  if (!painter) {
    painter = PAINTER_LOADERS[theme]();
    // A failed load (offline) is tried again on the next paint.
    painter.catch(() => painters.delete(theme));
    painters.set(theme, painter);
  }
  return painter;
}

/** Resizes are throttled to this many ms (a repaint of a full-HD viewport takes about 60–200 ms). */
export const BACKGROUND_RESIZE_THROTTLE_MS = 150;
/** Device pixel ratio used at most, and the most device pixels painted: the picture is soft by nature. */
const MAX_PIXEL_RATIO = 2;
// The blurred layers cost in proportion to the pixels: a soft background drawn at 0.6 megapixels and scaled up
// looks the same and keeps the paint short on machines without a GPU (blur filters are slow in software).
const MAX_DEVICE_PIXELS = 600_000;

export function isBackgroundTheme(theme: string): theme is BackgroundTheme {
  return (BACKGROUND_THEMES as readonly string[]).includes(theme);
}

/**
 * The background canvas of the named themes (spec part 1 §2 "Background canvas. Drawn for the ink and lotus
 * themes."): an ink-wash landscape for `ink`, a lotus pond for `lotus`, painted procedurally on a canvas that fills
 * the viewport behind the page. For any other theme it paints nothing and the host is not displayed.
 *
 * The host is `position: fixed; inset: 0` with `z-index: -1`, `pointer-events: none` and `aria-hidden="true"`: pure
 * decoration, never in the way of the pointer or of assistive technology. Put it first in the page (a page whose own
 * background is opaque hides a negative z-index: give the element a z-index of 0 and the page content a higher
 * one, or a transparent body). The picture is seeded, so a size always gives the same image; it is painted again
 * when the viewport's size or the device pixel ratio changes (throttled), and it does not move.
 *
 * @summary Painted background of the ink and lotus themes.
 * @tagname edu-theme-background
 *
 * @csspart canvas - The `<canvas>`.
 *
 * @cssprop [--edu-theme-background-z-index=-1] - Stacking of the fixed background.
 *
 * @cssstate drawn - The theme has a painting (the host is displayed).
 * @cssstate painted - The canvas shows the painting of the theme in force (each painting loads on first use).
 */
export class EduThemeBackground extends EduElement {
  static override styles = themeBackgroundStyles;

  /** The theme in force (ink, lotus, cartoon or a colour). Only `ink` and `lotus` are painted. */
  @property() theme = '';

  @query('canvas') private canvas!: HTMLCanvasElement;

  private readonly internals = this.attachInternals();
  private observer: ResizeObserver | null = null;
  private pixelRatioQuery: MediaQueryList | null = null;
  private readonly throttledPaint: Throttled = throttle(() => this.paint(), BACKGROUND_RESIZE_THROTTLE_MS);
  /** What the canvas shows now: theme, size and ratio. */
  private painted = '';

  override connectedCallback(): void {
    super.connectedCallback();
    this.setAttribute('aria-hidden', 'true');
    this.observer = new ResizeObserver(() => this.throttledPaint());
    this.observer.observe(this);
    this.watchPixelRatio();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.observer?.disconnect();
    this.observer = null;
    this.pixelRatioQuery?.removeEventListener('change', this.onPixelRatioChange);
    this.pixelRatioQuery = null;
    this.throttledPaint.cancel();
  }

  /** Paints again now (the element does so by itself on theme, size and pixel ratio changes). */
  redraw(): void {
    this.painted = '';
    this.paint();
  }

  protected override render() {
    return html`<canvas part="canvas" aria-hidden="true"></canvas>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('theme')) {
      if (isBackgroundTheme(this.theme)) this.internals.states.add('drawn');
      else this.internals.states.delete('drawn');
      this.painted = '';
      this.paint();
    }
  }

  private readonly onPixelRatioChange = () => {
    this.watchPixelRatio();
    this.throttledPaint();
  };

  /** A query that matches only the current ratio, so its change event tells when the ratio changes. */
  private watchPixelRatio(): void {
    this.pixelRatioQuery?.removeEventListener('change', this.onPixelRatioChange);
    this.pixelRatioQuery = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
    this.pixelRatioQuery.addEventListener('change', this.onPixelRatioChange);
  }

  private paint(): void {
    const canvas = this.canvas;
    if (!canvas) return;
    const theme = this.theme;
    if (!isBackgroundTheme(theme)) {
      // Cleared, and its memory given back.
      canvas.width = 0;
      canvas.height = 0;
      this.painted = '';
      this.internals.states.delete('painted');
      return;
    }
    loadPainter(theme).then(
      (painter) => this.paintWith(painter, theme, canvas),
      () => undefined, // offline: the page keeps its plain background; the next resize or theme tries again
    );
  }

  private paintWith(painter: Painter, theme: BackgroundTheme, canvas: HTMLCanvasElement): void {
    // The theme may have changed while the painting loaded: only the current one is painted.
    if (theme !== this.theme || !this.isConnected) return;
    const width = this.clientWidth;
    const height = this.clientHeight;
    if (!width || !height) return; // not laid out yet: the resize observer will call again
    let ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
    ratio = Math.min(ratio, Math.sqrt(MAX_DEVICE_PIXELS / (width * height)));
    const key = `${theme} ${width}x${height}@${ratio}`;
    if (key === this.painted) return;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(canvas.width / width, 0, 0, canvas.height / height, 0, 0);
    painter(ctx, width, height);
    this.painted = key;
    this.internals.states.add('painted');
  }
}
