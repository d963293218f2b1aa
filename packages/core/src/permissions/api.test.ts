/** The permission calls against the running reference server (read-only: no seeded data changes). */
import { expect } from '@open-wc/testing';
import type { Client } from '../http/client.ts';
import { RequestError } from '../http/errors.ts';
import { loginAs, logoutServer } from '../test-support/server.ts';
import { useReferenceServer } from '../test-support/server-suite.ts';
import { getMenuTree, isAdmin } from './api.ts';
import { buildCodeKeys, menuRoutes } from './menu.ts';
import { filterRoutes } from './routes.ts';
import { createPermissionStore } from './store.ts';

describe('permission calls (reference server)', () => {
  let client: Client;
  useReferenceServer((parts) => (client = parts.client));

  it("loads a teacher's menu tree: codeKeys with the area rule and the menu list", async () => {
    await loginAs('teacher1');
    const tree = await getMenuTree('base', client);
    expect(tree.length).to.be.greaterThan(0);
    expect(tree.every((node) => node.applicationCode === 'base')).to.equal(true);
    const keys = buildCodeKeys(tree);
    expect(keys['base_unit']).to.be.a('string');
    expect(keys['base_area_report']).to.be.a('string');
    expect(keys['base_report']).to.equal(keys['base_area_report']);
    expect(Object.hasOwn(keys, 'base_role')).to.equal(false); // admin only
    expect(menuRoutes(tree)).to.include('/base/unit');
  });

  it('an app the user does not have gives an empty tree, which permits nothing', async () => {
    await loginAs('teacher1');
    const tree = await getMenuTree('no_such_app', client);
    expect(tree).to.deep.equal([]);
    expect(filterRoutes([{ path: '/x', meta: { code: 'base_unit' } }], () => false)).to.deep.equal([]);
  });

  it('the store filters by the tree: an admin sees the admin-only codes, a teacher does not', async () => {
    const store = createPermissionStore({ loadTree: (code) => getMenuTree(code, client) });
    await loginAs('teacher1');
    await store.load({ userType: 2 }, 'base');
    expect(store.can('base_unit')).to.equal(true);
    expect(store.can('base_report')).to.equal(true);
    expect(store.can('base_role')).to.equal(false);
    expect(store.routeAccess({ pagePath: '/pages/base/pc_base_tm/index.html', route: '/base/role' })).to.equal(
      'not-found',
    );
    await logoutServer();
    await loginAs('admin1');
    await store.load({ userType: 2 }, 'base');
    expect(store.can('base_role')).to.equal(true);
    expect(store.routeAccess({ pagePath: '/pages/base/pc_base_tm/index.html', route: '/base/role' })).to.equal(
      'allowed',
    );
  });

  it('a parent is refused the tree by the server, and the store never asks for it', async () => {
    await loginAs('parent1');
    let error: unknown;
    try {
      await getMenuTree('base', client);
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(RequestError);
    expect((error as RequestError).status).to.equal(403);
    let calls = 0;
    const store = createPermissionStore({
      loadTree: (code) => {
        calls++;
        return getMenuTree(code, client);
      },
    });
    const snapshot = await store.load({ userType: 3 }, 'base');
    expect([snapshot.status, snapshot.enforced, calls]).to.deep.equal(['ready', false, 0]);
  });

  it('the admin check: XX_SYS_ on base', async () => {
    const teacher = await loginAs('teacher1');
    expect(await isAdmin(String(teacher['userId']), client)).to.equal(false);
    await logoutServer();
    const admin = await loginAs('admin1');
    expect(await isAdmin(String(admin['userId']), client)).to.equal(true);
    // Asking about someone else is refused (403), which counts as not admin.
    expect(await isAdmin(String(teacher['userId']), client)).to.equal(false);
  });
});
