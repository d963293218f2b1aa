// React hooks over the core's stores (DESIGN §4): components re-render when a store changes, nothing else.
import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { getLanguage, subscribeLanguage, type Lang } from '@edu-portal/core/i18n/language.ts';
import { serverTextRevision, subscribeServerText } from '@edu-portal/core/i18n/server-text.ts';
import { session as pageSession, type SessionStore } from '@edu-portal/core/session/store.ts';
import type { SessionSnapshot } from '@edu-portal/core/session/types.ts';

/** The language in force; changes live when anyone calls core's setLanguage or chooseLanguage. */
export function useLanguage(): Lang {
  // Server texts shown in zh-HK change when the traditional converter arrives (core server-text): render again.
  useSyncExternalStore(subscribeServerText, serverTextRevision, serverTextRevision);
  return useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage);
}

const SessionContext = createContext<SessionStore>(pageSession);

/** Gives a subtree a session store other than the page's own (tests, embedded hosts). */
export function SessionProvider({ store, children }: { store: SessionStore; children?: ReactNode }) {
  return createElement(SessionContext.Provider, { value: store }, children);
}

/** The session store in use: the provider's, else the page's. */
export function useSessionStore(): SessionStore {
  return useContext(SessionContext);
}

/** The current session snapshot (user, status, theme, layout, parent context …). */
export function useSession(): SessionSnapshot {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
