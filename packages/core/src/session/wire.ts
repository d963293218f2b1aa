/**
 * The edge between the spec's wire names and core's English names for the session user, the parent context and
 * the unit flags. The saved `localStorage.user` record keeps the wire names, so legacy pages can read it.
 */
import { isRecord } from '../platform/guards.ts';
import type { CampusUnit, Child, LoginMessage, ParentContext, SessionUser, UnitFlags } from './types.ts';

type Id = string | number;

/** The user as the server sends it (login data and `me` data, docs/decisions.md "Session"). */
export interface WireUser {
  userId?: Id;
  userType?: Id;
  realName?: string;
  loginName?: string;
  avatar?: string;
  unitId?: Id;
  unitType?: Id;
  unitName?: string;
  unitEnName?: string;
  unitImgPath?: string;
  userImgPath?: string;
  unitStatus?: Id | null;
  userStatus?: Id | null;
  unitShardingCode?: string;
  parentId?: Id;
  superman?: boolean | Id;
  accessToken?: string;
  sex?: Id;
  year?: Id;
  term?: Id;
  /** A JSON string holding a list. */
  campusUnits?: string;
}

export interface WireChild {
  id?: Id;
  realName?: string;
  gradeName?: string;
  className?: string;
  status?: Id;
}

/** The saved session record under `localStorage.user`: the wire user plus session state, all in wire names. */
export interface WireSessionRecord extends WireUser {
  prePath?: string;
  langType?: string;
  baselogined?: boolean;
  loginedMsg?: LoginMessage | null;
  chirdenId?: Id | null;
  chirdenName?: string | null;
  chirdenList?: WireChild[];
  currentChirden?: { id?: Id; realName?: string } | null;
  iszx?: boolean;
  unitHaveInstitute?: boolean;
}

/** Our English name → the wire name it maps to, for every name that differs. */
export const WIRE_NAMES = {
  childId: 'chirdenId',
  childName: 'chirdenName',
  children: 'chirdenList',
  currentChild: 'currentChirden',
  vocational: 'iszx',
  hasInstitute: 'unitHaveInstitute',
  serverCode: 'prePath',
  language: 'langType',
  layout: 'currentLayout',
  baseLoggedIn: 'baselogined',
  loginMessage: 'loginedMsg',
} as const;

function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

function num(value: unknown, fallback = 0): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

function statusValue(value: unknown): string | number | null {
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

function flag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** `campusUnits` is a JSON string holding a list; anything else (bad JSON, not a list) gives an empty list. */
export function parseCampusUnits(value: unknown): CampusUnit[] {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      return [];
    }
  }
  return Array.isArray(parsed) ? parsed.filter(isRecord) : [];
}

/** Maps a wire user; null when `raw` is not an object carrying a user id. */
export function fromWireUser(raw: unknown): SessionUser | null {
  if (!isRecord(raw)) return null;
  const userId = str(raw['userId']);
  if (!userId) return null;
  return {
    userId,
    userType: num(raw['userType']),
    realName: str(raw['realName']),
    loginName: str(raw['loginName']),
    avatar: str(raw['avatar']),
    unitId: str(raw['unitId']),
    unitType: num(raw['unitType'], 2),
    unitName: str(raw['unitName']),
    unitEnName: str(raw['unitEnName']),
    unitImgPath: str(raw['unitImgPath']),
    userImgPath: str(raw['userImgPath']),
    unitStatus: statusValue(raw['unitStatus']),
    userStatus: statusValue(raw['userStatus']),
    unitShardingCode: str(raw['unitShardingCode']),
    parentId: str(raw['parentId']),
    superman: flag(raw['superman']),
    accessToken: str(raw['accessToken']),
    sex: num(raw['sex']),
    year: str(raw['year']),
    term: str(raw['term']),
    campusUnits: parseCampusUnits(raw['campusUnits']),
  };
}

export function toWireUser(user: SessionUser): WireUser {
  return { ...user, superman: user.superman, campusUnits: JSON.stringify(user.campusUnits) };
}

export function fromWireChild(raw: unknown): Child | null {
  if (!isRecord(raw)) return null;
  const id = str(raw['id']);
  if (!id) return null;
  return { id, realName: str(raw['realName']), gradeName: str(raw['gradeName']), className: str(raw['className']) };
}

/**
 * The children a parent may view: only status 1 (spec part 1 §3). A child without a status field is kept, since
 * the child calls of part 1 §7 do not promise one.
 */
export function fromWireChildren(raw: unknown): Child[] {
  if (!Array.isArray(raw)) return [];
  const out: Child[] = [];
  for (const item of raw) {
    if (isRecord(item) && item['status'] !== undefined && num(item['status'], -1) !== 1) continue;
    const child = fromWireChild(item);
    if (child) out.push(child);
  }
  return out;
}

export function fromWireParentContext(record: Record<string, unknown>): ParentContext {
  const current = record['currentChirden'];
  const currentId = isRecord(current) ? str(current['id']) : '';
  return {
    childId: str(record['chirdenId']) || null,
    childName: str(record['chirdenName']) || null,
    children: fromWireChildren(record['chirdenList']),
    currentChild: isRecord(current) && currentId ? { id: currentId, realName: str(current['realName']) } : null,
  };
}

export function toWireParentContext(
  parent: ParentContext,
): Pick<WireSessionRecord, 'chirdenId' | 'chirdenName' | 'chirdenList' | 'currentChirden'> {
  return {
    chirdenId: parent.childId,
    chirdenName: parent.childName,
    // Saved children all had status 1 when they were stored.
    chirdenList: parent.children.map((child) => ({ ...child, status: 1 })),
    currentChirden: parent.currentChild,
  };
}

export function fromWireUnitFlags(record: Record<string, unknown>): UnitFlags {
  return { vocational: flag(record['iszx']), hasInstitute: flag(record['unitHaveInstitute']) };
}

export function toWireUnitFlags(unit: UnitFlags): Pick<WireSessionRecord, 'iszx' | 'unitHaveInstitute'> {
  return { iszx: unit.vocational, unitHaveInstitute: unit.hasInstitute };
}
