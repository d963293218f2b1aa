/**
 * The permission menu tree (spec part 1 §3 "Menu node", §6 "Menu permissions"): nodes of the apps on the user's
 * desktop, for the user's type, without the nodes that need a role the user lacks.
 */
import type { WireMenuNode } from '@edu-portal/core';
import type { Database } from 'better-sqlite3';
import { ADMIN_ROLE_PROJECT } from '../config.ts';
import { hasRole, type UserRecord } from '../auth/session-user.ts';
import type { JsonSchema } from '../http/envelope.ts';
import { desktopIcons, listsUserType } from './apps.ts';

interface NodeRow {
  id: number;
  parentId: number | null;
  aplicationCode: string;
  code: string;
  name: string;
  englishName: string;
  resourceType: number;
  menuRoute: string;
  userTypes: string;
  requiredRole: string | null;
}

/**
 * The tree of one app (`code` an app code on the user's desktop), or of every app on the desktop when `code` is
 * empty or `desktop`. Apps in desktop order, nodes in their own order. Anything else: an empty list.
 */
export function menuTree(db: Database, user: UserRecord, code: string): WireMenuNode[] {
  const apps = desktopIcons(db, user).map((icon) => icon.code);
  const wanted = code === '' || code === 'desktop' ? apps : apps.filter((app) => app === code);
  if (!wanted.length) return [];
  const rows = db
    .prepare(
      `SELECT id, parent_id AS parentId, aplication_code AS aplicationCode, code, name, en_name AS englishName,
              resource_type AS resourceType, menu_route AS menuRoute, user_types AS userTypes,
              required_role AS requiredRole
       FROM menu_nodes WHERE aplication_code IN (SELECT value FROM json_each(?)) ORDER BY sort, id`,
    )
    .all(JSON.stringify(wanted)) as NodeRow[];
  const roles = new Map<string, boolean>();
  const allowed = (row: NodeRow) => {
    if (!listsUserType(row.userTypes, user.type)) return false;
    if (row.requiredRole === null) return true;
    if (!roles.has(row.requiredRole)) {
      roles.set(row.requiredRole, hasRole(db, user.id, row.requiredRole, ADMIN_ROLE_PROJECT));
    }
    return roles.get(row.requiredRole)!;
  };
  const byParent = new Map<number | null, NodeRow[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  // A node left out takes its subtree with it.
  const build = (parentId: number | null): WireMenuNode[] =>
    (byParent.get(parentId) ?? []).filter(allowed).map((row) => ({
      code: row.code,
      name: row.name,
      englishName: row.englishName,
      resourceType: row.resourceType,
      menuRoute: row.menuRoute,
      aplicationCode: row.aplicationCode,
      children: build(row.id),
    }));
  const roots = build(null);
  const order = new Map(wanted.map((app, index) => [app, index]));
  return roots.sort((a, b) => order.get(a.aplicationCode)! - order.get(b.aplicationCode)!);
}

/** A node schema of fixed depth: the seed's trees are two levels deep; deeper levels are plain objects. */
const nodeProperties = (children: JsonSchema): Record<string, unknown> => ({
  code: { type: 'string' },
  name: { type: 'string' },
  englishName: { type: 'string' },
  resourceType: { type: 'integer', description: '2 a route (menuRoute), 1 a folder' },
  menuRoute: { type: 'string' },
  aplicationCode: { type: 'string', description: 'The app code (spelt as the spec)' },
  children,
});
const leafSchema: JsonSchema = { type: 'object', additionalProperties: true };
const levelSchema = (children: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: nodeProperties({ type: 'array', items: children }),
  required: ['code', 'name', 'resourceType', 'menuRoute', 'aplicationCode', 'children'],
});

export const menuNodeSchema: JsonSchema = levelSchema(levelSchema(levelSchema(leafSchema)));
