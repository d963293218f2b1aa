/**
 * SVG artwork of the seed: app icons in colour, grey and cartoon variants plus a header glyph, unit logos, an
 * avatar and the record-filing badge. Drawn with paths only, so they look the same without any web font.
 */

/** Line pictograms on a 96×96 canvas, stroked by the caller. */
export const GLYPHS = {
  book: '<path d="M24 28h20a4 4 0 0 1 4 4v38a4 4 0 0 0-4-4H24z"/><path d="M72 28H52a4 4 0 0 0-4 4v38a4 4 0 0 1 4-4h20z"/>',
  pencil: '<path d="M60 22l14 14-34 34H26V56z"/><path d="M52 30l14 14"/>',
  chart: '<path d="M24 72h48"/><path d="M32 64V50"/><path d="M44 64V36"/><path d="M56 64V44"/><path d="M68 64V28"/>',
  calendar:
    '<rect x="22" y="28" width="52" height="44" rx="6"/><path d="M22 42h52"/><path d="M36 22v12"/><path d="M60 22v12"/>',
  clipboard:
    '<rect x="28" y="26" width="40" height="48" rx="5"/><path d="M40 22h16v8H40z"/><path d="M36 44h24"/><path d="M36 56h18"/>',
  database:
    '<ellipse cx="48" cy="30" rx="22" ry="8"/><path d="M26 30v36c0 4.4 9.8 8 22 8s22-3.6 22-8V30"/><path d="M26 48c0 4.4 9.8 8 22 8s22-3.6 22-8"/>',
  briefcase:
    '<rect x="22" y="34" width="52" height="36" rx="5"/><path d="M38 34v-6a4 4 0 0 1 4-4h12a4 4 0 0 1 4 4v6"/><path d="M22 50h52"/>',
  box: '<path d="M48 22l26 13v28L48 76 22 63V35z"/><path d="M22 35l26 13 26-13"/><path d="M48 48v28"/>',
  clock: '<circle cx="48" cy="48" r="26"/><path d="M48 34v14l10 8"/>',
  bell: '<path d="M30 62V44a18 18 0 0 1 36 0v18l6 6H24z"/><path d="M42 74a6 6 0 0 0 12 0"/>',
  sprout:
    '<path d="M48 76V44"/><path d="M48 52c-14 0-20-8-20-20 14 0 20 8 20 20z"/><path d="M48 44c0-12 6-20 20-20 0 12-6 20-20 20z"/>',
  leave: '<path d="M30 22h26l12 12v40H30z"/><path d="M56 22v12h12"/><path d="M38 54l7 7 13-14"/>',
  cloud: '<path d="M34 68h30a14 14 0 0 0 0-28 18 18 0 0 0-34 6 11 11 0 0 0 4 22z"/>',
  survey:
    '<path d="M26 30l4 4 8-8"/><path d="M44 30h26"/><path d="M26 50l4 4 8-8"/><path d="M44 50h26"/><path d="M26 70h12"/><path d="M44 70h26"/>',
  canteen: '<path d="M34 22v20a6 6 0 0 0 12 0V22"/><path d="M40 22v54"/><path d="M62 22c-6 4-8 12-8 22h8v32"/>',
  building: '<path d="M22 74h52"/><path d="M28 74V40l20-14 20 14v34"/><path d="M40 74V56h16v18"/>',
} as const;

export type GlyphName = keyof typeof GLYPHS;

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>\n`;

const strokeGroup = (glyph: GlyphName, color: string, width = 5) =>
  `<g fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round">${GLYPHS[glyph]}</g>`;

