/**
 * The colours of `<edu-color-picker>` (spec part 2 §2 "Colour picker"): a theme grid of ten base colours with five
 * tints and shades each, and a row of standard colours, as in the office suites the original users know. Names are
 * localised, so every swatch is announced by name (webawesome#2164).
 */
import { msg } from '@lit/localize';

/** A swatch: a colour and, optionally, its name (a host's own colours may bring their own names). */
export interface ColorSwatch {
  color: string;
  label?: string;
}

/** The spec's default colour. */
export const DEFAULT_COLOR = '#000000';

/** Font sizes of spec part 2 §2/§9. */
export const FONT_SIZES = ['12px', '14px', '16px', '18px', '20px'] as const;

/** Font families of spec part 2 §2, by CSS name. */
export const FONT_FAMILIES = ['SimSun', 'KaiTi', 'Microsoft YaHei', 'SimHei', 'LiSu', 'STXingkai'] as const;

/** CSS fallbacks, so each font's preview and value degrade to a like font where it is not installed. */
export const FONT_STACKS: Record<string, string> = {
  SimSun: "SimSun, 'Songti SC', 'Noto Serif CJK SC', serif",
  KaiTi: "KaiTi, 'Kaiti SC', STKaiti, serif",
  'Microsoft YaHei': "'Microsoft YaHei', 'PingFang SC', 'Noto Sans CJK SC', sans-serif",
  SimHei: "SimHei, 'Heiti SC', 'Noto Sans CJK SC', sans-serif",
  LiSu: 'LiSu, STLiti, serif',
  STXingkai: "STXingkai, 'Xingkai SC', cursive",
};

export function fontFamilyLabel(family: string): string {
  switch (family) {
    case 'SimSun':
      return msg('宋体', { id: 'colorPicker.font.simSun' });
    case 'KaiTi':
      return msg('楷体', { id: 'colorPicker.font.kaiTi' });
    case 'Microsoft YaHei':
      return msg('微软雅黑', { id: 'colorPicker.font.yaHei' });
    case 'SimHei':
      return msg('黑体', { id: 'colorPicker.font.simHei' });
    case 'LiSu':
      return msg('隶书', { id: 'colorPicker.font.liSu' });
    case 'STXingkai':
      return msg('华文行楷', { id: 'colorPicker.font.xingKai' });
    default:
      return family;
  }
}

type Named = { color: string; name: () => string };

const THEME_BASE: readonly Named[] = [
  { color: '#ffffff', name: () => msg('白色', { id: 'colorPicker.color.white' }) },
  { color: '#000000', name: () => msg('黑色', { id: 'colorPicker.color.black' }) },
  { color: '#e7e6e6', name: () => msg('浅灰色', { id: 'colorPicker.color.lightGray' }) },
  { color: '#44546a', name: () => msg('蓝灰色', { id: 'colorPicker.color.blueGray' }) },
  { color: '#4472c4', name: () => msg('蓝色', { id: 'colorPicker.color.blue' }) },
  { color: '#ed7d31', name: () => msg('橙色', { id: 'colorPicker.color.orange' }) },
  { color: '#a5a5a5', name: () => msg('灰色', { id: 'colorPicker.color.gray' }) },
  { color: '#ffc000', name: () => msg('金色', { id: 'colorPicker.color.gold' }) },
  { color: '#5b9bd5', name: () => msg('天蓝色', { id: 'colorPicker.color.skyBlue' }) },
  { color: '#70ad47', name: () => msg('绿色', { id: 'colorPicker.color.green' }) },
];

const STANDARD: readonly Named[] = [
  { color: '#c00000', name: () => msg('深红色', { id: 'colorPicker.color.darkRed' }) },
  { color: '#ff0000', name: () => msg('红色', { id: 'colorPicker.color.red' }) },
  { color: '#ffc000', name: () => msg('橙黄色', { id: 'colorPicker.color.amber' }) },
  { color: '#ffff00', name: () => msg('黄色', { id: 'colorPicker.color.yellow' }) },
  { color: '#92d050', name: () => msg('浅绿色', { id: 'colorPicker.color.lightGreen' }) },
  { color: '#00b050', name: () => msg('绿色', { id: 'colorPicker.color.green' }) },
  { color: '#00b0f0', name: () => msg('浅蓝色', { id: 'colorPicker.color.lightBlue' }) },
  { color: '#0070c0', name: () => msg('蓝色', { id: 'colorPicker.color.blue' }) },
  { color: '#002060', name: () => msg('深蓝色', { id: 'colorPicker.color.darkBlue' }) },
  { color: '#7030a0', name: () => msg('紫色', { id: 'colorPicker.color.purple' }) },
];

/**
 * Colours that make a usable portal theme (the `theme` mode of the picker): each keeps 3:1 against white and is far
 * from black, so core `usableThemeColor` keeps them as they are.
 */
