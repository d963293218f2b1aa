/** Business constants and limits of spec part 1 §9 and part 2 §9, in one place. */

/** Request timeout: 20 minutes (part 1 §9). */
export const REQUEST_TIMEOUT_MS = 1_200_000;

/** Paged lists (part 2 §9). */
export const DEFAULT_PAGE_SIZE = 30;
export const PAGE_SIZE_OPTIONS: readonly number[] = [30, 100, 200, 300, 400];
/** Pop-up reminder panel: 3 per page, closes itself after 15 s (part 1 §4, §9). */
export const POPUP_PAGE_SIZE = 3;
export const POPUP_AUTO_CLOSE_MS = 15_000;

/** A module licence ending within 90 days is "expiring soon" (part 1 §4). */
export const EXPIRING_SOON_MS = 7_776_000_000;

/** Remembered-password auto-login is tried at most 4 times (part 1 §4). */
export const AUTO_LOGIN_LIMIT = 4;

/** Header and desktop limits (part 1 §9). */
export const HEADER_ICON_LIMIT = 10;
export const HEADER_PANEL_WIDTH_PX = 672;
export const HEADER_PANEL_WIDE_WIDTH_PX = 780;
export const BADGE_CAP = 99;
export const RECENT_APPS_LIMIT = 10;

/** Notifications and layers (part 1 §9, part 2 §9; DESIGN §6 turns layers into `--edu-z-*` defaults). */
export const NOTICE_DURATION_MS = 2000;
export const NOTICE_GAP_PX = 16;
export const Z_INDEX_DIALOG_FIRST = 1500;
export const Z_INDEX_POPUP = 10_000;
export const Z_INDEX_LOGIN_DIALOG = 2500;

/** Uploads (part 2 §9). */
export const CHUNK_SIZE_BYTES = 2 * 1024 * 1024;
export const MD5_SLICE_BYTES = 2 * 1024 * 1024;
export const DEFAULT_SERVER_ID = 'base';

/** Version of the shared plugin files under /common/plugins/common-ph/ (part 2 §7, §9). */
export const COMMON_PLUGIN_VERSION = '2.0.0';

/** Browser storage keys (part 1 §3; where each lives: docs/decisions.md "Storage keys"). */
export const STORAGE_KEYS = {
  /** localStorage: the language the user chose. */
  chosenLanguage: 'PH_MY_SET_LANG',
  /** sessionStorage: merged language-pack dictionary `{lang, dict}` of the language in force. */
  languagePack: 'lange_',
  /** localStorage: the language in force, read by legacy pages. */
  language: 'lang',
  /** localStorage: `"1"` after a logout. */
  loggedOut: 'IS_LOGOUTED',
  /** localStorage: auto-login attempts so far. */
  autoLoginCount: 'AUTO_LOGIN_NUM',
  /** localStorage: the product code. */
  productCode: 'SHIYUE_PRODUCTCODE',
  /** localStorage: the saved session user, in wire names. */
  user: 'user',
  /** sessionStorage: the theme data `{theme, themeColor, layout}`. */
  theme: 'theme',
  /** localStorage: remember-password record (part 1 §3): the flag, the user name, the encrypted password. */
  rememberFlag: 'rempass',
  rememberUser: '_',
  rememberSecret: '__',
  /** localStorage: the signed-in user's unfinished uploads `{userId, records}` (name, size, lastModified, md5). */
  uploadResume: 'EDU_UPLOAD_RESUME',
} as const;

/** Browser zoom outside 80–120 % gets a warning shown for 5 s (part 2 §8, §9). */
export const ZOOM_MIN_PERCENT = 80;
export const ZOOM_MAX_PERCENT = 120;
export const ZOOM_WARNING_MS = 5000;

/** Portal shell (part 1 §2, §6, §9; part 2 §9): app codes never shown as icons, the admin role, the title font. */
export const IGNORED_APP_CODES: readonly string[] = ['desktop', 'comment'];
/** App codes hidden outside school units (part 1 §6); the server's voice skills deny them there too. */
export const SCHOOL_ONLY_APP_CODES: readonly string[] = ['base', 'edu'];
export const ADMIN_ROLE_CODE = 'XX_SYS_';
export const ADMIN_ROLE_PROJECT = 'base';
export const TITLE_FONT_SIZES_PX = { large: 26, medium: 22, small: 18 } as const;
export const TITLE_WIDE_MIN_PX = 1920;
export const TITLE_MEDIUM_MIN_PX = 1366;
export const TITLE_LONG_CHARS = 15;

/** Voice recorder (part 2 §4, §9): at most 60 s, "holding" after 200 ms, the hint for 3 s, results reset after 1 s. */
export const VOICE_MAX_MS = 60_000;
/**
 * Bytes of audio per millisecond the recorder sends (16 kHz, 16-bit mono: the rate `pcm.ts` encodes to, whose source
 * runs on the audio thread and so cannot import this), for the limit on what one recording may send.
 */
export const VOICE_BYTES_PER_MS = 32;
export const VOICE_HOLD_DELAY_MS = 200;
export const VOICE_HINT_MS = 3000;
export const VOICE_RESET_MS = 1000;

/**
 * Face screen (part 2 §4, §9): capture 480 × 480, or the body size on screens 760 px wide or narrower; a countdown of
 * `waitTime` 3 s before tracking; auto capture after more than 8 consecutive detections on the guide (35 % of the
 * width, within about 50 px in position and size); no capture within 15 s times out.
 */
export const FACE_CAPTURE_SIZE_PX = 480;
export const FACE_SMALL_SCREEN_MAX_PX = 760;
export const FACE_WAIT_TIME_S = 3;
export const FACE_CAPTURE_TIMEOUT_MS = 15_000;
export const FACE_HITS_NEEDED = 8;
export const FACE_GUIDE_RATIO = 0.35;
export const FACE_POSITION_TOLERANCE_PX = 50;
