/** Header rules (spec part 1 §2 "Header", "Top layout", §9): title font, badge text, header icons, panel width. */
import {
  BADGE_CAP,
  HEADER_ICON_LIMIT,
  HEADER_PANEL_WIDE_WIDTH_PX,
  HEADER_PANEL_WIDTH_PX,
  TITLE_FONT_SIZES_PX,
  TITLE_LONG_CHARS,
  TITLE_MEDIUM_MIN_PX,
  TITLE_WIDE_MIN_PX,
} from '../constants.ts';
import { isGroupedDesktop, type IconUser } from './icons.ts';
import { toCount } from './wire.ts';

const STEPS = [TITLE_FONT_SIZES_PX.large, TITLE_FONT_SIZES_PX.medium, TITLE_FONT_SIZES_PX.small] as const;

/**
 * The unit title's font size in px. The window width picks the size: at least 1920 → 26, at least 1366 → 22, less
 * → 18. A title of more than 15 characters (code points) takes one size smaller, never below 18.
 */
export function titleFontSize(windowWidth: number, title: string): number {
  const width = Number.isFinite(windowWidth) ? windowWidth : 0;
  let step = width >= TITLE_WIDE_MIN_PX ? 0 : width >= TITLE_MEDIUM_MIN_PX ? 1 : 2;
  if (Array.from(title.trim()).length > TITLE_LONG_CHARS) step = Math.min(step + 1, STEPS.length - 1);
  return STEPS[step]!;
}

/** Badge text: '' for nothing, the count up to 99, '99+' above. */
export function badgeText(count: unknown): string {
  const n = toCount(count);
  if (n === 0) return '';
  return n > BADGE_CAP ? `${BADGE_CAP}+` : String(n);
}

/** The icons that sit in the top layout's header bar: the first 10. The panel shows them all. */
export function headerIcons<T>(icons: readonly T[]): T[] {
  return icons.slice(0, HEADER_ICON_LIMIT);
}

/** The expandable panel: 780 px for teachers and type 4 users of a school (grouped categories), else 672 px. */
export function headerPanelWidth(user: IconUser): number {
  return isGroupedDesktop(user) ? HEADER_PANEL_WIDE_WIDTH_PX : HEADER_PANEL_WIDTH_PX;
}
