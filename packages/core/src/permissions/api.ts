/** The permission calls (spec part 1 §6, §7): the menu tree and the admin role check. */
import { ADMIN_ROLE_CODE, ADMIN_ROLE_PROJECT } from '../constants.ts';
import { client as defaultClient, type Client } from '../http/client.ts';
import { fromWireMenuTree, type MenuNode } from './menu.ts';

export const PERMISSION_PATHS = {
  menuTree: '/api/base/resource/user/code/tree',
  role: (userId: string, roleCode: string, projectCode: string) =>
    `/api/base/role/user/${encodeURIComponent(userId)}/${encodeURIComponent(roleCode)}/${encodeURIComponent(projectCode)}`,
} as const;

/** `GET /api/base/resource/user/code/tree {code}`: the user's menu tree of app `code` (only for user types 2 and 4). */
export async function getMenuTree(code: string, client: Client = defaultClient): Promise<MenuNode[]> {
  const envelope = await client.get(PERMISSION_PATHS.menuTree, { code });
  return fromWireMenuTree(envelope.data);
}

/** `GET /api/base/role/user/{userId}/{roleCode}/{projectCode}`: whether the user has the role. */
export async function hasRole(
  userId: string,
  roleCode: string,
  projectCode: string,
  client: Client = defaultClient,
): Promise<boolean> {
  const envelope = await client.get(PERMISSION_PATHS.role(userId, roleCode, projectCode));
  return envelope.data === true || envelope.data === 'true';
}

/** Admin status: the role XX_SYS_ on the base project. A failed check (already notified) counts as not admin. */
export async function isAdmin(userId: string, client: Client = defaultClient): Promise<boolean> {
  try {
    return await hasRole(userId, ADMIN_ROLE_CODE, ADMIN_ROLE_PROJECT, client);
  } catch {
    return false;
  }
}
