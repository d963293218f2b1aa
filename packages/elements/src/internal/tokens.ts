/**
 * Every colour of the elements, in one place (DESIGN §2 "Theme tokens"); no element's styles name a colour literal
 * (scripts/colour-literals.test.mjs). Two kinds:
 * - tokens, custom properties a page may set: the theme colours `--edu-color-primary…`, which core's `applyTheme()`
 *   sets on the page and whose fallbacks are the default theme (#457CD6) as core computes it, the greys (text,
 *   borders, fills), the spacing steps `--edu-space-1` … `-6` and the focus ring's colour `--edu-focus-ring-color`. An element on a page without a theme looks like the default theme. `tokens.test.ts` holds the
 *   fallbacks to core's palette and to `tokenDefaults`;
 * - fixed colours, named by what they are for; the build writes them into the templates (scripts/minify-lit-templates.mjs),
 *   so they cost the bundles nothing.
 */
import { unsafeCSS, type CSSResult } from 'lit';

/**
 * Every token with its default: the theme colours as core's `themeCustomProperties('#457CD6')` computes them
 * (`--edu-color-primary…`), then the greys that do not follow the theme (text, borders, fills), which a page may set.
 */
export const tokenDefaults = {
  '--edu-color-primary': '#457cd6',
  '--edu-color-primary-6': '#b5cbef',
  '--edu-color-primary-7': '#c7d8f3',
  '--edu-color-primary-8': '#dae5f7',
  '--edu-color-primary-9': '#ecf2fb',
  '--edu-color-primary-dark': '#3763ab',
  '--edu-color-primary-strong': '#3e70c1',
  '--edu-color-text': '#303133',
  '--edu-color-text-secondary': '#606266',
  '--edu-color-text-muted': '#6b6e75',
  '--edu-color-border': '#dcdfe6',
  '--edu-color-border-light': '#e4e7ed',
  '--edu-color-border-lighter': '#ebeef5',
  '--edu-color-fill': '#f5f7fa',
  '--edu-space-1': '4px',
  '--edu-space-2': '8px',
  '--edu-space-3': '12px',
  '--edu-space-4': '16px',
  '--edu-space-5': '20px',
  '--edu-space-6': '24px',
  '--edu-focus-ring-color': 'var(--edu-color-primary, #457cd6)',
} as const;

export type TokenName = keyof typeof tokenDefaults;

/**
 * `var(<name>, <fallback>)` as a fragment for `css`. The fallback is written here again rather than read
 * from the tables above, so the tables stay out of the bundles; `tokens.test.ts` holds the two equal.
 */
const token = (name: TokenName, fallback: string): CSSResult => unsafeCSS(`var(${name}, ${fallback})`);

/** A fixed colour. */
const fixed = (value: string): CSSResult => unsafeCSS(value);

/** The keyboard focus ring's colour: the theme colour, unless a page sets `--edu-focus-ring-color`. */
export const focusRingColor = /* @__PURE__ */ token('--edu-focus-ring-color', 'var(--edu-color-primary, #457cd6)');
/**
 * The keyboard focus ring as an `outline` value: 2 px of `focusRingColor`. Written into the templates by the build
 * like the fixed colours; `tokens.test.ts` holds it equal to `focusRingColor`.
 */
export const focusOutline = /* @__PURE__ */ fixed(
  '2px solid var(--edu-focus-ring-color, var(--edu-color-primary, #457cd6))',
);

/** The theme colour: focus rings, hover text and borders, spinners, accents. */
export const colorPrimary = /* @__PURE__ */ token('--edu-color-primary', '#457cd6');
/** The theme colour darkened until white text on it reads (4.5:1): filled buttons, selected items, bars. */
export const colorPrimaryDark = /* @__PURE__ */ token('--edu-color-primary-dark', '#3763ab');
/**
 * The theme colour itself when white text on it (and it as text on white) reads at 4.5:1, else darkened until it
 * does: text and links in the theme's colour, hovered primary buttons.
 */
export const colorPrimaryStrong = /* @__PURE__ */ token('--edu-color-primary-strong', '#3e70c1');
/** 60 % white mixed in: hovered borders. */
export const colorPrimary6 = /* @__PURE__ */ token('--edu-color-primary-6', '#b5cbef');
/** 70 % white mixed in. */
export const colorPrimary7 = /* @__PURE__ */ token('--edu-color-primary-7', '#c7d8f3');
/** 80 % white mixed in: selected backgrounds. */
export const colorPrimary8 = /* @__PURE__ */ token('--edu-color-primary-8', '#dae5f7');
/** 90 % white mixed in: hovered and current backgrounds. */
export const colorPrimary9 = /* @__PURE__ */ token('--edu-color-primary-9', '#ecf2fb');

