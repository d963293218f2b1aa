/**
 * Child selection for parents (spec part 1 §2 "Child selection table", §3 "Parent context", §4 "Child selection",
 * §5, §6): who gets it, when it opens by itself, and the locally remembered child.
 */
import { readString, writeString } from '../platform/storage.ts';
import type { Child } from '../session/types.ts';

/** Only parents (user type 3) choose a child. */
export function canSelectChild(userType: number): boolean {
  return Number(userType) === 3;
}

/** localStorage key of the child a parent last chose on this device. */
export function rememberedChildKey(userId: string): string {
  return `edu_child_${userId}`;
}

export function readRememberedChild(userId: string): string | null {
  return userId ? readString('local', rememberedChildKey(userId)) || null : null;
}

export function rememberChild(userId: string, childId: string): void {
  if (userId && childId) writeString('local', rememberedChildKey(userId), childId);
}

export interface ChildSelectionContext {
  userType: number;
  /** Children with status 1 (the session store keeps only those). */
  children: readonly Child[];
  /** The child the server says is current. */
  currentChildId: string | null;
  /** The child remembered on this device (`readRememberedChild`). */
  rememberedChildId: string | null;
}

/**
 * The selection opens by itself for a parent with more than one child when the child remembered on this device is
 * not the current one (nothing remembered yet counts as different: the first visit asks).
 */
export function shouldOpenChildSelection({
  userType,
  children,
  currentChildId,
  rememberedChildId,
}: ChildSelectionContext): boolean {
  return canSelectChild(userType) && children.length > 1 && rememberedChildId !== currentChildId;
}

/** The child to switch to, or null when it already is the current child (ignored) or not one of the children. */
export function childToSelect(
  children: readonly Child[],
  currentChildId: string | null,
  chosenId: string,
): Child | null {
  if (chosenId === currentChildId) return null;
  return children.find((child) => child.id === chosenId) ?? null;
}
