/**
 * Theme settings (spec part 1 §3 "Theme setting", §4 "Theme", DESIGN §6 "Theme saving"). A setting is the JSON
 * `{theme, lang, layout}`: theme is ink, lotus, cartoon or a #colour; lang zh-CN, en or zh-HK; layout top or left
 * (only meaningful for colour themes; ink, lotus and cartoon force the top layout on the client).
 *
 * A user's own setting wins; an admin's unit-wide sync replaces the theme and layout of every own setting of the
 * unit (each keeps its language), so right after a sync everybody sees it, and a user who then chooses again gets
 * their own choice back.
 */
import type { Lang, Layout } from '@edu-portal/core';
import { isLang } from '@edu-portal/core/i18n/langs.ts';
import { DEFAULT_LAYOUT, DEFAULT_THEME_COLOR, LAYOUTS, NAMED_THEMES } from '@edu-portal/core/theme/constants.ts';
import type { Database } from 'better-sqlite3';
import type { UserRecord } from '../auth/session-user.ts';

const COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

const isLayout = (value: unknown): value is Layout =>
  typeof value === 'string' && (LAYOUTS as readonly string[]).includes(value);

/** The JSON `{theme, lang, layout}` of `my_desktop/color` and `settheme`. */
export interface ThemeSetting {
  theme: string;
  lang: Lang;
  layout: Layout;
}

export type ThemeProblem = 'theme' | 'lang' | 'layout';

/**
 * Reads the posted `theme` (a JSON string, or an object in a JSON body). A bare theme value (`"ink"`, `"#e31d1a"`)
 * is accepted too, since the spec's GET may answer "a theme string". Missing lang and layout are filled in.
 */
export function parseThemeInput(
  raw: unknown,
  fallback: { lang: Lang; layout: Layout },
): { setting: ThemeSetting } | { problems: ThemeProblem[] } {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (text.startsWith('{')) {
      try {
        value = JSON.parse(text, (key, v: unknown) => (key === '__proto__' ? undefined : v));
      } catch {
        return { problems: ['theme'] };
      }
    } else {
      value = { theme: text };
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { problems: ['theme'] };
  const input = value as Record<string, unknown>;
  const problems: ThemeProblem[] = [];
  const theme = typeof input.theme === 'string' ? input.theme.trim() : '';
  const named = (NAMED_THEMES as readonly string[]).includes(theme);
  if (!named && !COLOR.test(theme)) problems.push('theme');
  const lang = input.lang === undefined || input.lang === '' ? fallback.lang : input.lang;
  if (!isLang(lang)) problems.push('lang');
  const layout = input.layout === undefined || input.layout === '' ? fallback.layout : input.layout;
  if (!isLayout(layout)) problems.push('layout');
  if (problems.length) return { problems };
  return { setting: { theme, lang: lang as Lang, layout: layout as Layout } };
}

interface UnitDefaults {
  styleLayout: string;
  decorationSet: string | null;
}

/** The unit's own defaults: its style layout and the default language of its login configuration. */
export function unitDefaults(db: Database, unitId: number): { lang: Lang; layout: Layout } {
  const row = db
    .prepare(
      `SELECT u.style_layout AS styleLayout, c.decoration_set AS decorationSet
       FROM units u LEFT JOIN unit_configs c ON c.unit_id = u.id WHERE u.id = ?`,
    )
    .get(unitId) as UnitDefaults | undefined;
  let lang: Lang = 'zh-CN';
  try {
    const configured = (JSON.parse(row?.decorationSet ?? '{}') as { defaultLanguage?: unknown }).defaultLanguage;
    if (isLang(configured)) lang = configured;
  } catch {
    // a broken configuration keeps the product default
  }
  return { lang, layout: row?.styleLayout === 'left' ? 'left' : DEFAULT_LAYOUT };
}

/** Completes a stored setting (older rows may lack lang or layout). */
function complete(stored: string, fallback: { lang: Lang; layout: Layout }): ThemeSetting | null {
  const parsed = parseThemeInput(stored, fallback);
  return 'setting' in parsed ? parsed.setting : null;
}

/** The theme in force for a user: their own, else the unit's synced one, else #457CD6 with the unit's defaults. */
export function themeFor(db: Database, user: UserRecord): ThemeSetting & { source: 'user' | 'unit' | 'default' } {
  const fallback = unitDefaults(db, user.unitId);
  const own = db.prepare('SELECT theme FROM user_themes WHERE user_id = ?').get(user.id) as
    { theme: string } | undefined;
  const ownSetting = own && complete(own.theme, fallback);
  if (ownSetting) return { ...ownSetting, source: 'user' };
  const unit = db.prepare('SELECT theme FROM unit_themes WHERE unit_id = ?').get(user.unitId) as
    { theme: string } | undefined;
  const unitSetting = unit && complete(unit.theme, fallback);
  // A unit's theme carries no language: the user's falls back to the login configuration's default.
  if (unitSetting) return { ...unitSetting, lang: fallback.lang, source: 'unit' };
  return { theme: DEFAULT_THEME_COLOR, ...fallback, source: 'default' };
}

export const themeJson = (setting: ThemeSetting): string =>
  JSON.stringify({ theme: setting.theme, lang: setting.lang, layout: setting.layout });

export function saveUserTheme(db: Database, userId: number, setting: ThemeSetting, now: number): void {
  db.prepare(
    `INSERT INTO user_themes (user_id, theme, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET theme = excluded.theme, updated_at = excluded.updated_at`,
  ).run(userId, themeJson(setting), now);
}

/**
 * The admin's sync: the unit's theme and layout, reaching every user of the unit at once. It sets the theme only
 * (spec §4): the unit's row keeps no language, and a user's own setting keeps its language while its
 * theme and layout become the synced ones, so nobody gets the admin's language. Answers how many own settings it
 * changed.
 */
export function syncUnitTheme(db: Database, admin: UserRecord, setting: ThemeSetting, now: number): number {
  const fallback = unitDefaults(db, admin.unitId);
  return db.transaction(() => {
    db.prepare(
      `INSERT INTO unit_themes (unit_id, theme, updated_by, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (unit_id) DO UPDATE SET theme = excluded.theme, updated_by = excluded.updated_by,
         updated_at = excluded.updated_at`,
    ).run(admin.unitId, JSON.stringify({ theme: setting.theme, layout: setting.layout }), admin.id, now);
    const own = db
      .prepare(
        'SELECT user_id AS userId, theme FROM user_themes WHERE user_id IN (SELECT id FROM users WHERE unit_id = ?)',
      )
      .all(admin.unitId) as { userId: number; theme: string }[];
    for (const row of own) {
      const lang = complete(row.theme, fallback)?.lang ?? fallback.lang;
      saveUserTheme(db, row.userId, { theme: setting.theme, layout: setting.layout, lang }, now);
    }
    return own.length;
  })();
}
