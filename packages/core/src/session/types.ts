/**
 * Session state in English names (spec part 1 §3 "Session and user state", "Parent context", "Unit flags").
 * The spec's wire names (`chirdenId`, `iszx`, `loginedMsg` …) are mapped in `session/wire.ts`.
 */
import type { Lang } from '../i18n/language.ts';
import type { Layout } from '../theme/constants.ts';

/** One entry of the user's `campusUnits` (a JSON string on the wire); its fields are passed through. */
export type CampusUnit = Readonly<Record<string, unknown>>;

export interface SessionUser {
  userId: string;
  /** 1 area or official account, 2 teacher, 3 parent, 4 treated like a teacher, others (e.g. students). */
  userType: number;
  realName: string;
  loginName: string;
  avatar: string;
  unitId: string;
  /** 1 area unit, 2 school (the default when the server sends none). */
  unitType: number;
  unitName: string;
  unitEnName: string;
  unitImgPath: string;
  userImgPath: string;
  unitStatus: string | number | null;
  userStatus: string | number | null;
  unitShardingCode: string;
  parentId: string;
  /** Stored only; the spec shows no behaviour for it. */
  superman: boolean;
  /**
   * The handover token of the last login, `me` or refresh answer: 5 minutes, one `relogin`, never
   * a bearer (the access token stays in the http-only cookie). The help centre link carries a fresh one.
   */
  accessToken: string;
  /** 1 boy, 2 girl, anything else shows the default avatar. */
  sex: number;
  year: string;
  term: string;
  campusUnits: readonly CampusUnit[];
}

/**
 * The session user as the reference server sends it (login, relogin, `me`, switch/login data; spec part 1 §3): the
 * fields of `SessionUser` with `campusUnits` still the JSON string and the statuses numbers. The server builds it;
 * `fromWireUser` reads it (and the looser `WireUser` of other back ends).
 */
export type WireSessionUser = Omit<SessionUser, 'campusUnits' | 'unitStatus' | 'userStatus'> & {
  unitStatus: number;
  userStatus: number;
  /** A JSON string of [{unitId, unitName, unitEnName}]. */
  campusUnits: string;
};

export interface Child {
  id: string;
  realName: string;
  gradeName: string;
  className: string;
}

export interface ParentContext {
  /** Wire `chirdenId`: the child being viewed. */
  childId: string | null;
  /** Wire `chirdenName`. */
  childName: string | null;
  /** Wire `chirdenList`: only children with status 1. */
  children: readonly Child[];
  /** Wire `currentChirden`. */
  currentChild: { id: string; realName: string } | null;
}

export interface UnitFlags {
  /** Wire `iszx`: a vocational school. */
  vocational: boolean;
  /** Wire `unitHaveInstitute`. */
  hasInstitute: boolean;
}

/**
 * What the last login or token refresh answered (wire `loginedMsg`), less its `accessToken`: the handover token is
 * kept once, in the user.
 */
export type LoginMessage = Readonly<Record<string, unknown>>;

/** Unknown until the current-user check answers (spec part 1 §4 "Login flow"). */
export type LoginStatus = 'unknown' | 'logged-in' | 'logged-out';

export interface SessionSnapshot {
  status: LoginStatus;
  user: SessionUser | null;
  /** Wire `langType`: mirrors the language in force. */
  language: Lang;
  /** The resolved theme value: ink, lotus, cartoon or a colour. */
  theme: string;
  /** The last colour chosen, kept while a named theme is in force. */
  themeColor: string | null;
  /** Wire `currentLayout`: the layout in force (named themes force 'top'). */
  layout: Layout;
  /**
   * The layout the user chose for colour themes, kept while a named theme forces 'top' so that saving another
   * setting (the language) or going back to a colour theme keeps it; null when none was chosen.
   */
  layoutPreference: Layout | null;
  /** Wire `prePath`: the current server code, default 'base'. */
  serverCode: string;
  /** Wire `baselogined`. */
  baseLoggedIn: boolean;
  /** Wire `loginedMsg`. */
  loginMessage: LoginMessage | null;
  parent: ParentContext;
  unit: UnitFlags;
}
