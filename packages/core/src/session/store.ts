/**
 * The session store: a plain observable (`subscribe` / `getSnapshot`) that React reads with
 * `useSyncExternalStore`, elements through a Lit controller and legacy pages directly. Snapshots are frozen and
 * replaced on every change, never mutated. State persists under the spec's storage keys (docs/decisions.md).
 */
import { DEFAULT_SERVER_ID, STORAGE_KEYS } from '../constants.ts';
import {
  fromWireChildren,
  fromWireParentContext,
  fromWireUnitFlags,
  fromWireUser,
  toWireParentContext,
  toWireUnitFlags,
  toWireUser,
  type WireSessionRecord,
} from './wire.ts';
import { getLanguage, subscribeLanguage } from '../i18n/language.ts';
import { isRecord } from '../platform/guards.ts';
import { clearArea, readJson, readString, removeKey, writeJson, writeString } from '../platform/storage.ts';
import { DEFAULT_THEME_COLOR } from '../theme/constants.ts';
import { readStoredTheme, writeStoredTheme } from '../theme/storage.ts';
import { isLayout, resolveLayout, resolveTheme } from '../theme/theme.ts';
import type {
  Child,
  LoginMessage,
  LoginStatus,
  ParentContext,
  SessionSnapshot,
  SessionUser,
  UnitFlags,
} from './types.ts';

export interface ThemeChoice {
  /** ink, lotus, cartoon or a colour; anything else keeps the current theme. */
  theme?: unknown;
  /** The unit style layout; ignored (but remembered) while a named theme forces 'top'. */
  layout?: unknown;
}

export interface SessionStore {
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current immutable snapshot; the same object until something changes. */
  getSnapshot(): SessionSnapshot;
  /**
   * Stores a login: `userData` is the user as the server sends it (wire names). Clears the logged-out flag.
   * Returns the mapped user, or null (and changes nothing) when `userData` holds no user.
   */
  login(userData: unknown): SessionUser | null;
  /** Changes fields of the stored user (no effect while logged out). */
  updateUser(patch: Partial<SessionUser>): void;
  /** Records a token refresh answer `{accessToken, expiresIn}`: new access token and login message. */
  applyRefresh(data: unknown): void;
  setStatus(status: LoginStatus): void;
  setTheme(choice: ThemeChoice): void;
  setServerCode(code: string): void;
  setBaseLoggedIn(value: boolean): void;
  /** The parent's children as the server sends them; only status 1 is kept. */
  setChildren(wireChildren: unknown): void;
  /** Views `child`; false (ignored) when it already is the current child. */
  selectChild(child: Child): boolean;
  setUnitFlags(flags: Partial<UnitFlags>): void;
  /**
   * Logout (spec part 1 §4): removes the stored user, the auto-login counter and the unfinished-upload records,
   * clears session storage and sets `IS_LOGOUTED`. The language choice stays (a device preference).
   */
  logout(): void;
  /**
   * The server says there is no session (startup check): forgets the stored user and marks the store logged out,
   * without the logged-out flag or clearing counters, which would wrongly stop remembered-password auto-login.
   */
  forget(): void;
  /** True when the last thing that happened on this device was a logout (`IS_LOGOUTED`). */
  wasLoggedOut(): boolean;
  /** Stops following the language; for stores made in tests. */
  dispose(): void;
}

const NO_PARENT: ParentContext = Object.freeze({ childId: null, childName: null, children: [], currentChild: null });
const NO_FLAGS: UnitFlags = Object.freeze({ vocational: false, hasInstitute: false });

const LOGGED_OUT = Object.freeze({
  status: 'logged-out',
  user: null,
  serverCode: DEFAULT_SERVER_ID,
  baseLoggedIn: false,
  loginMessage: null,
  parent: NO_PARENT,
  unit: NO_FLAGS,
} satisfies Partial<SessionSnapshot>);

/** A login or refresh answer as the login message: the handover token is kept once, in the user. */
function toLoginMessage(data: Record<string, unknown>, extra: Record<string, unknown> = {}): LoginMessage {
  const { accessToken: _token, ...rest } = data;
  return Object.freeze({ ...rest, ...extra });
}

function freezeUser(user: SessionUser): SessionUser {
  return Object.freeze({ ...user, campusUnits: Object.freeze(user.campusUnits.map((u) => Object.freeze({ ...u }))) });
}

function freezeParent(parent: ParentContext): ParentContext {
  return Object.freeze({
    ...parent,
    children: Object.freeze(parent.children.map((c) => Object.freeze({ ...c }))),
    currentChild: parent.currentChild ? Object.freeze({ ...parent.currentChild }) : null,
  });
}