/** Body text: titles, labels, table cells. */
export const colorText = /* @__PURE__ */ token('--edu-color-text', '#303133');
/** Secondary text: hints, totals, icons of header buttons. */
export const colorTextSecondary = /* @__PURE__ */ token('--edu-color-text-secondary', '#606266');
/** Quiet text that still reads at 4.5:1 on white: dates, empty states, footnotes. */
export const colorTextMuted = /* @__PURE__ */ token('--edu-color-text-muted', '#6b6e75');
/** Borders of controls and tables. */
export const colorBorder = /* @__PURE__ */ token('--edu-color-border', '#dcdfe6');
/** Lighter borders: panels, separators. */
export const colorBorderLight = /* @__PURE__ */ token('--edu-color-border-light', '#e4e7ed');
/** The lightest borders: table rules, list separators. */
export const colorBorderLighter = /* @__PURE__ */ token('--edu-color-border-lighter', '#ebeef5');
/** Light grey fill: table heads, hovered rows, read-only areas. */
export const colorFill = /* @__PURE__ */ token('--edu-color-fill', '#f5f7fa');

/*
 * Spacing steps of 4 px, for paddings and gaps a page may tighten or loosen (`--edu-space-1` … `--edu-space-6`). Each
 * use costs bytes in the bundles (a custom property, not a fixed value): use them in new elements and where an
 * element's spacing should follow the page; an element's own property still wraps them
 * (`var(--edu-x-padding, ${space2} ${space3})`).
 */
/** 4 px: icon gaps, tight paddings. */
export const space1 = /* @__PURE__ */ token('--edu-space-1', '4px');
/** 8 px: gaps between controls, vertical padding of rows. */
export const space2 = /* @__PURE__ */ token('--edu-space-2', '8px');
/** 12 px: horizontal padding of rows and cells. */
export const space3 = /* @__PURE__ */ token('--edu-space-3', '12px');
/** 16 px: padding of panels and dialog bodies. */
export const space4 = /* @__PURE__ */ token('--edu-space-4', '16px');
/** 20 px: padding of dialog headers and footers. */
export const space5 = /* @__PURE__ */ token('--edu-space-5', '20px');
/** 24 px: gaps between sections. */
export const space6 = /* @__PURE__ */ token('--edu-space-6', '24px');

/*
 * The fixed colours, named by what they are for. They are fixed (no custom property, so they cost
 * nothing in the bundles); an element that lets a page change one wraps it in a property of its own
 * (`var(--edu-notice-error-border, ${dangerBorder})`).
 */