const THEME_MODE_COLORS: readonly Named[] = [
  { color: '#457cd6', name: () => msg('蓝色', { id: 'colorPicker.color.blue' }) },
  { color: '#1f7fb5', name: () => msg('天蓝色', { id: 'colorPicker.color.skyBlue' }) },
  { color: '#2b4a8b', name: () => msg('深蓝色', { id: 'colorPicker.color.darkBlue' }) },
  { color: '#44546a', name: () => msg('蓝灰色', { id: 'colorPicker.color.blueGray' }) },
  { color: '#3d8b27', name: () => msg('绿色', { id: 'colorPicker.color.green' }) },
  { color: '#e31d1a', name: () => msg('红色', { id: 'colorPicker.color.red' }) },
  { color: '#a61b29', name: () => msg('深红色', { id: 'colorPicker.color.darkRed' }) },
  { color: '#c8580f', name: () => msg('橙色', { id: 'colorPicker.color.orange' }) },
  { color: '#7b4fc8', name: () => msg('紫色', { id: 'colorPicker.color.purple' }) },
  { color: '#6b6b6b', name: () => msg('灰色', { id: 'colorPicker.color.gray' }) },
];

/** The theme-colour choices of the `theme` mode. */
export function themeModeColors(): ColorSwatch[] {
  return THEME_MODE_COLORS.map(({ color, name }) => ({ color, label: name() }));
}

/** The default theme colours (the base row; tints and shades are derived). */
export function defaultThemeColors(): ColorSwatch[] {
  return THEME_BASE.map(({ color, name }) => ({ color, label: name() }));
}

export function defaultStandardColors(): ColorSwatch[] {
  return STANDARD.map(({ color, name }) => ({ color, label: name() }));
}

// ----- colour maths ----------------------------------------------------------------------------------------------

let probe: CanvasRenderingContext2D | null | undefined;

/**
 * `#rrggbb` in lower case, or null when `value` is not an opaque colour. Short hex is expanded; other CSS colours
 * (names, rgb()) are read through a canvas, which the browser normalises to hex.
 */
export function normalizeColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(text)) return text;
  if (/^#[0-9a-f]{3}$/.test(text)) return `#${[...text.slice(1)].map((c) => c + c).join('')}`;
  if (!text) return null;
  if (probe === undefined) probe = document.createElement('canvas').getContext('2d');
  if (!probe) return null;
  // An unparsable value leaves fillStyle unchanged: two different sentinels tell that apart.
  probe.fillStyle = '#010203';
  probe.fillStyle = text;
  const first = probe.fillStyle;
  probe.fillStyle = '#030201';
  probe.fillStyle = text;
  if (first !== probe.fillStyle) return null;
  return /^#[0-9a-f]{6}$/.test(first) ? first : null;
}

function toHsl(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = ((n >> 16) & 255) / 255;
  const g = ((n >> 8) & 255) / 255;
  const b = (n & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h / 6, s, l];
}

function fromHsl(h: number, s: number, l: number): string {
  const channel = (t: number) => {
    const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
    const p = 2 * l - q;
    let x = t;
    if (x < 0) x += 1;
    if (x > 1) x -= 1;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  const rgb = s === 0 ? [l, l, l] : [channel(h + 1 / 3), channel(h), channel(h - 1 / 3)];
  return `#${rgb
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** `lighter`: mixed towards white by `percent`; `darker`: luminance reduced by `percent`. */
export interface Variation {
  kind: 'lighter' | 'darker';
  percent: number;
}

/**
 * The five variations under a base colour, chosen by its lightness as office suites do: black gets only lighter
 * steps, white only darker ones, very dark and very light colours stronger steps than the rest.
 */
export function variationsFor(hex: string): Variation[] {
  const [, , l] = toHsl(hex);
  const lighter = (...p: number[]) => p.map((percent): Variation => ({ kind: 'lighter', percent }));
  const darker = (...p: number[]) => p.map((percent): Variation => ({ kind: 'darker', percent }));
  if (l <= 0.001) return lighter(50, 35, 25, 15, 5);
  if (l >= 0.999) return darker(5, 15, 25, 35, 50);
  if (l < 0.2) return lighter(90, 75, 50, 25, 10);
  if (l > 0.8) return darker(10, 25, 50, 75, 90);
  return [...lighter(80, 60, 40), ...darker(25, 50)];
}

export function applyVariation(hex: string, variation: Variation): string {
  const [h, s, l] = toHsl(hex);
  const p = variation.percent / 100;
  // Black's "lighter 50 %" is a lightness of 50 %, as in the office suites; others mix towards white.
  const next = variation.kind === 'darker' ? l * (1 - p) : l <= 0.001 ? p : l + (1 - l) * p;
  return fromHsl(h, s, Math.min(1, Math.max(0, next)));
}

export function variationLabel(variation: Variation): string {
  const word =
    variation.kind === 'lighter'
      ? msg('浅色', { id: 'colorPicker.lighter' })
      : msg('深色', { id: 'colorPicker.darker' });
  return `${word} ${variation.percent}%`;
}

/** One swatch of a grid, ready to render. */
export interface GridSwatch {
  color: string;
  label: string;
}

/** The theme grid, row by row: the base colours, then each variation row. */
export function themeGrid(base: readonly ColorSwatch[]): GridSwatch[][] {
  const colors = base
    .map((swatch) => ({ color: normalizeColor(swatch.color), label: swatch.label }))
    .filter((s): s is { color: string; label: string | undefined } => !!s.color);
  const rows: GridSwatch[][] = [colors.map(({ color, label }) => ({ color, label: label || color }))];
  for (let row = 0; row < 5; row++) {
    rows.push(
      colors.map(({ color, label }) => {
        const variation = variationsFor(color)[row]!;
        const separator = msg('，', { id: 'colorPicker.separator' });
        return {
          color: applyVariation(color, variation),
          label: `${label || color}${separator}${variationLabel(variation)}`,
        };
      }),
    );
  }
  return rows;
}
