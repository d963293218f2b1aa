/** Constants of the reference server that more than one module needs. */

/** Access tokens live 30 minutes, refresh tokens 7 days (docs/decisions.md "Session (reference server)"). */
export const DEFAULT_ACCESS_TTL_MS = 30 * 60 * 1000;
export const DEFAULT_REFRESH_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** However often refreshed, a login ends 30 days after it happened (EDU_SESSION_MAX_AGE_MS). */
export const DEFAULT_SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Rotation overlap: for this long after a refresh, the refresh token just rotated away answers the same successor
 * pair again (tabs and requests that refresh together), instead of counting as reuse (docs/decisions.md).
 */
export const REFRESH_REUSE_WINDOW_MS = 20_000;

/**
 * Handover tokens (the `accessToken` of login, `me` and refresh answers): 5 minutes, one use, only for `relogin`
 * (the help centre, a desktop client); never a bearer (docs/decisions.md "Requests and session").
 */
export const HANDOVER_TTL_MS = 5 * 60 * 1000;

export const ACCESS_COOKIE = 'edu_at';
export const REFRESH_COOKIE = 'edu_rt';
/** The refresh cookie only travels to the session calls, never to ordinary API calls. */
export const REFRESH_COOKIE_PATH = '/api/uaa/oauth';

/** Every demo account shares this password. */
export const DEMO_PASSWORD = 'Edu@2026';

/** Spec part 1 §4: a licence ending within 90 days is "expiring soon". */
export const EXPIRING_SOON_MS = 7_776_000_000;

/** The version of the common language pack and plugin assets (spec part 2 §9). */
export const COMMON_PLUGIN_VERSION = '2.0.0';

/** Role code of unit administrators on the base project (spec part 1 §6). */
export const ADMIN_ROLE = 'XX_SYS_';
export const ADMIN_ROLE_PROJECT = 'base';

/** One-time login tickets live 2 minutes (an SSO portal hands them straight to the browser). */
export const TICKET_TTL_MS = 2 * 60 * 1000;
/** Codes (one-time) and tokens of the development social provider live 5 minutes. */
export const SOCIAL_CODE_TTL_MS = 5 * 60 * 1000;
export const SOCIAL_TOKEN_TTL_MS = 5 * 60 * 1000;
/** How long an unbound social login may be bound to an account from the bind page. */
export const SOCIAL_BIND_TTL_MS = 30 * 60 * 1000;
/** One-time authorization codes of shiyue_webauth (single sign-on into registered apps). */
export const SSO_CODE_TTL_MS = 5 * 60 * 1000;

/** Uploads (spec part 2 §7, §9): the largest file the server stores, by default 4 GiB. */
export const DEFAULT_UPLOAD_MAX_BYTES = 4 * 1024 * 1024 * 1024;
/** The largest chunk a chunk upload may carry (the spec's default chunk is 2 MB). */
export const MAX_CHUNK_BYTES = 64 * 1024 * 1024;
/** Chunk sets untouched this long are abandoned and swept; the sweep runs this often. */
export const DEFAULT_CHUNK_SET_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_UPLOAD_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Upload storage bounds (docs/decisions.md "Upload storage security"). A chunked upload has at most this many chunks,
 * so no merge or check walks more than this many, whatever a request names.
 */
export const MAX_UPLOAD_CHUNKS = 100_000;
/** Per user, by default: stored bytes (distinct contents of their records), records, chunk sets in progress. */
export const DEFAULT_USER_MAX_BYTES = 20 * 1024 * 1024 * 1024;
export const DEFAULT_USER_MAX_FILES = 10_000;
export const DEFAULT_USER_MAX_PENDING_SETS = 20;
/** Longest text fields of the upload calls (a server id, a record uid, a proof nonce). */
export const MAX_UPLOAD_ID_LENGTH = 64;
export const MAX_UPLOAD_UID_LENGTH = 128;
/** Proof of possession: the byte range the server asks the MD5 of, how long a challenge lives, how many per user. */
export const PROOF_RANGE_BYTES = 256 * 1024;
export const PROOF_TTL_MS = 5 * 60 * 1000;
export const PROOF_MAX_PER_USER = 8;
