/**
 * Portal calls of spec part 1 §7 "Licence, identity, menu, misc" against a real server: module list and licences
 * per unit (expired → false, also by the server clock), identity-switch options and the switch itself, the
 * parent's children and chosen child, and the menu tree for user types 2 and 4 only.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client, login, type Json, AREA, PARENT1, PARENT2, SCHOOL, STAFF4, TEACHER1, useServer } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

const server = useServer({}, { resetBeforeEach: false });

const data = async (client: Client, path: string) => {
  const { response, body } = await client.call('GET', path);
  assert.equal(response.status, 200, path);
  assert.equal(body.status, 200, `${path}: ${JSON.stringify(body)}`);
  return body.data as Json;
};
const status = async (client: Client, method: string, path: string, json?: unknown) =>
  (await client.call(method, path, json === undefined ? {} : { json })).body.status as number;
const setClockOffset = async (clockOffsetMs: number) => {
  const { body } = await new Client(server.url).call('POST', '/api/__test/config', { json: { clockOffsetMs } });
  assert.equal(body.status, 200);
};

describe('portal calls need a session', () => {
  it('answers status 401 to every call without one', async () => {
    const anonymous = new Client(server.url);
    for (const [method, path] of [
      ['GET', '/api/base/resource/inside/module'],
      ['GET', `/api/base/license/unit_oam?unitId=${SCHOOL}`],
      ['GET', `/api/base/license/unit?unitId=${SCHOOL}&serverId=base`],
      ['GET', `/api/base/select/already/parent/teacher?parentId=${PARENT2}&teacherId=${TEACHER1}`],
      ['POST', `/api/base/student/set/parentChildren?parentId=${PARENT1}`],
      ['GET', `/api/base/student/find_all_student_by_parent_id?parentId=${PARENT1}`],
      ['GET', `/api/base/student/find_stu_by_parent_id?parentId=${PARENT1}`],
      ['GET', '/api/base/resource/user/code/tree?code=base'],
    ] as const) {
      const { response, body } = await anonymous.call(method, path, method === 'POST' ? { json: { id: '20002' } } : {});
      assert.equal(response.status, 200, path);
      assert.equal(body.status, 401, path);
    }
  });
});

describe('modules and licences', () => {
  it("lists the unit's licensed modules, expired first, then expiring, then in use", async () => {
    const modules = (await data(await login(server, 'teacher1'), '/api/base/resource/inside/module')) as Json[];
    assert.deepEqual(
      modules.map((m) => `${m.code}:${m.status}`),
      ['survey:3', 'asset:3', 'homework:2', 'attendance:2', 'exam:1', 'edu:1', 'notice:1', 'base:1'],
    );
    assert.equal(modules[0].name, '问卷调查');
    assert.equal(modules[0].englishName, 'Surveys');
    assert.ok(modules.every((m) => typeof m.endTime === 'number'));
    const area = (await data(await login(server, 'area1'), '/api/base/resource/inside/module')) as Json[];
    assert.deepEqual(area.map((m) => m.code).sort(), ['areaBase', 'areaReport', 'survey']);
  });

  it('answers each module licence per unit: expired or not the unit’s → false', async () => {
    const teacher = await login(server, 'teacher1');
    const area = await login(server, 'area1');
    const licence = (client: Client, unitId: number, query: string) =>
      data(client, `/api/base/license/unit?unitId=${unitId}&${query}`);
    assert.equal(await licence(teacher, SCHOOL, 'serverId=base'), true);
    assert.equal(await licence(teacher, SCHOOL, 'serverId=exam'), true);
    assert.equal(await licence(teacher, SCHOOL, 'serverId=base&code=asset'), false, 'expired 10 days ago');
    assert.equal(await licence(teacher, SCHOOL, 'serverId=survey'), false, 'expired');
    assert.equal(await licence(teacher, SCHOOL, 'serverId=base&code=timetable'), true, 'no licence needed');
    assert.equal(await licence(teacher, SCHOOL, 'serverId=areaReport'), false, "not the school's");
    assert.equal(await licence(teacher, SCHOOL, 'serverId=unknown'), false);
    assert.equal(await licence(area, AREA, 'serverId=areaReport'), true, 'the same module, licensed to the area');
    assert.equal(await licence(area, AREA, 'serverId=exam'), false);
    assert.equal(await licence(area, AREA, 'serverId=survey'), false, "the area's survey licence expired too");

    assert.equal(await status(teacher, 'GET', `/api/base/license/unit?unitId=${AREA}&serverId=areaReport`), 403);
    assert.equal(await status(area, 'GET', `/api/base/license/unit?unitId=${SCHOOL}&serverId=exam`), 403);
    assert.equal(await status(teacher, 'GET', '/api/base/license/unit?serverId=exam'), 400);
    assert.equal(await status(teacher, 'GET', `/api/base/license/unit?unitId=${SCHOOL}&serverId=../x`), 400);
  });

  it('answers the unit platform licence for the own unit only', async () => {
    const teacher = await login(server, 'teacher1');
    const area = await login(server, 'area1');
    assert.equal(await data(teacher, `/api/base/license/unit_oam?unitId=${SCHOOL}`), true);
    assert.equal(await data(area, `/api/base/license/unit_oam?unitId=${AREA}`), true);
    assert.equal(await status(teacher, 'GET', `/api/base/license/unit_oam?unitId=${AREA}`), 403);
    assert.equal(await status(teacher, 'GET', '/api/base/license/unit_oam'), 400);
  });

  it('follows the server clock: licences expire as time passes', async () => {
    // Access tokens live 30 minutes, so each jump of the clock needs a new login.
    try {
      await setClockOffset(130 * DAY);
      let teacher = await login(server, 'teacher1');
      assert.equal(await data(teacher, `/api/base/license/unit?unitId=${SCHOOL}&serverId=exam`), false);
      assert.equal(await data(teacher, `/api/base/license/unit?unitId=${SCHOOL}&serverId=base`), true);
      const modules = (await data(teacher, '/api/base/resource/inside/module')) as Json[];
      assert.equal(modules.find((m) => m.code === 'exam')?.status, 3);
      assert.equal(modules.find((m) => m.code === 'base')?.status, 1);
      assert.equal(await data(teacher, `/api/base/license/unit_oam?unitId=${SCHOOL}`), true);
      await setClockOffset(350 * DAY);
      teacher = await login(server, 'teacher1');
      assert.equal((await data(teacher, '/api/base/resource/inside/module')).at(-1).status, 2, 'base expiring');
      // Every licence of both units has ended after 401 days.
      await setClockOffset(401 * DAY);
      teacher = await login(server, 'teacher1');
      assert.equal(await data(teacher, `/api/base/license/unit_oam?unitId=${SCHOOL}`), false);
      assert.equal(await data(await login(server, 'area1'), `/api/base/license/unit_oam?unitId=${AREA}`), false);
    } finally {
      await setClockOffset(0);
    }
  });
});

describe('identity switch', () => {
  it("answers the person's teacher and parent identities", async () => {
    const teacher1 = await login(server, 'teacher1');
    const pair = {
      parentId: String(PARENT2),
      parentName: '李明华',
      teacherId: String(TEACHER1),
      teacherName: '李明华',
    };
    assert.deepEqual(
      await data(teacher1, `/api/base/select/already/parent/teacher?parentId=${PARENT2}&teacherId=${TEACHER1}`),
      pair,
    );
    assert.deepEqual(await data(teacher1, '/api/base/select/already/parent/teacher'), pair);
    assert.deepEqual(await data(await login(server, 'parent2'), '/api/base/select/already/parent/teacher'), pair);
    assert.deepEqual(
      await data(await login(server, 'parent1'), `/api/base/select/already/parent/teacher?parentId=${PARENT1}`),
      { parentId: String(PARENT1), parentName: '王丽', teacherId: '', teacherName: '' },
      'a parent without a teacher identity',
    );
    assert.deepEqual(
      await data(await login(server, 'staff4'), `/api/base/select/already/parent/teacher?teacherId=${STAFF4}`),
      { parentId: '', parentName: '', teacherId: String(STAFF4), teacherName: '赵敏' },
    );
    assert.deepEqual(await data(await login(server, 'area1'), '/api/base/select/already/parent/teacher'), {
      parentId: '',
      parentName: '',
      teacherId: '',
      teacherName: '',
    });
  });

  it('refuses ids that are not the person’s own', async () => {
    const teacher1 = await login(server, 'teacher1');
    assert.equal(
      await status(
        teacher1,
        'GET',
        `/api/base/select/already/parent/teacher?parentId=${PARENT1}&teacherId=${TEACHER1}`,
      ),
      403,
    );
    assert.equal(await status(teacher1, 'GET', `/api/base/select/already/parent/teacher?teacherId=${STAFF4}`), 403);
    const parent1 = await login(server, 'parent1');
    assert.equal(await status(parent1, 'GET', `/api/base/select/already/parent/teacher?parentId=${PARENT2}`), 403);
  });

  it('switches to the paired identity the options name, and back', async () => {
    const client = await login(server, 'teacher1');
    const options = await data(client, '/api/base/select/already/parent/teacher');
    const parent = await data(client, `/api/uaa/switch/login?userId=${options.parentId}`);
    assert.equal(parent.userId, String(PARENT2));
    assert.equal(parent.userType, 3);
    assert.equal(parent.loginName, 'parent2');
    assert.equal((await data(client, '/api/uaa/oauth/me')).userId, String(PARENT2), 'the session is the parent now');
    assert.deepEqual(await data(client, '/api/base/select/already/parent/teacher'), options, 'same options');
    const children = (await data(
      client,
      `/api/base/student/find_all_student_by_parent_id?parentId=${PARENT2}`,
    )) as Json[];
    assert.deepEqual(
      children.map((c) => c.realName),
      ['李子涵'],
    );
    const teacher = await data(client, `/api/uaa/switch/login?userId=${options.teacherId}`);
    assert.equal(teacher.userId, String(TEACHER1));
    assert.equal(teacher.userType, 2);
    assert.equal(await status(client, 'GET', `/api/uaa/switch/login?userId=${PARENT1}`), 403);
  });
});

describe('children', () => {
  it("lists a parent's children with their status, and the chosen child", async () => {
    const parent1 = await login(server, 'parent1');
    const children = (await data(
      parent1,
      `/api/base/student/find_all_student_by_parent_id?parentId=${PARENT1}`,
    )) as Json[];
    assert.deepEqual(
      children.map((c) => [c.id, c.realName, c.status]),
      [
        ['20001', '王小明', 1],
        ['20002', '王小红', 1],
        ['20003', '王小刚', 0],
      ],
    );
    assert.deepEqual(Object.keys(children[0]).sort(), ['className', 'gradeName', 'id', 'realName', 'sex', 'status']);
    const chosen = await data(parent1, `/api/base/student/find_stu_by_parent_id?parentId=${PARENT1}`);
    assert.equal(chosen.id, '20001');
    assert.equal(chosen.gradeName, '七年级');
  });

  it('persists the chosen child per parent (JSON posts; a form is refused)', async () => {
    const parent1 = await login(server, 'parent1');
    const set = await parent1.call('POST', `/api/base/student/set/parentChildren?parentId=${PARENT1}`, {
      json: { id: '20002', realName: '王小红', gradeName: '九年级', className: '九年级(2)班' },
    });
    assert.equal(set.body.status, 200);
    assert.equal(set.body.data.id, '20002');
    const again = await login(server, 'parent1');
    assert.equal((await data(again, `/api/base/student/find_stu_by_parent_id?parentId=${PARENT1}`)).id, '20002');
    const parent2 = await login(server, 'parent2');
    assert.equal(
      (await data(parent2, `/api/base/student/find_stu_by_parent_id?parentId=${PARENT2}`)).id,
      '20004',
      "another parent's choice is untouched",
    );
    const form = await parent1.call('POST', `/api/base/student/set/parentChildren?parentId=${PARENT1}`, {
      form: { id: '20001', realName: '王小明' },
    });
    assert.equal(form.response.status, 415);
    const json = await parent1.call('POST', `/api/base/student/set/parentChildren?parentId=${PARENT1}`, {
      json: { id: '20001', realName: '王小明' },
    });
    assert.equal(json.body.status, 200);
    assert.equal((await data(again, `/api/base/student/find_stu_by_parent_id?parentId=${PARENT1}`)).id, '20001');
  });

  it("refuses another parent's children and children no longer at school", async () => {
    const parent1 = await login(server, 'parent1');
    const post = (parentId: number, id: string) =>
      status(parent1, 'POST', `/api/base/student/set/parentChildren?parentId=${parentId}`, { id });
    assert.equal(await post(PARENT1, '20004'), 403, "parent2's child");
    assert.equal(await post(PARENT1, '99999'), 403, 'no such child');
    assert.equal(await post(PARENT2, '20004'), 403, "acting for parent2's identity");
    assert.equal(await post(PARENT1, '20003'), 400, 'graduated');
    assert.equal(await status(parent1, 'POST', `/api/base/student/set/parentChildren?parentId=${PARENT1}`, {}), 400);
    assert.equal(await status(parent1, 'POST', `/api/base/student/set/parentChildren`, { id: '20001' }), 400);
    assert.equal((await data(parent1, `/api/base/student/find_stu_by_parent_id?parentId=${PARENT1}`)).id, '20001');
    for (const path of ['find_all_student_by_parent_id', 'find_stu_by_parent_id']) {
      assert.equal(await status(parent1, 'GET', `/api/base/student/${path}?parentId=${PARENT2}`), 403, path);
      assert.equal(
        await status(await login(server, 'admin1'), 'GET', `/api/base/student/${path}?parentId=${PARENT1}`),
        403,
      );
    }
  });

  it("lets a teacher read his own parent identity's children", async () => {
    const teacher1 = await login(server, 'teacher1');
    const children = (await data(
      teacher1,
      `/api/base/student/find_all_student_by_parent_id?parentId=${PARENT2}`,
    )) as Json[];
    assert.deepEqual(
      children.map((c) => c.id),
      ['20004'],
    );
    assert.equal(
      await status(teacher1, 'GET', `/api/base/student/find_all_student_by_parent_id?parentId=${PARENT1}`),
      403,
    );
  });
});

describe('menu tree', () => {
  const codes = (nodes: Json[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children)]);

  it("answers an app's tree for a teacher, without the admin-only nodes", async () => {
    const teacher = await login(server, 'teacher1');
    const tree = (await data(teacher, '/api/base/resource/user/code/tree?code=base')) as Json[];
    assert.deepEqual(
      tree.map((n) => n.code),
      ['base_org', 'base_area_report'],
    );
    const org = tree[0];
    assert.equal(org.resourceType, 1);
    assert.equal(org.aplicationCode, 'base');
    assert.deepEqual(
      org.children.map((n: Json) => [n.code, n.resourceType, n.menuRoute]),
      [
        ['base_unit', 2, '/base/unit'],
        ['base_teacher', 2, '/base/teacher'],
        ['base_student', 2, '/base/student'],
        ['base_class', 2, '/base/class'],
      ],
    );
    assert.deepEqual(Object.keys(org).sort(), [
      'aplicationCode',
      'children',
      'code',
      'englishName',
      'menuRoute',
      'name',
      'resourceType',
    ]);
    assert.deepEqual(codes((await data(teacher, '/api/base/resource/user/code/tree?code=homework')) as Json[]), [
      'homework_publish',
      'homework_review',
      'homework_stat',
    ]);
    assert.deepEqual(await data(teacher, '/api/base/resource/user/code/tree?code=areaBase'), [], 'not his app');
    assert.deepEqual(await data(teacher, '/api/base/resource/user/code/tree?code=nothing'), []);
    const all = codes((await data(teacher, '/api/base/resource/user/code/tree')) as Json[]);
    assert.ok(all.includes('edu_course') && all.includes('homework_stat') && all.includes('base_unit'));
    assert.deepEqual(codes((await data(teacher, '/api/base/resource/user/code/tree?code=desktop')) as Json[]), all);
  });

  it('gives the admin the system settings too, and type 4 the same tree as a teacher', async () => {
    const admin = codes(
      (await data(await login(server, 'admin1'), '/api/base/resource/user/code/tree?code=base')) as Json[],
    );
    assert.ok(admin.includes('base_sys') && admin.includes('base_role') && admin.includes('base_license'));
    const staff = codes(
      (await data(await login(server, 'staff4'), '/api/base/resource/user/code/tree?code=base')) as Json[],
    );
    assert.ok(staff.includes('base_unit') && !staff.includes('base_sys'));
  });

  it('runs an operation only with its menu code: deny by default for every type but 2 and 4', async () => {
    const op = (client: Client, appCode: string, code: string) =>
      client.call('POST', '/api/base/resource/user/operation', { json: { appCode, code } });
    const teacher = await login(server, 'teacher1');
    assert.equal((await op(teacher, 'homework', 'homework_publish')).body.data, true);
    assert.equal((await op(teacher, 'base', 'base_report')).body.data, true, 'area middle part dropped');
    assert.equal((await op(teacher, 'base', 'base_sys')).body.status, 403, 'admin only');
    assert.equal((await op(teacher, 'homework', 'base_unit')).body.status, 403, 'another app’s code');
    assert.equal((await op(await login(server, 'admin1'), 'base', 'base_sys')).body.data, true);
    for (const name of ['parent1', 'area1', 'student1']) {
      const client = await login(server, name);
      for (const [appCode, code] of [
        ['homework', 'homework_publish'],
        ['homework', 'homework_review'],
        ['base', 'base_sys'],
        ['edu', 'edu_area_stat'],
      ]) {
        const { body } = await op(client, appCode!, code!);
        assert.equal(body.status, 403, `${name} ${code}`);
        assert.equal(body.code, 'forbidden');
        assert.equal(body.message, '您没有此操作的权限|||You do not have permission for this operation');
      }
    }
    assert.equal((await op(new Client(server.url), 'homework', 'homework_publish')).body.status, 401);
  });

  it('refuses user types other than 2 and 4, and another userId', async () => {
    for (const name of ['parent1', 'area1', 'student1']) {
      const client = await login(server, name);
      const { body } = await client.call('GET', '/api/base/resource/user/code/tree?code=base');
      assert.equal(body.status, 403, name);
      assert.equal(body.code, 'forbidden');
    }
    const teacher = await login(server, 'teacher1');
    assert.equal(await status(teacher, 'GET', `/api/base/resource/user/code/tree?code=base&userId=${STAFF4}`), 403);
  });
});
