/** The theme data cached in `sessionStorage.theme` (spec part 1 §3: "Theme data is cached in session storage"). */
import { STORAGE_KEYS } from '../constants.ts';
import { readJson, writeJson } from '../platform/storage.ts';
import type { Layout } from './constants.ts';
import { isLayout, isThemeValue } from './theme.ts';

export interface StoredTheme {
  /** The theme value: ink, lotus, cartoon or a colour. */
  theme: string | null;
  /** The last custom or preset colour picked, kept while a named theme is in force. */
  themeColor: string | null;
  /** The unit style layout. */
  layout: Layout | null;
}

/** Reads the cached theme; missing or corrupt fields come back as null. */
export function readStoredTheme(): StoredTheme {
  const raw = readJson('session', STORAGE_KEYS.theme);
  const record = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  return {
    theme: isThemeValue(record['theme']) ? record['theme'] : null,
    themeColor:
      typeof record['themeColor'] === 'string' && record['themeColor'].includes('#') ? record['themeColor'] : null,
    layout: isLayout(record['layout']) ? record['layout'] : null,
  };
}

export function writeStoredTheme(theme: StoredTheme): void {
  writeJson('session', STORAGE_KEYS.theme, theme);
}