/** Borders of inputs that must show against white (3:1). */
export const colorBorderStrong = /* @__PURE__ */ fixed('#c0c4cc');
/** Errors and refusals: text, icons, borders. */
export const colorDanger = /* @__PURE__ */ fixed('#b42318');
/** Background of an error. */
export const colorDangerLight = /* @__PURE__ */ fixed('#fef0f0');
/** Background of a warning. */
export const colorWarningLight = /* @__PURE__ */ fixed('#fdf6ec');
/** Success: text, icons, bars. */
export const colorSuccess = /* @__PURE__ */ fixed('#2e7d32');
/** White: surfaces, and text on the theme colour or another dark fill. */
export const white = /* @__PURE__ */ fixed('#fff');
/** Black, for mixing (`color-mix(…, ${black})`). */
export const black = /* @__PURE__ */ fixed('#000');
/** Near-black blue-grey: the camera's empty area, input text of the login form. */
export const ink = /* @__PURE__ */ fixed('#1f2d3d');
/** Links of the login forms. */
export const loginLink = /* @__PURE__ */ fixed('#2a5db0');
/** Labels of the login forms. */
export const loginLabel = /* @__PURE__ */ fixed('#4c5566');
/** Outlines of the login form's inputs. */
export const loginInputBorder = /* @__PURE__ */ fixed('#8c939d');
/** Errors of the login form. */
export const loginError = /* @__PURE__ */ fixed('#c0261f');
/** Soft dark grey text: footer links, the about dialog's notes. */
export const textSoft = /* @__PURE__ */ fixed('#4c4f55');
/** Grey of the voice recorder's hint text. */
export const voiceHint = /* @__PURE__ */ fixed('#5c5f66');
/** Grey of an idle voice button's dot. */
export const voiceIdle = /* @__PURE__ */ fixed('#8c8f96');
/** Grey of icons drawn as fills (the colour picker's arrow). */
export const iconGrey = /* @__PURE__ */ fixed('#909399');
/** Light grey fills: hovered header menu items, pager buttons, info notices. */
export const fillGrey = /* @__PURE__ */ fixed('#f4f4f5');
/** Hovered items of the header's menus. */
export const fillHover = /* @__PURE__ */ fixed('#f2f3f5');
/** Near-white fill of the upload queue. */
export const fillFaint = /* @__PURE__ */ fixed('#fafafa');
/** Border of an info notice. */
export const infoBorder = /* @__PURE__ */ fixed('#e9e9eb');
/** Text of an info notice. */
export const infoText = /* @__PURE__ */ fixed('#4b5563');
/** Border of the desktop's app panel. */
export const panelBorder = /* @__PURE__ */ fixed('#e8ecf2');
/** The colour picker's selected background. */
export const selectedFill = /* @__PURE__ */ fixed('#f0f5fc');
/** Text of importance 1 in the message dialog. */
export const dangerStrong = /* @__PURE__ */ fixed('#a8071a');
/** Text of an expired module. */
export const dangerText = /* @__PURE__ */ fixed('#b3100c');
/** Red of error texts of uploads and voice. */
export const dangerSoft = /* @__PURE__ */ fixed('#c0392b');
/** Red of a form dialog's field errors. */
export const dangerMuted = /* @__PURE__ */ fixed('#c45656');
/** Red of the header's badge. */
export const badgeRed = /* @__PURE__ */ fixed('#c8161d');
/** Red of the desktop's app badges. */
export const badgeAppRed = /* @__PURE__ */ fixed('#d0182b');
/** Red of the licence dialog's icon. */
export const dangerIcon = /* @__PURE__ */ fixed('#d93026');
/** The spec's red of importance 1. */
export const importanceRed = /* @__PURE__ */ fixed('#e31d1a');
/** Border of an error. */
export const dangerBorder = /* @__PURE__ */ fixed('#fde2e2');
/** Stronger border of an error. */
export const dangerBorderStrong = /* @__PURE__ */ fixed('#fbc4c4');
/** Text of a warning notice. */
export const warningText = /* @__PURE__ */ fixed('#8a5300');
/** Text of warnings in dialogs (the about dialog's alerts, the form dialog's discard question). */
export const warningTextDialog = /* @__PURE__ */ fixed('#8a5a00');
/** Text of the about dialog's mismatch alert. */
export const warningTextStrong = /* @__PURE__ */ fixed('#7a4d00');
/** Text of an expiring module. */
export const warningTextExpiring = /* @__PURE__ */ fixed('#8a4b00');
/** Text of the login dialog's warning. */
export const warningTextLogin = /* @__PURE__ */ fixed('#6b4a0f');
/** Accent of a warning (the about dialog's rule). */
export const warningAccent = /* @__PURE__ */ fixed('#e6a23c');
/** Border of a warning notice. */
export const warningBorder = /* @__PURE__ */ fixed('#faecd8');
/** Border of an expiring module. */
export const warningBorderStrong = /* @__PURE__ */ fixed('#f5dab1');
/** Text of a module in use. */
export const successText = /* @__PURE__ */ fixed('#2b6c0e');
/** Background of a success. */
export const successLight = /* @__PURE__ */ fixed('#f0f9eb');
/** Border of a success notice. */
export const successBorder = /* @__PURE__ */ fixed('#e1f3d8');
/** Border of a module in use. */
export const successBorderStrong = /* @__PURE__ */ fixed('#c2e7b0');
/** The face guide when a face is on it. */
export const faceGuide = /* @__PURE__ */ fixed('#67c23a');
/** The theme's default blue at 8 %: hovered app icons. */
export const primaryHaze = /* @__PURE__ */ fixed('rgb(69 124 214 / 0.08)');
/** Black at `alpha`: shadows, scrims, hovered rows on a coloured bar. */
export const shade = (alpha: string): CSSResult => fixed(`rgb(0 0 0 / ${alpha})`);
/** White at `alpha`: highlights on the header and the to-do panel, masks over loading content. */
export const tint = (alpha: string): CSSResult => fixed(`rgb(255 255 255 / ${alpha})`);
/** The desktop's blue-grey at `alpha`: soft shadows of panels and menus. */
export const inkShade = (alpha: string): CSSResult => fixed(`rgb(31 45 61 / ${alpha})`);
/** The face result's overlays: green for a success, red for a refusal. */
export const faceSuccessOverlay = /* @__PURE__ */ fixed('rgb(40 120 40 / 85%)');
export const faceErrorOverlay = /* @__PURE__ */ fixed('rgb(150 30 30 / 88%)');

/*
 * Radii, fixed like the colours above (written into the templates by the build). An element that lets a page change
 * one wraps it in a property of its own (`var(--edu-login-radius, ${radius})`).
 */
/** Small marks: badges, bars, checkboxes. */
export const radiusXs = /* @__PURE__ */ fixed('2px');
/** Progress bars and small chips. */
export const radiusSm = /* @__PURE__ */ fixed('3px');
/** Controls, buttons, panels, notices: the kit's usual corner. */
export const radius = /* @__PURE__ */ fixed('4px');
/** Cards and swatch panels. */
export const radiusMd = /* @__PURE__ */ fixed('6px');
/** Dialog-sized surfaces and large cards. */
export const radiusLg = /* @__PURE__ */ fixed('8px');
/** Pills and rounded tiles. */
export const radiusXl = /* @__PURE__ */ fixed('10px');
/** Circles. */
export const radiusRound = /* @__PURE__ */ fixed('50%');
