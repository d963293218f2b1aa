/** Constants of the reference server that more than one module needs. */

/** Access tokens live 30 minutes, refresh tokens 7 days (docs/decisions.md "Session"). */
export const DEFAULT_ACCESS_TTL_MS = 30 * 60 * 1000;
export const DEFAULT_REFRESH_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const ACCESS_COOKIE = 'edu_at';
export const REFRESH_COOKIE = 'edu_rt';
/** The refresh cookie only travels to the session calls, never to ordinary API calls. */
export const REFRESH_COOKIE_PATH = '/api/uaa/oauth';

/** Every demo account shares this password (issue 2). */
export const DEMO_PASSWORD = 'Edu@2026';

/** Spec part 1 §4: a licence ending within 90 days is "expiring soon". */
export const EXPIRING_SOON_MS = 7_776_000_000;

/** The version of the common language pack and plugin assets (spec part 2 §9). */
export const COMMON_PLUGIN_VERSION = '2.0.0';

/** Role code of unit administrators on the base project (spec part 1 §6). */
export const ADMIN_ROLE = 'XX_SYS_';
export const ADMIN_ROLE_PROJECT = 'base';
