/**
 * The left layout's side menu (spec part 1 §2 "Left layout", §4 "Left menu"): expanded or collapsed, locked or
 * not, saved per user in localStorage.
 */
import { isRecord } from '../platform/guards.ts';
import { readJson, writeJson } from '../platform/storage.ts';

export interface LeftMenuState {
  collapsed: boolean;
  /** A locked menu keeps its state: toggling does nothing until it is unlocked. */
  locked: boolean;
}

export const DEFAULT_LEFT_MENU: LeftMenuState = Object.freeze({ collapsed: false, locked: false });

export function leftMenuKey(userId: string): string {
  return `edu_left_menu_${userId}`;
}

export function readLeftMenu(userId: string): LeftMenuState {
  const raw = userId ? readJson('local', leftMenuKey(userId)) : null;
  if (!isRecord(raw)) return DEFAULT_LEFT_MENU;
  return { collapsed: raw['collapsed'] === true, locked: raw['locked'] === true };
}

export function writeLeftMenu(userId: string, state: LeftMenuState): void {
  if (userId) writeJson('local', leftMenuKey(userId), { collapsed: state.collapsed, locked: state.locked });
}

/** Expands or collapses; ignored (same object back) while locked. */
export function toggleLeftMenu(state: LeftMenuState): LeftMenuState {
  return state.locked ? state : { ...state, collapsed: !state.collapsed };
}

export function toggleLeftMenuLock(state: LeftMenuState): LeftMenuState {
  return { ...state, locked: !state.locked };
}

/** Reads, changes and saves the user's menu state in one step; returns the new state. */
export function updateLeftMenu(userId: string, change: (state: LeftMenuState) => LeftMenuState): LeftMenuState {
  const next = change(readLeftMenu(userId));
  writeLeftMenu(userId, next);
  return next;
}
