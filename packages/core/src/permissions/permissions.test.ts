import { expect } from '@open-wc/testing';
import {
  buildCodeKeys,
  codeList,
  fromWireMenuTree,
  hasAnyCode,
  menuRoutes,
  normalizeRoute,
  withoutAreaPart,
  type MenuNode,
} from './menu.ts';
import {
  filterRoutes,
  loadsMenuTree,
  permittedRoutes,
  routeAccess,
  tmPageAppCode,
  type PermissionRoute,
} from './routes.ts';
import { createPermissionStore } from './store.ts';

const wireTree = [
  {
    code: 'base_org',
    name: '组织机构',
    resourceType: 1,
    aplicationCode: 'base',
    children: [
      { code: 'base_unit', name: '单位信息', resourceType: 2, menuRoute: '/base/unit', aplicationCode: 'base' },
      {
        code: 'base_teacher',
        name: '教职工管理',
        resourceType: 2,
        menuRoute: '/base/teacher/',
        aplicationCode: 'base',
      },
    ],
  },
  { code: 'base_area_report', name: '区域数据上报', resourceType: 2, menuRoute: '/base/areaReport' },
  { code: 'edu_area_area_stat', name: '统计', resourceType: 3, menuRoute: '/edu/button' },
];

describe('menu tree and codeKeys', () => {
  it('maps the wire tree (aplicationCode, children) and tolerates junk', () => {
    const tree = fromWireMenuTree(wireTree);
    expect(tree).to.have.length(3);
    expect(tree[0]!.applicationCode).to.equal('base');
    expect(tree[0]!.children.map((n) => n.code)).to.deep.equal(['base_unit', 'base_teacher']);
    expect(fromWireMenuTree(null)).to.deep.equal([]);
    expect(fromWireMenuTree('tree')).to.deep.equal([]);
    expect(fromWireMenuTree([1, null, 'x'])).to.deep.equal([]);
    expect(fromWireMenuTree({ code: 'root', name: 'Root', children: 'nope' })[0]!.children).to.deep.equal([]);
  });

  it('registers every code of the tree with its name, children included', () => {
    const keys = buildCodeKeys(fromWireMenuTree(wireTree));
    expect(keys['base_org']).to.equal('组织机构');
    expect(keys['base_teacher']).to.equal('教职工管理');
  });

  it("also registers a code with an 'area' middle part without it", () => {
    const keys = buildCodeKeys(fromWireMenuTree(wireTree));
    expect(keys['base_area_report']).to.equal('区域数据上报');
    expect(keys['base_report']).to.equal('区域数据上报');
    expect(keys['edu_stat']).to.equal('统计');
  });

  it('only middle parts count as the area part', () => {
    expect(withoutAreaPart('base_area_report')).to.equal('base_report');
    expect(withoutAreaPart('area_report')).to.equal(null);
    expect(withoutAreaPart('base_area')).to.equal(null);
    expect(withoutAreaPart('area')).to.equal(null);
    expect(withoutAreaPart('base_areaX_report')).to.equal(null);
    expect(withoutAreaPart('area_area_area')).to.equal('area_area');
  });

  it('a code the tree names itself keeps its own name over a derived one, in any order', () => {
    const keys = buildCodeKeys(
      fromWireMenuTree([
        { code: 'base_area_report', name: 'derived' },
        { code: 'base_report', name: 'own' },
      ]),
    );
    expect(keys['base_report']).to.equal('own');
  });

  it('an empty tree permits nothing; keys are safe for any code', () => {
    const keys = buildCodeKeys([]);
    expect(Object.keys(keys)).to.deep.equal([]);
    expect(hasAnyCode(keys, 'toString')).to.equal(false);
    expect(hasAnyCode(keys, '__proto__')).to.equal(false);
    expect(Object.isFrozen(keys)).to.equal(true);
  });

  it('hasAnyCode is true when any code is permitted, false for none or no codes', () => {
    const keys = buildCodeKeys(fromWireMenuTree(wireTree));
    expect(hasAnyCode(keys, 'base_unit')).to.equal(true);
    expect(hasAnyCode(keys, ['nope', 'base_report'])).to.equal(true);
    expect(hasAnyCode(keys, 'nope,base_unit')).to.equal(true);
    expect(hasAnyCode(keys, ['nope', 'other'])).to.equal(false);
    expect(hasAnyCode(keys, [])).to.equal(false);
    expect(hasAnyCode(keys, '')).to.equal(false);
    expect(hasAnyCode(keys, null)).to.equal(false);
    expect(codeList(' a , ,b ')).to.deep.equal(['a', 'b']);
  });

  it('the menu list is the routes of route nodes (resourceType 2), normalised', () => {
    expect(menuRoutes(fromWireMenuTree(wireTree))).to.deep.equal(['/base/unit', '/base/teacher', '/base/areaReport']);
    expect(menuRoutes([])).to.deep.equal([]);
    expect(normalizeRoute('base/unit/?x=1#y')).to.equal('/base/unit');
    expect(normalizeRoute('')).to.equal('/');
    expect(normalizeRoute('/')).to.equal('/');
  });
});