export function createSessionStore(): SessionStore {
  const listeners = new Set<() => void>();
  let snapshot: SessionSnapshot = hydrate();

  function hydrate(): SessionSnapshot {
    const stored = readStoredTheme();
    const theme = resolveTheme(stored.theme);
    const base: SessionSnapshot = {
      status: 'unknown',
      user: null,
      language: getLanguage(),
      theme,
      themeColor: stored.themeColor,
      layout: resolveLayout(theme, stored.layout),
      layoutPreference: stored.layout,
      serverCode: DEFAULT_SERVER_ID,
      baseLoggedIn: false,
      loginMessage: null,
      parent: NO_PARENT,
      unit: NO_FLAGS,
    };
    const record = readJson('local', STORAGE_KEYS.user);
    const user = fromWireUser(record);
    if (!user || !isRecord(record)) return Object.freeze(base);
    return Object.freeze({
      ...base,
      user: freezeUser(user),
      serverCode: typeof record['prePath'] === 'string' && record['prePath'] ? record['prePath'] : DEFAULT_SERVER_ID,
      baseLoggedIn: record['baselogined'] === true,
      loginMessage: isRecord(record['loginedMsg']) ? toLoginMessage(record['loginedMsg']) : null,
      parent: freezeParent(fromWireParentContext(record)),
      unit: Object.freeze(fromWireUnitFlags(record)),
    });
  }

  function persist(next: SessionSnapshot): void {
    writeStoredTheme({ theme: next.theme, themeColor: next.themeColor, layout: next.layoutPreference });
    if (!next.user) return;
    const record: WireSessionRecord = {
      ...toWireUser(next.user),
      prePath: next.serverCode,
      langType: next.language,
      baselogined: next.baseLoggedIn,
      loginedMsg: next.loginMessage,
      ...toWireParentContext(next.parent),
      ...toWireUnitFlags(next.unit),
    };
    writeJson('local', STORAGE_KEYS.user, record);
  }

  function commit(patch: Partial<SessionSnapshot>, save = true): void {
    snapshot = Object.freeze({ ...snapshot, ...patch });
    if (save) persist(snapshot);
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        // One broken subscriber must not stop the others from hearing about the change.
        console.error(error);
      }
    }
  }

  const stopLanguage = subscribeLanguage((language) => commit({ language }, snapshot.user !== null));

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,

    login(userData) {
      const user = fromWireUser(userData);
      if (!user) return null;
      removeKey('local', STORAGE_KEYS.loggedOut);
      const sameUser = snapshot.user?.userId === user.userId;
      const loginMessage = toLoginMessage(userData as Record<string, unknown>);
      commit({
        status: 'logged-in',
        user: freezeUser(user),
        loginMessage,
        // Another person's children and unit flags must not leak into this session.
        parent: sameUser ? snapshot.parent : NO_PARENT,
        unit: sameUser ? snapshot.unit : NO_FLAGS,
      });
      return snapshot.user;
    },

    updateUser(patch) {
      if (!snapshot.user) return;
      commit({ user: freezeUser({ ...snapshot.user, ...patch }) });
    },

    applyRefresh(data) {
      if (!isRecord(data)) return;
      const loginMessage = toLoginMessage({ ...(snapshot.loginMessage ?? {}), ...data }, { refreshedAt: Date.now() });
      const token = typeof data['accessToken'] === 'string' ? data['accessToken'] : null;
      const user = snapshot.user && token ? freezeUser({ ...snapshot.user, accessToken: token }) : snapshot.user;
      commit({ loginMessage, user });
    },

    setStatus(status) {
      if (status !== snapshot.status) commit({ status }, false);
    },

    setTheme({ theme: value, layout }) {
      const layoutPreference = isLayout(layout) ? layout : snapshot.layoutPreference;
      const theme = resolveTheme(value, snapshot.theme);
      const themeColor = theme.includes('#') ? theme : snapshot.themeColor;
      commit({ theme, themeColor, layout: resolveLayout(theme, layoutPreference), layoutPreference });
    },

    setServerCode(code) {
      if (code && code !== snapshot.serverCode) commit({ serverCode: code });
    },

    setBaseLoggedIn(value) {
      if (value !== snapshot.baseLoggedIn) commit({ baseLoggedIn: value });
    },

    setChildren(wireChildren) {
      const children = fromWireChildren(wireChildren);
      commit({ parent: freezeParent({ ...snapshot.parent, children }) });
    },

    selectChild(child) {
      if (snapshot.parent.childId === child.id) return false;
      commit({
        parent: freezeParent({
          ...snapshot.parent,
          childId: child.id,
          childName: child.realName,
          currentChild: { id: child.id, realName: child.realName },
        }),
      });
      return true;
    },

    setUnitFlags(flags) {
      commit({ unit: Object.freeze({ ...snapshot.unit, ...flags }) });
    },

    logout() {
      removeKey('local', STORAGE_KEYS.user);
      removeKey('local', STORAGE_KEYS.autoLoginCount);
      // Unfinished uploads are the user's: they must not be offered to whoever signs in next.
      removeKey('local', STORAGE_KEYS.uploadResume);
      clearArea('session');
      writeString('local', STORAGE_KEYS.loggedOut, '1');
      // Session storage held the theme: back to the default, as a fresh visit would be.
      commit(
        { ...LOGGED_OUT, theme: DEFAULT_THEME_COLOR, themeColor: null, layout: 'top', layoutPreference: null },
        false,
      );
    },

    forget() {
      removeKey('local', STORAGE_KEYS.user);
      commit(LOGGED_OUT, false);
    },

    wasLoggedOut: () => readString('local', STORAGE_KEYS.loggedOut) === '1',

    dispose() {
      stopLanguage();
      listeners.clear();
    },
  };
}

/** The page's session store, used by the default request client. */
export const session: SessionStore = createSessionStore();
