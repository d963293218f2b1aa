/**
 * Identity, child and licence calls (spec part 1 §7 "Licence, identity, menu, misc", "Login and session"), and the
 * two switches built on them. The session store holds the outcome; wire names stay here.
 */
import { SESSION_PATHS } from '../auth/api.ts';
import { fromWireChild, fromWireChildren, type WireChild } from '../session/wire.ts';
import { client as defaultClient, type Client } from '../http/client.ts';
import { session as defaultSession, type SessionStore } from '../session/store.ts';
import type { Child, SessionUser } from '../session/types.ts';
import { canSelectChild, childToSelect, rememberChild } from './children.ts';
import { readLicenceAnswer, type LicenceState } from './licence.ts';
import { fromWirePairedIdentity, identitySwitchTarget, type IdentityOption, type PairedIdentity } from './switch.ts';

export const IDENTITY_PATHS = {
  pairedIdentity: '/api/base/select/already/parent/teacher',
  switchLogin: SESSION_PATHS.switchLogin,
  children: '/api/base/student/find_all_student_by_parent_id',
  currentChild: '/api/base/student/find_stu_by_parent_id',
  setCurrentChild: '/api/base/student/set/parentChildren',
} as const;

export interface IdentityDeps {
  client?: Client;
  session?: SessionStore;
}

/**
 * `GET select/already/parent/teacher {parentId, teacherId}`: the user's paired identity. A teacher sends their id
 * as teacherId and their paired parent id; a parent their own id as parentId. Null when there is no pair.
 */
export async function getPairedIdentity(
  user: Pick<SessionUser, 'userId' | 'userType' | 'parentId'>,
  client: Client = defaultClient,
): Promise<PairedIdentity | null> {
  const parent = Number(user.userType) === 3;
  const envelope = await client.get(IDENTITY_PATHS.pairedIdentity, {
    parentId: parent ? user.userId : user.parentId,
    teacherId: parent ? '' : user.userId,
  });
  return fromWirePairedIdentity(envelope.data);
}

export type SwitchResult = { kind: 'ignored' } | { kind: 'switched'; user: SessionUser };

/**
 * Switches to the chosen identity (`GET /api/uaa/switch/login {userId}`): ignored when it is the current one; on
 * success the session store holds the other identity (its own children and flags, not the previous user's).
 * Rejects when the server refuses (the client has shown why).
 */
export async function switchIdentity(
  options: readonly IdentityOption[],
  chosenId: string,
  { client = defaultClient, session = defaultSession }: IdentityDeps = {},
): Promise<SwitchResult> {
  const target = identitySwitchTarget(options, chosenId);
  if (!target) return { kind: 'ignored' };
  const envelope = await client.get(IDENTITY_PATHS.switchLogin, { userId: target });
  const user = session.login(envelope.data);
  if (!user) throw new Error('switch/login answered without a user');
  return { kind: 'switched', user };
}

/** `GET find_all_student_by_parent_id {parentId}`: the parent's children with status 1. */
export async function getChildren(parentId: string, client: Client = defaultClient): Promise<Child[]> {
  const envelope = await client.get(IDENTITY_PATHS.children, { parentId });
  return fromWireChildren(envelope.data);
}

/** `GET find_stu_by_parent_id {parentId}`: the child the parent is viewing (an object, or a list's first entry). */
export async function getCurrentChild(parentId: string, client: Client = defaultClient): Promise<Child | null> {
  const envelope = await client.get(IDENTITY_PATHS.currentChild, { parentId });
  const data: unknown = Array.isArray(envelope.data) ? envelope.data[0] : envelope.data;
  return fromWireChild(data);
}

/** `POST set/parentChildren?parentId=` with the child's fields: the child the parent views from now on. */
export async function setCurrentChild(parentId: string, child: Child, client: Client = defaultClient): Promise<void> {
  const body: WireChild = {
    id: child.id,
    realName: child.realName,
    gradeName: child.gradeName,
    className: child.className,
  };
  await client.post(IDENTITY_PATHS.setCurrentChild, body, { params: { parentId } });
}

/**
 * A parent's context at startup: children and the current child into the session store. Nothing for other user
 * types. The current child is kept only when it is one of the children (status 1).
 */
export async function loadParentContext(
  user: Pick<SessionUser, 'userId' | 'userType'>,
  { client = defaultClient, session = defaultSession }: IdentityDeps = {},
): Promise<void> {
  if (!canSelectChild(user.userType)) return;
  const [children, current] = await Promise.all([
    getChildren(user.userId, client),
    getCurrentChild(user.userId, client),
  ]);
  // Already status 1 only; setChildren keeps entries without a status field.
  session.setChildren(children);
  const known = current && children.find((child) => child.id === current.id);
  if (known) session.selectChild(known);
}

export type ChildSelectResult = { kind: 'ignored' } | { kind: 'selected'; child: Child };

/**
 * The parent picks a child: ignored when it is the current one (or not one of theirs). Otherwise sent to the
 * server first, and only when that succeeds remembered on this device and put in the session store.
 */
export async function selectChild(
  chosenId: string,
  { client = defaultClient, session = defaultSession }: IdentityDeps = {},
): Promise<ChildSelectResult> {
  const { user, parent } = session.getSnapshot();
  if (!user || !canSelectChild(user.userType)) return { kind: 'ignored' };
  const child = childToSelect(parent.children, parent.childId, chosenId);
  if (!child) return { kind: 'ignored' };
  await setCurrentChild(user.userId, child, client);
  rememberChild(user.userId, child.id);
  session.selectChild(child);
  return { kind: 'selected', child };
}

export const LICENCE_PATHS = {
  /** `{unitId}`: the unit's licence for the portal itself (the desktop). */
  portal: '/api/base/license/unit_oam',
  /** `{unitId, serverId}`: the unit's licence for one module. */
  module: '/api/base/license/unit',
} as const;

export interface LicenceCheckOptions {
  unitId: string;
  /** The module's server id; without one the portal licence (`unit_oam`) is checked. */
  serverId?: string | null;
  development: boolean;
  client?: Client;
}

/** The module licence check: `expired` only when the call says false; `unchecked` in development or when it fails. */
export async function checkModuleLicence({
  unitId,
  serverId,
  development,
  client = defaultClient,
}: LicenceCheckOptions): Promise<LicenceState> {
  if (development || !unitId) return 'unchecked';
  try {
    const envelope = serverId
      ? await client.get(LICENCE_PATHS.module, { unitId, serverId }, { silent: true })
      : await client.get(LICENCE_PATHS.portal, { unitId }, { silent: true });
    return readLicenceAnswer(envelope.data);
  } catch {
    // A failing call hides the dialog (spec §8): an outage must not lock everyone out.
    return 'unchecked';
  }
}