describe('route tables', () => {
  type Route = PermissionRoute & { component?: string };
  const table: Route[] = [
    { path: '/', name: 'home' },
    { path: '/unit', meta: { code: 'base_unit' } },
    { path: '/secret', meta: { code: 'base_secret' } },
    { path: '/either', meta: { code: ['nope', 'base_report'] } },
    {
      path: '/org',
      children: [
        { path: 'teacher', meta: { code: 'base_teacher' } },
        { path: 'class', meta: { code: 'base_class' } },
      ],
    },
    { path: '/admin', children: [{ path: 'role', meta: { code: 'base_role' } }] },
    { path: '/sys', meta: { code: 'base_sys' }, children: [{ path: 'role', meta: { code: 'base_role' } }] },
  ];
  const keys = buildCodeKeys(fromWireMenuTree(wireTree));
  const can = (codes: readonly string[]) => hasAnyCode(keys, codes);

  it('drops entries whose meta code is not permitted, keeps entries without one', () => {
    const kept = filterRoutes(table, can);
    expect(kept.map((r) => r.path)).to.deep.equal(['/', '/unit', '/either', '/org']);
    expect(kept[3]!.children!.map((r) => r.path)).to.deep.equal(['teacher']);
  });

  it('a pure container whose children all went is dropped; a permitted parent is not filtered by children', () => {
    const kept = filterRoutes(table, () => false);
    expect(kept.map((r) => r.path)).to.deep.equal(['/']);
    const sys = filterRoutes(table, (codes) => codes.includes('base_sys'));
    expect(sys.find((r) => r.path === '/sys')?.children).to.deep.equal([]);
    expect(table[4]!.children).to.have.length(2); // the input is not mutated
  });

  it('when nothing survives, only the catch-all not-found entry remains', () => {
    const notFound: Route = { path: '/:pathMatch(.*)*', component: 'not-found' };
    const guarded: Route[] = [{ path: '/unit', meta: { code: 'x' } }];
    expect(permittedRoutes(guarded, can, notFound)).to.deep.equal([notFound]);
    expect(permittedRoutes([], can, notFound)).to.deep.equal([notFound]);
    expect(permittedRoutes(table, can, notFound)).to.not.include(notFound);
  });
});

describe('not-found rules', () => {
  const list = ['/base/unit', '/base/teacher'];
  const tm = '/pages/base/pc_base_tm/index.html';
  const spm = '/pages/base/pc_base_spm/index.html';

  it('recognises /pc_{appCode}_tm pages in production and development', () => {
    expect(tmPageAppCode(tm)).to.equal('base');
    expect(tmPageAppCode('/pc_homework_tm.html')).to.equal('homework');
    expect(tmPageAppCode('/pc_my_app_tm/')).to.equal('my_app');
    expect(tmPageAppCode(spm)).to.equal(null);
    expect(tmPageAppCode('/pc_desktop_all.html')).to.equal(null);
    expect(tmPageAppCode('/pc_base_tmx.html')).to.equal(null);
  });

  it('tm pages are closed to user types 1 and 3, even on home', () => {
    for (const userType of [1, 3]) {
      expect(routeAccess({ pagePath: tm, route: '/', userType, menuRoutes: list })).to.equal('not-found');
      expect(routeAccess({ pagePath: tm, route: '/base/unit', userType, menuRoutes: list })).to.equal('not-found');
    }
  });

  it('other types are checked against the menu list there', () => {
    expect(routeAccess({ pagePath: tm, route: '/base/unit', userType: 2, menuRoutes: list })).to.equal('allowed');
    expect(routeAccess({ pagePath: tm, route: '/base/unit/?tab=1', userType: 4, menuRoutes: list })).to.equal(
      'allowed',
    );
    expect(routeAccess({ pagePath: tm, route: '/base/role', userType: 2, menuRoutes: list })).to.equal('not-found');
    // A student has no menu list: only the open routes.
    expect(routeAccess({ pagePath: tm, route: '/base/unit', userType: 5, menuRoutes: [] })).to.equal('not-found');
    expect(routeAccess({ pagePath: tm, route: '/hello', userType: 5, menuRoutes: [] })).to.equal('allowed');
  });

  it('home, hello and named entries are open; others not in the menu list are not found', () => {
    const base = { pagePath: '/pc_desktop_all.html', userType: 2, menuRoutes: list };
    expect(routeAccess({ ...base, route: '/' })).to.equal('allowed');
    expect(routeAccess({ ...base, route: '/home' })).to.equal('allowed');
    expect(routeAccess({ ...base, route: '/hello/' })).to.equal('allowed');
    expect(routeAccess({ ...base, route: '/x', routeName: 'home' })).to.equal('allowed');
    expect(routeAccess({ ...base, route: '/report/entry' })).to.equal('not-found');
    expect(routeAccess({ ...base, route: '/report/entry', openPaths: ['/report/entry'] })).to.equal('allowed');
    expect(routeAccess({ ...base, route: '/r/1', routeName: 'reportEntry', openNames: ['reportEntry'] })).to.equal(
      'allowed',
    );
  });

  it('users without a menu tree are not checked outside tm pages', () => {
    expect(routeAccess({ pagePath: spm, route: '/anything', userType: 3, menuRoutes: [] })).to.equal('allowed');
    expect(routeAccess({ pagePath: spm, route: '/anything', userType: 1, menuRoutes: [] })).to.equal('allowed');
    expect(loadsMenuTree(2)).to.equal(true);
    expect(loadsMenuTree(4)).to.equal(true);
    for (const type of [0, 1, 3, 5]) expect(loadsMenuTree(type)).to.equal(false);
  });
});

