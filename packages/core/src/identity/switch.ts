/**
 * Identity switching (spec part 1 §3 "Identity switch option", §5 "Switching", §6 "Identity switch"): a teacher
 * becomes the paired parent and back, when the app allows both user types or on the desktop.
 */
import { isRecord } from '../platform/guards.ts';
import { wireString } from '../desktop/wire.ts';

/** What `GET /api/base/select/already/parent/teacher` answers, wire names as sent. */
export interface PairedIdentity {
  parentId: string;
  parentName: string;
  teacherId: string;
  teacherName: string;
}

export interface IdentityOption {
  /** The user id to switch to (`GET /api/uaa/switch/login {userId}`). */
  id: string;
  name: string;
  /** 2 the teacher identity, 3 the parent identity. */
  userType: 2 | 3;
  current: boolean;
}

export function fromWirePairedIdentity(raw: unknown): PairedIdentity | null {
  if (!isRecord(raw)) return null;
  const pair = {
    parentId: wireString(raw['parentId']),
    parentName: wireString(raw['parentName']),
    teacherId: wireString(raw['teacherId']),
    teacherName: wireString(raw['teacherName']),
  };
  return pair.parentId && pair.teacherId ? pair : null;
}

/**
 * The switcher's options: the teacher and the parent identity, the one in use marked current. No pair, or a pair
 * that does not include the current user, gives no options (nothing to switch to).
 */
export function identityOptions(pair: PairedIdentity | null, currentUserId: string): IdentityOption[] {
  if (!pair || (pair.teacherId !== currentUserId && pair.parentId !== currentUserId)) return [];
  if (pair.teacherId === pair.parentId) return [];
  return [
    { id: pair.teacherId, name: pair.teacherName, userType: 2, current: pair.teacherId === currentUserId },
    { id: pair.parentId, name: pair.parentName, userType: 3, current: pair.parentId === currentUserId },
  ];
}

/** User types that have a paired identity to switch to: teachers (type 4 counts as a teacher) and parents. */
export function hasIdentitySwitch(userType: number): boolean {
  return [2, 3, 4].includes(Number(userType));
}

export interface IdentitySwitchContext {
  userType: number;
  /** The app's `limitUserType` (parsed); ignored on the desktop. */
  limitUserTypes: readonly number[];
  onDesktop: boolean;
}

/** The switcher shows on the desktop, or in an app whose `limitUserType` contains both 2 and 3. */
export function canSwitchIdentity({ userType, limitUserTypes, onDesktop }: IdentitySwitchContext): boolean {
  if (!hasIdentitySwitch(userType)) return false;
  return onDesktop || (limitUserTypes.includes(2) && limitUserTypes.includes(3));
}

/** The user id to switch to, or null when `chosenId` is the current identity (ignored) or not an option. */
export function identitySwitchTarget(options: readonly IdentityOption[], chosenId: string): string | null {
  const option = options.find((o) => o.id === chosenId);
  return option && !option.current ? option.id : null;
}