/** Mixes a #rrggbb colour with white (amount 0..1), for the cartoon pastel. */
function tint(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `#${channels
    .map((c) =>
      Math.round(c + (255 - c) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export type IconVariant = 'color' | 'gray' | 'cartoon' | 'glyph';

export function appIconSvg(glyph: GlyphName, color: string, variant: IconVariant): string {
  switch (variant) {
    case 'color':
      return svg(
        96,
        96,
        `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint(color, 0.25)}"/>` +
          `<stop offset="1" stop-color="${color}"/></linearGradient></defs>` +
          `<rect width="96" height="96" rx="22" fill="url(#g)"/>${strokeGroup(glyph, '#ffffff')}`,
      );
    case 'gray':
      return svg(96, 96, `<rect width="96" height="96" rx="22" fill="#c3c8cf"/>${strokeGroup(glyph, '#f4f5f7')}`);
    case 'cartoon':
      return svg(
        96,
        96,
        `<circle cx="48" cy="50" r="44" fill="#3b2f2f"/><circle cx="48" cy="46" r="42" fill="${tint(color, 0.55)}" stroke="#3b2f2f" stroke-width="4"/>` +
          `<ellipse cx="30" cy="24" rx="9" ry="5" fill="#ffffff" opacity="0.7"/>${strokeGroup(glyph, '#3b2f2f', 6)}`,
      );
    case 'glyph':
      return svg(96, 96, strokeGroup(glyph, color, 6));
  }
}

/** A round emblem with the unit's glyph, its short name drawn as initials-free stripes so no font is needed. */
export function unitLogoSvg(glyph: GlyphName, color: string): string {
  return svg(
    160,
    160,
    `<circle cx="80" cy="80" r="76" fill="${color}"/><circle cx="80" cy="80" r="64" fill="none" stroke="#ffffff" stroke-width="4"/>` +
      `<path d="M80 30l38 14v30c0 26-17 44-38 54-21-10-38-28-38-54V44z" fill="#ffffff" opacity="0.95"/>` +
      `<g transform="translate(32 36)">${strokeGroup(glyph, color, 6)}</g>`,
  );
}

export function avatarSvg(color: string): string {
  return svg(
    120,
    120,
    `<rect width="120" height="120" rx="60" fill="${tint(color, 0.7)}"/><circle cx="60" cy="48" r="22" fill="${color}"/>` +
      `<path d="M20 108c6-22 22-32 40-32s34 10 40 32" fill="${color}"/>`,
  );
}

/** The small shield shown next to a public-security record-filing number. */
export function recordBadgeSvg(): string {
  return svg(
    20,
    20,
    '<path d="M10 1l8 3v6c0 5-3.6 8.2-8 9-4.4-.8-8-4-8-9V4z" fill="#1e5fbf"/><path d="M6 10l3 3 5-6" fill="none" stroke="#ffd54a" stroke-width="2"/>',
  );
}

/** Login-box logos of the seeded social providers: two chat bubbles (WeChat, WeChat Work) or a wing (DingTalk). */
export function providerLogoSvg(providerId: string): string {
  const bubbles = (background: string, back: string) =>
    `<rect width="64" height="64" rx="14" fill="${background}"/>` +
    `<ellipse cx="26" cy="27" rx="15" ry="12" fill="#ffffff"/><path d="M17 36l-3 7 9-4z" fill="#ffffff"/>` +
    `<ellipse cx="41" cy="38" rx="12" ry="10" fill="${back}" stroke="${background}" stroke-width="2"/>` +
    `<path d="M48 45l3 6-8-3z" fill="${back}"/>` +
    `<circle cx="21" cy="24" r="2" fill="${background}"/><circle cx="31" cy="24" r="2" fill="${background}"/>` +
    `<circle cx="37" cy="36" r="1.6" fill="${background}"/><circle cx="45" cy="36" r="1.6" fill="${background}"/>`;
  switch (providerId) {
    case 'weixin':
      return svg(64, 64, bubbles('#07C160', '#e8f8ee'));
    case 'work-weixin':
      return svg(64, 64, bubbles('#2B7CE9', '#fdd835'));
    default:
      return svg(
        64,
        64,
        '<rect width="64" height="64" rx="14" fill="#3296FA"/>' +
          '<path d="M14 18c12 4 26 6 36 8-2 6-6 10-12 12l6 2-16 12 4-10-8-2 6-4c-8-4-14-10-16-18z" fill="#ffffff"/>',
      );
  }
}
