// Menu-code permissions in React (spec part 1 §6; DESIGN §4): what may not be used is not rendered. The same store
// as the Lit `permit`/`ape` directives and the route guards: core's permission store, live.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { permissions as pagePermissions, type PermissionStore } from '@edu-portal/core/permissions/store.ts';

/** One code, a list, or a comma-separated string (blanks are dropped; no codes at all permits nothing). */
export type PermitCodes = string | readonly string[];

const PermissionContext = createContext<PermissionStore>(pagePermissions);

/** Gives a subtree a permission store other than the page's own (tests, embedded hosts). */
export function PermissionProvider({ store, children }: { store: PermissionStore; children?: ReactNode }) {
  return <PermissionContext.Provider value={store}>{children}</PermissionContext.Provider>;
}

/** The permission store in use: the provider's, else the page's (core `permissions`). */
export function usePermissionStore(): PermissionStore {
  return useContext(PermissionContext);
}

/**
 * True when any of `codes` is permitted; re-renders when the answer changes (a load, a reset, another user).
 * Nothing is permitted before the store has loaded.
 */
export function usePermit(codes: PermitCodes): boolean {
  const store = usePermissionStore();
  const permitted = () => store.can(codes);
  return useSyncExternalStore(store.subscribe, permitted, permitted);
}

export interface PermitProps {
  /** One code, a list, or a comma-separated string: the children render when any of them is permitted. */
  codes: PermitCodes;
  /** What renders instead when none is permitted; default nothing. */
  fallback?: ReactNode;
  children?: ReactNode;
}

/** Renders its children only when any of `codes` is permitted (the spec's `ape`), else `fallback`. */
export function Permit({ codes, fallback = null, children }: PermitProps) {
  return <>{usePermit(codes) ? children : fallback}</>;
}
