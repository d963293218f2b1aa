/** Small colour maths for theme tints: parse hex, mix, format. */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/**
 * Parses `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (alpha ignored: tints are opaque). Anything else gives null,
 * so a bad custom colour can fall back instead of producing `NaN` styles.
 */
export function parseHex(value: string): Rgb | null {
  const match = /^#([0-9a-f]{3,8})$/i.exec(value.trim());
  if (!match) return null;
  let hex = match[1]!;
  if (hex.length === 3 || hex.length === 4) hex = [...hex.slice(0, 3)].map((c) => c + c).join('');
  else if (hex.length === 8) hex = hex.slice(0, 6);
  else if (hex.length !== 6) return null;
  const n = Number.parseInt(hex, 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

export function toHex({ r, g, b }: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** `weight` (0–1) of `other` mixed into `base`, like Sass `mix(other, base, weight)`. */
export function mix(base: Rgb, other: Rgb, weight: number): Rgb {
  const w = Math.min(1, Math.max(0, weight));
  return {
    r: base.r * (1 - w) + other.r * w,
    g: base.g * (1 - w) + other.g * w,
    b: base.b * (1 - w) + other.b * w,
  };
}

export const WHITE: Rgb = { r: 255, g: 255, b: 255 };
export const BLACK: Rgb = { r: 0, g: 0, b: 0 };
