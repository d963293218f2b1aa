/** Session: the store, its state types and the wire mapping of the session user (spec part 1 §3). */
export { createSessionStore, session, type SessionStore, type ThemeChoice } from './store.ts';
export type {
  SessionSnapshot,
  SessionUser,
  WireSessionUser,
  Child,
  ParentContext,
  UnitFlags,
  CampusUnit,
  LoginStatus,
  LoginMessage,
} from './types.ts';
export {
  WIRE_NAMES,
  fromWireUser,
  toWireUser,
  fromWireChildren,
  parseCampusUnits,
  type WireUser,
  type WireChild,
  type WireSessionRecord,
} from './wire.ts';
