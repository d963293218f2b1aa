/**
 * The permission store (DESIGN §4): a plain observable fed by the menu-tree call, read by React (`usePermit`,
 * `<Permit>`), by the Lit `ape` directive and by route guards. Snapshots are frozen and replaced, never mutated.
 */
import { getMenuTree } from './api.ts';
import { buildCodeKeys, hasAnyCode, menuRoutes, type CodeKeys, type MenuNode } from './menu.ts';
import { loadsMenuTree, routeAccess, type RouteAccess, type RouteAccessInput } from './routes.ts';

/** `idle` before any load; `error` when the tree call failed (nothing is permitted then). */
export type PermissionStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface PermissionSnapshot {
  status: PermissionStatus;
  /** True when this user has a menu tree (user types 2 and 4); without one nothing is permitted. */
  enforced: boolean;
  userType: number | null;
  /** The app whose tree was loaded. */
  appCode: string | null;
  tree: readonly MenuNode[];
  codeKeys: CodeKeys;
  /** The menu list: routes of the tree's route nodes. */
  menuRoutes: readonly string[];
}

export interface PermissionStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): PermissionSnapshot;
  /**
   * Loads the permissions of a user in app `appCode`: the tree call for user types 2 and 4, nothing for others.
   * Resolves with the snapshot it produced; an answer overtaken by a later `load` or `reset` is dropped.
   */
  load(user: { userType: number }, appCode: string): Promise<PermissionSnapshot>;
  /**
   * True when any of `codes` is permitted. Permitted codes come only from the menu tree (spec part 1 §6), which only
   * user types 2 and 4 load: for every other type nothing is permitted (deny by default). Nothing is permitted
   * before a load or after a failure either.
   */
  can(codes: string | readonly string[]): boolean;
  /** `routeAccess` with this store's user type and menu list. */
  routeAccess(input: Omit<RouteAccessInput, 'userType' | 'menuRoutes'>): RouteAccess;
  reset(): void;
}

export interface PermissionStoreOptions {
  /** The tree call; default `getMenuTree` through the page's client. */
  loadTree?: (appCode: string) => Promise<MenuNode[]>;
}

const EMPTY_KEYS: CodeKeys = Object.freeze(Object.create(null) as Record<string, string>);

const IDLE: PermissionSnapshot = Object.freeze({
  status: 'idle',
  enforced: false,
  userType: null,
  appCode: null,
  tree: Object.freeze([]),
  codeKeys: EMPTY_KEYS,
  menuRoutes: Object.freeze([]),
});

export function createPermissionStore({
  loadTree = (code) => getMenuTree(code),
}: PermissionStoreOptions = {}): PermissionStore {
  const listeners = new Set<() => void>();
  let snapshot: PermissionSnapshot = IDLE;
  let generation = 0;

  function commit(next: PermissionSnapshot): PermissionSnapshot {
    snapshot = Object.freeze(next);
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        console.error(error);
      }
    }
    return snapshot;
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,

    async load(user, appCode) {
      const mine = ++generation;
      const userType = Number(user.userType);
      const base = { ...IDLE, userType, appCode, enforced: loadsMenuTree(userType) };
      if (!base.enforced) return commit({ ...base, status: 'ready' });
      commit({ ...base, status: 'loading' });
      try {
        const tree = await loadTree(appCode);
        if (mine !== generation) return snapshot;
        return commit({
          ...base,
          status: 'ready',
          tree: Object.freeze(tree),
          codeKeys: buildCodeKeys(tree),
          menuRoutes: Object.freeze(menuRoutes(tree)),
        });
      } catch {
        // The client already told the user; failing closed hides what may not be allowed.
        if (mine !== generation) return snapshot;
        return commit({ ...base, status: 'error' });
      }
    },

    can(codes) {
      // Deny by default: no tree (other user types, before a load, after a failure) permits nothing.
      if (snapshot.status !== 'ready' || !snapshot.enforced) return false;
      return hasAnyCode(snapshot.codeKeys, codes);
    },

    routeAccess(input) {
      return routeAccess({ ...input, userType: snapshot.userType ?? 0, menuRoutes: snapshot.menuRoutes });
    },

    reset() {
      generation++;
      if (snapshot !== IDLE) commit(IDLE);
    },
  };
}

/** The page's permission store. */
export const permissions: PermissionStore = createPermissionStore();
