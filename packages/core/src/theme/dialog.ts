/**
 * The theme dialog's model (spec part 1 §2 "Theme dialog", §4 "Theme"): the choices in their groups and the draft
 * the dialog edits. Saving the choice is `setting.ts`; theme values and layouts resolve through `theme.ts`.
 */
import { PRESET_COLORS, type Layout, type NamedTheme } from './constants.ts';
import { isLayout, isNamedTheme, isThemeValue, resolveLayout } from './theme.ts';

export type ThemeGroup = 'classic' | 'stage' | 'color' | 'custom';

/** A ready-made choice; `key` names it for the dialog's label (localised by the element). */
export interface ThemeOption {
  key: NamedTheme | 'red' | 'blue' | 'siroBlue' | 'green';
  value: string;
}

const [RED, BLUE, SIRO_BLUE, GREEN] = PRESET_COLORS as [string, string, string, string];

/** The dialog's groups in order: classic (ink, lotus), stage (cartoon), colour (red, blue, siro blue, green). */
export const THEME_GROUPS: readonly { group: Exclude<ThemeGroup, 'custom'>; options: readonly ThemeOption[] }[] = [
  {
    group: 'classic',
    options: [
      { key: 'ink', value: 'ink' },
      { key: 'lotus', value: 'lotus' },
    ],
  },
  { group: 'stage', options: [{ key: 'cartoon', value: 'cartoon' }] },
  {
    group: 'color',
    options: [
      { key: 'red', value: RED },
      { key: 'blue', value: BLUE },
      { key: 'siroBlue', value: SIRO_BLUE },
      { key: 'green', value: GREEN },
    ],
  },
];

/** Which group a theme value belongs to; a colour that is not a preset (any case) is custom. */
export function themeGroupOf(theme: string): ThemeGroup {
  if (theme === 'ink' || theme === 'lotus') return 'classic';
  if (theme === 'cartoon') return 'stage';
  return PRESET_COLORS.some((c) => c.toLowerCase() === theme.toLowerCase()) ? 'color' : 'custom';
}

/** A custom colour: `#rgb` or `#rrggbb`, what a colour input gives and the server stores (no alpha: tints are opaque). */
export function isValidCustomColor(value: unknown): value is string {
  return typeof value === 'string' && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim());
}

/** The layout choice (top-bottom or left-right) is offered only for colour themes. */
export function showsLayoutChoice(theme: string): boolean {
  return !isNamedTheme(theme);
}

export interface ThemeDraft {
  theme: string;
  /** The layout picked for colour themes; named themes show 'top' whatever this says. */
  layout: Layout;
  /** Admins only: also set it for every user of the unit. */
  syncAll: boolean;
}

/** The dialog opens on what is in force. */
export function initialThemeDraft(state: { theme: string; layout: Layout }): ThemeDraft {
  return { theme: state.theme, layout: state.layout, syncAll: false };
}

/** Picks a theme; a named theme or a readable colour, anything else leaves the draft as it is. */
export function chooseDraftTheme(draft: ThemeDraft, theme: string): ThemeDraft {
  const usable = isNamedTheme(theme) || (isThemeValue(theme) && isValidCustomColor(theme));
  return usable && theme !== draft.theme ? { ...draft, theme } : draft;
}

/** Picks a layout; ignored while a named theme is chosen (they force the top layout). */
export function chooseDraftLayout(draft: ThemeDraft, layout: Layout): ThemeDraft {
  if (!isLayout(layout) || !showsLayoutChoice(draft.theme) || layout === draft.layout) return draft;
  return { ...draft, layout };
}

/** The layout the draft will show: ink, lotus and cartoon force top. */
export function draftLayout(draft: ThemeDraft): Layout {
  return resolveLayout(draft.theme, draft.layout);
}