describe('permission store', () => {
  const tree = fromWireMenuTree(wireTree);

  it('loads the tree for user types 2 and 4 and answers can()', async () => {
    const calls: string[] = [];
    const store = createPermissionStore({
      loadTree: async (code) => {
        calls.push(code);
        return tree;
      },
    });
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().status));
    expect(store.can('base_unit')).to.equal(false); // nothing known before a load
    const snapshot = await store.load({ userType: 4 }, 'base');
    expect(calls).to.deep.equal(['base']);
    expect(seen).to.deep.equal(['loading', 'ready']);
    expect(snapshot.enforced).to.equal(true);
    expect(snapshot.menuRoutes).to.include('/base/unit');
    expect(store.can('base_unit')).to.equal(true);
    expect(store.can(['x', 'base_report'])).to.equal(true);
    expect(store.can('base_role')).to.equal(false);
    expect(store.can([])).to.equal(false);
    expect(store.routeAccess({ pagePath: '/pc_base_tm.html', route: '/base/teacher' })).to.equal('allowed');
    expect(store.routeAccess({ pagePath: '/pc_base_tm.html', route: '/base/role' })).to.equal('not-found');
  });

  it('does not call for other user types, and permits them nothing (deny by default)', async () => {
    let calls = 0;
    const store = createPermissionStore({
      loadTree: async () => {
        calls++;
        return tree;
      },
    });
    for (const userType of [1, 3, 5]) {
      const snapshot = await store.load({ userType }, 'base');
      expect(snapshot.enforced).to.equal(false);
      expect(snapshot.status).to.equal('ready');
      expect(store.can('anything')).to.equal(false);
      expect(store.can(['base_unit', 'base_sys'])).to.equal(false);
      expect(store.can([])).to.equal(false);
    }
    expect(calls).to.equal(0);
    // Type 5 on a tm page: checked against a menu list it does not have; home and hello stay open.
    expect(store.routeAccess({ pagePath: '/pc_base_tm.html', route: '/base/unit' })).to.equal('not-found');
    expect(store.routeAccess({ pagePath: '/pc_base_tm.html', route: '/hello' })).to.equal('allowed');
    await store.load({ userType: 3 }, 'base');
    expect(store.routeAccess({ pagePath: '/pc_base_tm.html', route: '/hello' })).to.equal('not-found');
    expect(store.routeAccess({ pagePath: '/pc_base_spm.html', route: '/base/unit' })).to.equal('allowed');
  });

  it('an empty tree permits nothing; a failed call fails closed', async () => {
    const empty = createPermissionStore({ loadTree: async () => [] });
    await empty.load({ userType: 2 }, 'base');
    expect(empty.getSnapshot().status).to.equal('ready');
    expect(empty.can('base_unit')).to.equal(false);
    const failing = createPermissionStore({ loadTree: () => Promise.reject(new Error('down')) });
    const snapshot = await failing.load({ userType: 2 }, 'base');
    expect(snapshot.status).to.equal('error');
    expect(failing.can('base_unit')).to.equal(false);
  });

  it('drops an answer overtaken by a later load or a reset', async () => {
    const pending: ((tree: MenuNode[]) => void)[] = [];
    const store = createPermissionStore({ loadTree: () => new Promise((resolve) => pending.push(resolve)) });
    const first = store.load({ userType: 2 }, 'base');
    const second = store.load({ userType: 2 }, 'edu');
    pending[1]!(fromWireMenuTree([{ code: 'edu_exam', name: 'Exams' }]));
    await second;
    pending[0]!(tree);
    await first;
    expect(store.getSnapshot().appCode).to.equal('edu');
    expect(store.can('edu_exam')).to.equal(true);
    expect(store.can('base_unit')).to.equal(false);
    const third = store.load({ userType: 2 }, 'base');
    store.reset();
    pending[2]!(tree);
    await third;
    expect(store.getSnapshot().status).to.equal('idle');
    expect(store.can('base_unit')).to.equal(false);
  });
});
