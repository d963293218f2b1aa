/**
 * The page follows the session store's theme: the one way a theme reaches the page (dialog → save → store → page).
 * A module of its own, so a host's start-up loads only this, not the calls that save or adopt a setting.
 */
import { session as defaultSession, type SessionStore } from '../session/store.ts';
import { applyThemeStylesheet } from './stylesheet.ts';
import { applyTheme } from './theme.ts';

/** A theme on the page: its custom properties and the named theme's stylesheet. */
export function applyThemeToPage(theme: string): void {
  if (typeof document === 'undefined') return;
  applyTheme(theme);
  applyThemeStylesheet(theme);
}

/**
 * Keeps the page on the session store's theme: applied now (the theme kept from the last visit, before any call)
 * and whenever the store's theme changes (a saved or adopted setting, the logout's return to the default). A host
 * calls it once at start. Returns the function that stops following.
 */
export function followSessionTheme(
  session: SessionStore = defaultSession,
  apply: (theme: string) => void = applyThemeToPage,
): () => void {
  let applied: string | null = null;
  const follow = (): void => {
    const { theme } = session.getSnapshot();
    if (theme === applied) return;
    applied = theme;
    apply(theme);
  };
  follow();
  return session.subscribe(follow);
}
