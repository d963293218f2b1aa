/**
 * Desktop calls of spec part 1 §7 "Desktop, theme, messages" against a real server: theme per user and synced by
 * an admin, message and to-do counts, reading messages per user, pop-up pages, icons and their order, unread counts,
 * app visits and recent apps, and the named themes' stylesheets.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client, login, type Json, ADMIN1, AREA, AREA1, PARENT1, SCHOOL, TEACHER1, useServer } from './helpers.ts';

const color = async (client: Client) => {
  const { body } = await client.call('GET', '/api/base/my_desktop/color?_t=1');
  assert.equal(body.status, 200);
  assert.equal(typeof body.data, 'string');
  return JSON.parse(body.data as string) as { theme: string; lang: string; layout: string };
};

const groupsOf = async (client: Client, query = '') => {
  const { body } = await client.call('GET', `/api/base/desktop/my_app_icon?${query || 'appType=1'}`);
  assert.equal(body.status, 200, JSON.stringify(body));
  return body.data as { code: string; name: string; englishName: string; iconVMs: Json[] }[];
};
const codesOf = async (client: Client) => (await groupsOf(client)).flatMap((group) => group.iconVMs.map((i) => i.code));

describe('desktop calls need a session', () => {
  const server = useServer({}, { resetBeforeEach: false });

  it('answers HTTP 200 with status 401 to every call without one', async () => {
    const anonymous = new Client(server.url);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/base/my_desktop/color'],
      ['POST', '/api/base/desktop/settheme', { type: 'color', theme: '{"theme":"ink","lang":"en"}' }],
      ['GET', '/api/base/desktop/unhandlecount'],
      ['GET', '/api/base/desktop/message_select_not_read'],
      ['POST', '/api/base/desktop/message_update_status_by_me', {}],
      ['POST', '/api/base/desktop/message_update_statusby_id', { desktopMessageId: '1' }],
      ['GET', '/api/base/desktop/popUpBox_select?start=1&size=3'],
      ['POST', '/api/base/desktop/popUpBox_handle', { id: '1' }],
      ['GET', '/api/base/desktop/getMessageConfig'],
      ['GET', `/api/base/desktop/my_app_icon?userId=${TEACHER1}&unitId=${SCHOOL}&appType=1`],
      ['POST', '/api/base/desktop/save_icon_sort', { codes: ['exam'] }],
      ['GET', '/api/base/desktop/unReadCodeCount'],
      ['POST', '/api/base/user_access_detail', { resId: 'exam' }],
      ['GET', '/api/base/desktop/recent_apps'],
    ];
    for (const [method, path, json] of calls) {
      const { response, body } = await anonymous.call(method, path, json === undefined ? {} : { json });
      assert.equal(response.status, 200, path);
      assert.equal(body.status, 401, path);
      assert.equal(body.code, 'invalid_token', path);
    }
  });

  it('lists every desktop call in the OpenAPI document', async () => {
    const document = (await (await new Client(server.url).raw('GET', '/api/docs/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [path, method] of [
      ['/api/base/my_desktop/color', 'get'],
      ['/api/base/desktop/settheme', 'post'],
      ['/api/base/desktop/popUpBox_handle', 'post'],
      ['/api/base/desktop/save_icon_sort', 'post'],
      ['/api/base/desktop/recent_apps', 'get'],
      ['/common/plugins/common-ph/{version}/css/{file}', 'get'],
    ] as const) {
      assert.ok(document.paths[path]?.[method], `${method} ${path}`);
    }
  });
});

describe('theme', () => {
  const server = useServer({}, { resetBeforeEach: false });

  it("answers the unit's defaults, or the user's own saved setting", async () => {
    assert.deepEqual(await color(await login(server, 'teacher1')), { theme: '#457CD6', lang: 'zh-CN', layout: 'top' });
    assert.deepEqual(await color(await login(server, 'parent1')), { theme: 'lotus', lang: 'zh-CN', layout: 'top' });
    // The area's style layout is left.
    assert.deepEqual(await color(await login(server, 'area1')), { theme: '#457CD6', lang: 'zh-CN', layout: 'left' });
  });

  it('saves a theme for the user only (JSON posts; a form post is refused)', async () => {
    const teacher = await login(server, 'teacher1');
    const staff = await login(server, 'staff4');
    const saved = await teacher.call('POST', '/api/base/desktop/settheme', {
      json: { type: 'color', theme: JSON.stringify({ theme: 'ink', lang: 'en' }) },
    });
    assert.equal(saved.body.status, 200);
    assert.equal(saved.body.data, 'success');
    assert.deepEqual(await color(teacher), { theme: 'ink', lang: 'en', layout: 'top' });
    assert.deepEqual(await color(await login(server, 'teacher1')), { theme: 'ink', lang: 'en', layout: 'top' });
    assert.equal((await color(staff)).theme, '#457CD6', 'another user keeps hers');

    const form = await staff.call('POST', '/api/base/desktop/settheme', {
      form: { type: 'color', theme: '{"theme":"#ffffff","lang":"en","layout":"top"}' },
    });
    assert.equal(form.response.status, 415, 'a plain HTML form (cross-site without a preflight) cannot save a theme');
    const json = await staff.call('POST', '/api/base/desktop/settheme', {
      json: { type: 'color', theme: '{"theme":"#4DB021","lang":"zh-HK","layout":"left"}' },
    });
    assert.equal(json.body.data, 'success');
    assert.deepEqual(await color(staff), { theme: '#4DB021', lang: 'zh-HK', layout: 'left' });
    const object = await staff.call('POST', '/api/base/desktop/settheme', {
      json: { type: 'color', theme: { theme: 'cartoon', lang: 'en' } },
    });
    assert.equal(object.body.data, 'success');
    assert.equal((await color(staff)).theme, 'cartoon');
  });

  it('refuses a malformed theme with field errors in the request language', async () => {
    const teacher = await login(server, 'teacher1');
    const before = await color(teacher);
    for (const theme of ['{"theme":"purple"}', '{"theme":"#12345"}', '{"theme":"ink","lang":"fr"}', '{bad', '[]']) {
      const { body } = await teacher.call('POST', '/api/base/desktop/settheme', {
        json: { type: 'color', theme },
        headers: { 'Sy-Language': 'en' },
      });
      assert.equal(body.status, 400, theme);
      assert.equal(body.code, 'invalid_request');
      assert.match(body.message, /\|\|\|/);
      assert.ok(body.fieldErrors.length >= 1);
      assert.doesNotMatch(body.fieldErrors[0].message, /[\u4e00-\u9fff]/, 'English field error');
    }
    const noType = await teacher.call('POST', '/api/base/desktop/settheme', { json: { theme: '{"theme":"ink"}' } });
    assert.equal(noType.body.status, 400);
    const wrongType = await teacher.call('POST', '/api/base/desktop/settheme', {
      json: { type: 'other', theme: '{"theme":"ink"}' },
    });
    assert.equal(wrongType.body.status, 400);
    assert.deepEqual(await color(teacher), before, 'nothing saved');
  });

  it('refuses default_color to a non-admin with 403 and changes nothing', async () => {
    const teacher = await login(server, 'teacher1');
    const parent = await login(server, 'parent1');
    const before = await color(parent);
    const { response, body } = await teacher.call('POST', '/api/base/desktop/settheme', {
      json: { type: 'default_color', theme: '{"theme":"#e31d1a","lang":"zh-CN"}' },
    });
    assert.equal(response.status, 200);
    assert.equal(body.status, 403);
    assert.equal(body.code, 'forbidden');
    assert.deepEqual(await color(parent), before);
  });

  it('lets an admin sync the theme to every user of the unit, overriding their own; they may choose again', async () => {
    const admin = await login(server, 'admin1');
    const teacher = await login(server, 'teacher1');
    const parent = await login(server, 'parent1');
    const area = await login(server, 'area1');
    await teacher.call('POST', '/api/base/desktop/settheme', { json: { type: 'color', theme: '{"theme":"ink"}' } });
    assert.equal((await color(teacher)).theme, 'ink');

    const synced = await admin.call('POST', '/api/base/desktop/settheme', {
      json: { type: 'default_color', theme: '{"theme":"#e31d1a","lang":"zh-CN","layout":"top"}' },
    });
    assert.equal(synced.body.status, 200);
    assert.equal(synced.body.data, 'success');
    const expected = { theme: '#e31d1a', lang: 'zh-CN', layout: 'top' };
    assert.deepEqual(await color(teacher), expected, 'reaches a teacher who had his own');
    assert.deepEqual(await color(parent), expected, 'reaches a parent who had her own');
    assert.deepEqual(await color(admin), expected);
    assert.deepEqual(await color(await login(server, 'student1')), expected, 'reaches a user without one');
    assert.equal((await color(area)).theme, '#457CD6', 'another unit is untouched');

    await parent.call('POST', '/api/base/desktop/settheme', { json: { type: 'color', theme: '{"theme":"lotus"}' } });
    assert.equal((await color(parent)).theme, 'lotus', 'a later own choice wins again');
    assert.deepEqual(await color(teacher), expected);
  });

  it("a sync sets the unit's theme only: every user keeps their own language", async () => {
    const admin = await login(server, 'admin1');
    const teacher = await login(server, 'teacher1');
    const staff = await login(server, 'staff4');
    await teacher.call('POST', '/api/base/desktop/settheme', {
      json: { type: 'color', theme: '{"theme":"ink","lang":"en","layout":"left"}' },
    });
    await admin.call('POST', '/api/base/desktop/settheme', {
      json: { type: 'color', theme: '{"theme":"#4DB021","lang":"zh-HK","layout":"top"}' },
    });
    const synced = await admin.call('POST', '/api/base/desktop/settheme', {
      json: { type: 'default_color', theme: '{"theme":"#4DB021","lang":"zh-HK","layout":"top"}' },
    });
    assert.equal(synced.body.data, 'success');
    assert.deepEqual(await color(teacher), { theme: '#4DB021', lang: 'en', layout: 'top' }, 'his own language');
    assert.deepEqual(await color(admin), { theme: '#4DB021', lang: 'zh-HK', layout: 'top' });
    // staff4 chose English in an earlier test: she keeps it too.
    assert.deepEqual(await color(staff), { theme: '#4DB021', lang: 'en', layout: 'top' });
    // Without an own setting: the login configuration's default language, not the admin's.
    assert.deepEqual(await color(await login(server, 'student1')), { theme: '#4DB021', lang: 'zh-CN', layout: 'top' });
  });
});

describe('messages and to-dos', () => {
  const server = useServer({}, { resetBeforeEach: false });

  const counts = async (client: Client) => (await client.call('GET', '/api/base/desktop/unhandlecount')).body.data;
  const unread = async (client: Client) =>
    (await client.call('GET', '/api/base/desktop/message_select_not_read?_t=2')).body.data as Json[];

  it('counts unread messages and open to-dos per user', async () => {
    assert.deepEqual(await counts(await login(server, 'teacher1')), { todo: 8, message: 6 });
    assert.deepEqual(await counts(await login(server, 'admin1')), { todo: 3, message: 6 });
    assert.deepEqual(await counts(await login(server, 'parent1')), { todo: 2, message: 3 });
    assert.deepEqual(await counts(await login(server, 'student1')), { todo: 0, message: 1 });
  });

  it('lists unread messages newest first with the fields of spec §3; openWay 1 carries the expiring modules', async () => {
    const list = await unread(await login(server, 'teacher1'));
    assert.equal(list.length, 6);
    const dates = list.map((m) => m.messageDate as number);
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => b - a),
    );
    for (const message of list) {
      assert.deepEqual(Object.keys(message).sort(), [
        'content',
        'id',
        'importance',
        'messageDate',
        'messageMeno',
        'module',
        'openWay',
        'url',
      ]);
      assert.ok(message.importance >= 1 && message.importance <= 5);
    }
    const expiry = list.find((m) => m.openWay === 1);
    assert.ok(expiry);
    const modules = JSON.parse(expiry.content) as { code: string; endTime: number }[];
    assert.deepEqual(modules.map((m) => m.code).sort(), ['asset', 'attendance', 'homework', 'survey']);
    assert.ok(modules.every((m) => typeof m.endTime === 'number'));
    assert.ok(list.filter((m) => m.openWay !== 1).every((m) => m.content === ''));
  });

  it('marks one message read for its owner only', async () => {
    const teacher = await login(server, 'teacher1');
    const admin = await login(server, 'admin1');
    const [first, second] = await unread(teacher);
    const read = await teacher.call('POST', '/api/base/desktop/message_update_statusby_id', {
      json: { desktopMessageId: first.id },
    });
    assert.equal(read.body.status, 200);
    assert.equal(read.body.data, true);
    assert.equal((await counts(teacher)).message, 5);
    assert.ok(!(await unread(teacher)).some((m) => m.id === first.id));
    assert.equal((await counts(admin)).message, 6, "admin1's copy of the same notice stays unread");

    const form = await teacher.call('POST', '/api/base/desktop/message_update_statusby_id', {
      json: { desktopMessageId: second.id },
    });
    assert.equal(form.body.status, 200);
    assert.equal((await counts(teacher)).message, 4);
    const again = await teacher.call('POST', '/api/base/desktop/message_update_statusby_id', {
      json: { desktopMessageId: second.id },
    });
    assert.equal(again.body.status, 200, 'reading twice is fine');

    const [adminMessage] = await unread(admin);
    const foreign = await teacher.call('POST', '/api/base/desktop/message_update_statusby_id', {
      json: { desktopMessageId: adminMessage.id },
    });
    assert.equal(foreign.body.status, 403);
    assert.equal((await counts(admin)).message, 6);
    const viaQuery = await admin.call(
      'POST',
      `/api/base/desktop/message_update_statusby_id?desktopMessageId=${adminMessage.id}`,
    );
    assert.equal(viaQuery.body.status, 200, 'the id may come in the query');
    assert.equal((await counts(admin)).message, 5);

    const unknown = await teacher.call('POST', '/api/base/desktop/message_update_statusby_id', {
      json: { desktopMessageId: '99999999' },
    });
    assert.equal(unknown.body.status, 404);
    const missing = await teacher.call('POST', '/api/base/desktop/message_update_statusby_id', { json: {} });
    assert.equal(missing.body.status, 400);
    const bad = await teacher.call('POST', '/api/base/desktop/message_update_statusby_id', {
      json: { desktopMessageId: 'abc' },
    });
    assert.equal(bad.body.status, 400);
  });

  it('ignores all: every unread message of the user only', async () => {
    const parent = await login(server, 'parent1');
    const student = await login(server, 'student1');
    const { body } = await parent.call('POST', '/api/base/desktop/message_update_status_by_me', {
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(body.status, 200);
    assert.equal(body.data, 3);
    assert.deepEqual(await unread(parent), []);
    assert.equal((await counts(parent)).message, 0);
    assert.equal((await counts(parent)).todo, 2, 'to-dos are not messages');
    assert.equal((await counts(student)).message, 1);
    const again = await parent.call('POST', '/api/base/desktop/message_update_status_by_me');
    assert.equal(again.body.data, 0);
  });

  it('pages pop-up to-dos three at a time; handling them empties a page', async () => {
    const teacher = await login(server, 'teacher1');
    const page = async (start: number, size?: number) => {
      const { body } = await teacher.call(
        'GET',
        `/api/base/desktop/popUpBox_select?start=${start}${size ? `&size=${size}` : ''}`,
      );
      assert.equal(body.status, 200);
      return body.data as { list: Json[]; pages: number; total: number };
    };
    const first = await page(1, 3);
    assert.equal(first.total, 8);
    assert.equal(first.pages, 3);
    assert.equal(first.list.length, 3);
    assert.deepEqual(Object.keys(first.list[0]).sort(), [
      'content',
      'createTime',
      'id',
      'importance',
      'module',
      'title',
      'url',
    ]);
    assert.equal((await page(1)).list.length, 3, 'size defaults to 3');
    const last = await page(3);
    assert.equal(last.list.length, 2);
    assert.equal((await page(4)).list.length, 0);
    const all = [...first.list, ...(await page(2)).list, ...last.list].map((t) => t.id as string);
    assert.equal(new Set(all).size, 8, 'pages do not overlap');

    for (const todo of last.list) {
      const { body } = await teacher.call('POST', '/api/base/desktop/popUpBox_handle', { json: { id: todo.id } });
      assert.equal(body.status, 200);
    }
    const after = await page(3);
    assert.deepEqual(after.list, [], 'the last page emptied');
    assert.equal(after.total, 6);
    assert.equal(after.pages, 2);
    assert.equal((await counts(teacher)).todo, 6);

    const adminTodo = server.app.portal.db
      .prepare('SELECT id FROM popup_todos WHERE user_id = ? LIMIT 1')
      .get(ADMIN1) as { id: number };
    const foreign = await teacher.call('POST', '/api/base/desktop/popUpBox_handle', {
      json: { id: String(adminTodo.id) },
    });
    assert.equal(foreign.body.status, 403);
    assert.equal((await counts(await login(server, 'admin1'))).todo, 3);
    assert.equal(
      (await teacher.call('POST', '/api/base/desktop/popUpBox_handle', { json: { id: '99999999' } })).body.status,
      404,
    );
    assert.equal((await teacher.call('GET', '/api/base/desktop/popUpBox_select?start=0')).body.status, 400);
    assert.equal((await teacher.call('GET', '/api/base/desktop/popUpBox_select?size=500')).body.status, 400);
  });

  it("answers the unit's message configuration", async () => {
    const { body } = await (await login(server, 'teacher1')).call('GET', '/api/base/desktop/getMessageConfig');
    assert.equal(body.status, 200);
    assert.deepEqual(JSON.parse(body.data.config), { pcOpen: true });
  });
});

describe('desktop icons', () => {
  const server = useServer({}, { resetBeforeEach: false });

  it("groups a teacher's apps by category in his saved order, hidden apps included", async () => {
    const teacher = await login(server, 'teacher1');
    const groups = await groupsOf(teacher, `userId=${TEACHER1}&unitId=${SCHOOL}&appType=1`);
    assert.deepEqual(
      groups.map((g) => g.code),
      ['teaching', 'management', 'homeSchool', 'tools'],
    );
    assert.equal(groups[0]!.englishName, 'Teaching');
    assert.deepEqual(
      groups[0]!.iconVMs.map((i) => i.code),
      ['homework', 'edu', 'timetable', 'exam', 'lesson'],
    );
    const icons = groups.flatMap((g) => g.iconVMs);
    assert.ok(!icons.some((i) => i.code === 'areaBase'), "not the area's apps");
    const library = icons.find((i) => i.code === 'library');
    assert.equal(library?.updateStatus, 0, 'hidden apps are sent; the client hides them');
    for (const key of [
      'code',
      'zname',
      'imgPath',
      'imgGrayPath',
      'imgCartoonPath',
      'iconImg',
      'menuRoute',
      'serverId',
      'deployPath',
      'frontUserType',
      'limitUserType',
      'name',
      'englishName',
      'shortName',
      'englishShortName',
      'updateStatus',
      'unReadCodeCount',
      'appType',
    ]) {
      assert.ok(key in icons[0], key);
    }
  });

  it('serves every icon image the desktop names', async () => {
    const icons = (await groupsOf(await login(server, 'teacher1'))).flatMap((g) => g.iconVMs);
    const area = (await groupsOf(await login(server, 'area1'))).flatMap((g) => g.iconVMs);
    const anonymous = new Client(server.url);
    for (const icon of [...icons, ...area]) {
      for (const path of [icon.imgPath, icon.imgGrayPath, icon.imgCartoonPath, icon.iconImg] as string[]) {
        const response = await anonymous.raw('GET', path);
        assert.equal(response.status, 200, `${icon.code} ${path}`);
        assert.equal(response.headers.get('content-type'), 'image/svg+xml');
        assert.match(await response.text(), /^<svg /);
      }
    }
    const logo = await anonymous.raw('GET', `/api/storage/show/unit/${SCHOOL}`);
    assert.equal(logo.status, 200);
  });

  it('shows each user type the apps for it', async () => {
    const parent = await codesOf(await login(server, 'parent1'));
    assert.ok(parent.includes('homework') && parent.includes('leave'));
    assert.ok(!parent.includes('edu') && !parent.includes('base') && !parent.includes('oa'), 'teacher apps hidden');
    const student = await codesOf(await login(server, 'student1'));
    assert.ok(student.includes('library') && !student.includes('leave') && !student.includes('survey'));
    // The area account gets every app of its unit; the client hides base and edu for non-school units.
    const area = await codesOf(await login(server, 'area1'));
    assert.deepEqual([...area].sort(), ['areaBase', 'areaReport', 'base', 'edu', 'netdisk', 'notice', 'survey']);
    const staff = await codesOf(await login(server, 'staff4'));
    assert.ok(staff.includes('edu') && staff.includes('base'));
    assert.deepEqual(await groupsOf(await login(server, 'teacher1'), 'appType=2'), [], 'no apps of another type');
  });

  it('refuses a userId or unitId naming someone else', async () => {
    const teacher = await login(server, 'teacher1');
    for (const query of [`userId=${ADMIN1}`, `unitId=${AREA}`, `userId=${TEACHER1}&unitId=${AREA}`]) {
      const { body } = await teacher.call('GET', `/api/base/desktop/my_app_icon?${query}&appType=1`);
      assert.equal(body.status, 403, query);
      assert.equal(body.code, 'forbidden');
    }
    assert.equal((await teacher.call('GET', '/api/base/desktop/my_app_icon?userId=abc')).body.status, 400);
  });

  it('persists a reorder per user for types 2 and 4', async () => {
    const teacher = await login(server, 'teacher1');
    const saved = await teacher.call('POST', '/api/base/desktop/save_icon_sort', {
      json: { codes: ['exam', 'homework', 'oa'] },
    });
    assert.equal(saved.body.status, 200);
    assert.equal(saved.body.data, true);
    const again = await groupsOf(await login(server, 'teacher1'));
    assert.deepEqual(
      again[0]!.iconVMs.map((i) => i.code),
      ['exam', 'homework', 'edu', 'timetable', 'lesson'],
    );
    assert.equal(again[1]!.iconVMs[0].code, 'oa');
    const admin = await groupsOf(await login(server, 'admin1'));
    assert.deepEqual(
      admin[0]!.iconVMs.map((i) => i.code),
      ['edu', 'homework', 'exam', 'timetable', 'lesson'],
      "another teacher's order is untouched",
    );

    const staff = await login(server, 'staff4');
    const form = new URLSearchParams([
      ['codes', 'lesson'],
      ['codes', 'timetable,edu'],
    ]);
    const response = await fetch(new URL('/api/base/desktop/save_icon_sort', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `edu_at=${staff.cookie('edu_at')}` },
      body: form.toString(),
    });
    assert.equal(response.status, 415, 'forms are refused where the kit posts JSON');
    const repeated = await staff.call('POST', '/api/base/desktop/save_icon_sort', {
      json: { codes: ['lesson', 'timetable,edu'] },
    });
    assert.equal(repeated.body.status, 200, 'an array whose items may be comma lists');
    assert.deepEqual(
      (await groupsOf(staff))[0]!.iconVMs.map((i) => i.code),
      ['lesson', 'timetable', 'edu', 'homework', 'exam'],
    );
    const single = await staff.call('POST', '/api/base/desktop/save_icon_sort', { json: { codes: 'lesson,edu' } });
    assert.equal(single.body.status, 200, 'a comma list in one field');
    assert.deepEqual(
      (await groupsOf(staff))[0]!.iconVMs.map((i) => i.code),
      ['lesson', 'edu', 'homework', 'exam', 'timetable'],
    );
    const reset = await staff.call('POST', '/api/base/desktop/save_icon_sort', { json: { codes: [] } });
    assert.equal(reset.body.status, 200);
    assert.deepEqual(
      (await groupsOf(staff))[0]!.iconVMs.map((i) => i.code),
      ['edu', 'homework', 'exam', 'timetable', 'lesson'],
      'an empty list goes back to the default order',
    );
  });

  it('refuses a reorder for types 1 and 3, and codes not on the desktop', async () => {
    for (const name of ['parent1', 'area1', 'student1']) {
      const client = await login(server, name);
      const { body } = await client.call('POST', '/api/base/desktop/save_icon_sort', { json: { codes: ['notice'] } });
      assert.equal(body.status, 403, name);
      assert.equal(body.code, 'forbidden');
    }
    const parentOrder = server.app.portal.db
      .prepare('SELECT COUNT(*) AS n FROM user_app_order WHERE user_id IN (?, ?)')
      .get(PARENT1, AREA1) as { n: number };
    assert.equal(parentOrder.n, 0, 'nothing saved');
    const teacher = await login(server, 'teacher1');
    const before = await codesOf(teacher);
    const { body } = await teacher.call('POST', '/api/base/desktop/save_icon_sort', {
      json: { codes: ['exam', 'areaBase'] },
      headers: { 'Sy-Language': 'en' },
    });
    assert.equal(body.status, 400);
    assert.match(body.fieldErrors[0].message, /areaBase/);
    assert.deepEqual(await codesOf(teacher), before, 'nothing changed');
    assert.equal((await teacher.call('POST', '/api/base/desktop/save_icon_sort', { json: {} })).body.status, 400);
  });

  it('counts unread messages and open to-dos per app code, on the icons too', async () => {
    const teacher = await login(server, 'teacher1');
    const { body } = await teacher.call('GET', '/api/base/desktop/unReadCodeCount');
    assert.equal(body.status, 200);
    const counts = Object.fromEntries((body.data as { code: string; num: number }[]).map((e) => [e.code, e.num]));
    // homework: one unread message and one to-do; lesson: its message is read, one to-do.
    assert.equal(counts.homework, 2);
    assert.equal(counts.lesson, 1);
    assert.equal(counts.oa, 1);
    assert.equal(counts.attendance, undefined);
    const icons = (await groupsOf(teacher)).flatMap((g) => g.iconVMs);
    assert.equal(icons.find((i) => i.code === 'homework')?.unReadCodeCount, 2);
    assert.equal(icons.find((i) => i.code === 'attendance')?.unReadCodeCount, 0);

    await teacher.call('POST', '/api/base/desktop/message_update_status_by_me');
    const after = (await teacher.call('GET', '/api/base/desktop/unReadCodeCount')).body.data as Json[];
    assert.equal(after.find((e) => e.code === 'homework')?.num, 1, 'the to-do is still open');
  });
});

describe('app visits and recent apps', () => {
  const server = useServer({}, { resetBeforeEach: false });

  const visit = (client: Client, resId: string, extra: Record<string, unknown> = {}) =>
    client.call('POST', '/api/base/user_access_detail', {
      json: { userId: String(TEACHER1), userType: 2, unitId: String(SCHOOL), resId, resName: resId, type: 1, ...extra },
    });
  const recent = async (client: Client) =>
    ((await client.call('GET', '/api/base/desktop/recent_apps')).body.data as Json[]).map((i) => i.code as string);

  it('records app opens and answers the 10 most recent distinct apps, newest first', async () => {
    const teacher = await login(server, 'teacher1');
    assert.deepEqual(await recent(teacher), []);
    const order = [
      'edu',
      'homework',
      'exam',
      'timetable',
      'lesson',
      'base',
      'oa',
      'asset',
      'attendance',
      'notice',
      'growth',
    ];
    for (const code of order) {
      const { body } = await visit(teacher, code);
      assert.equal(body.status, 200, code);
      assert.equal(body.data, true);
    }
    assert.deepEqual(await recent(teacher), [...order].reverse().slice(0, 10));
    await visit(teacher, 'exam');
    const list = await recent(teacher);
    assert.equal(list.length, 10);
    assert.equal(list[0], 'exam', 'a repeat visit moves the app to the front');
    assert.equal(new Set(list).size, 10);
    const form = await teacher.call('POST', '/api/base/user_access_detail', {
      json: {
        userId: String(TEACHER1),
        userType: '2',
        unitId: String(SCHOOL),
        resId: 'leave',
        resName: '请假',
        type: '1',
      },
    });
    assert.equal(form.body.status, 200);
    assert.equal((await recent(teacher))[0], 'leave');
    await visit(teacher, 'not-an-app');
    assert.equal((await recent(teacher))[0], 'leave', 'only apps on the desktop are listed');
    const item = ((await teacher.call('GET', '/api/base/desktop/recent_apps')).body.data as Json[])[0];
    assert.equal(typeof item.accessTime, 'number');
    assert.ok(item.imgPath.startsWith('/api/storage/show/'));
    assert.deepEqual(await recent(await login(server, 'admin1')), [], 'per user');
  });

  it("refuses to record someone else's visit", async () => {
    const teacher = await login(server, 'teacher1');
    assert.equal((await visit(teacher, 'exam', { userId: String(ADMIN1) })).body.status, 403);
    assert.equal((await visit(teacher, 'exam', { unitId: String(AREA) })).body.status, 403);
    assert.equal((await visit(teacher, 'exam', { userType: 3 })).body.status, 403);
    assert.equal((await visit(teacher, '')).body.status, 400);
  });
});

describe('named theme stylesheets', () => {
  const server = useServer({}, { resetBeforeEach: false });

  it('serves ink, lotus and cartoon as CSS that restyles the header and desktop', async () => {
    const client = new Client(server.url);
    for (const theme of ['ink', 'lotus', 'cartoon']) {
      const response = await client.raw('GET', `/common/plugins/common-ph/2.0.0/css/${theme}.css`);
      assert.equal(response.status, 200, theme);
      assert.match(response.headers.get('content-type') ?? '', /^text\/css/);
      const css = await response.text();
      assert.ok(css.includes(`:root[data-edu-theme='${theme}']`), theme);
      for (const property of ['--edu-header-background', '--edu-desktop-panel-background', '--edu-page-background']) {
        assert.ok(css.includes(property), `${theme} sets ${property}`);
      }
      assert.match(css, /body \{[^}]*background: var\(--edu-page-background\)/);
      assert.equal(css.split('{').length, css.split('}').length, `${theme} braces balance`);
    }
  });

  it('answers 404 for any other theme or version', async () => {
    const client = new Client(server.url);
    for (const path of [
      '/common/plugins/common-ph/2.0.0/css/blue.css',
      '/common/plugins/common-ph/2.0.0/css/ink.js',
      '/common/plugins/common-ph/1.0.0/css/ink.css',
      '/common/plugins/common-ph/2.0.0/css/..%2Fink.css',
      '/common/plugins/common-ph/2.0.0/css/',
    ]) {
      assert.equal((await client.raw('GET', path)).status, 404, path);
    }
  });
});
