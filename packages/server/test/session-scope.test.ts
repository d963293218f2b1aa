/**
 * Which calls need a session: every route of the OpenAPI document is either one of the public calls named here or
 * in a session scope, and every call of a session scope answers a caller without a session (or with an expired
 * one) with HTTP 200 and the envelope `{status: 401, code: "invalid_token"}`. A route added outside both lists
 * fails the first test; a session route left out of its scope fails the second.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client, login, PARENT1, SCHOOL, TEACHER1, useServer } from './helpers.ts';

/** [method, documented path, a well-formed request to it (path with query), JSON body]. */
const SESSION_CALLS: [string, string, string, unknown?][] = [
  ['POST', '/api/uaa/oauth/ticket/issue', '/api/uaa/oauth/ticket/issue'],
  ['GET', '/api/uaa/switch/login', `/api/uaa/switch/login?userId=${TEACHER1}`],
  ['POST', '/api/uaa/oauth/confirm_password', '/api/uaa/oauth/confirm_password', { password: 'x' }],
  ['POST', '/api/uaa/shiyue_webauth', '/api/uaa/shiyue_webauth', { client_id: 'demo-lms' }],
  ['GET', '/api/sso/select/login/url', '/api/sso/select/login/url?appCode=lms'],
  ['GET', '/api/base/role/user/{userId}/{roleCode}/{projectCode}', `/api/base/role/user/${TEACHER1}/XX_SYS_/base`],
  ['GET', '/api/base/unit/is_vocational_school', '/api/base/unit/is_vocational_school'],
  ['GET', '/api/base/unit/have_institute', `/api/base/unit/have_institute?unitId=${SCHOOL}`],
  ['GET', '/api/base/unit/help_key', '/api/base/unit/help_key'],
  ['GET', '/api/base/my_desktop/color', '/api/base/my_desktop/color'],
  ['POST', '/api/base/desktop/settheme', '/api/base/desktop/settheme', { type: 'color', theme: 'ink' }],
  ['GET', '/api/base/desktop/unhandlecount', '/api/base/desktop/unhandlecount'],
  ['GET', '/api/base/desktop/message_select_not_read', '/api/base/desktop/message_select_not_read'],
  ['POST', '/api/base/desktop/message_update_status_by_me', '/api/base/desktop/message_update_status_by_me', {}],
  [
    'POST',
    '/api/base/desktop/message_update_statusby_id',
    '/api/base/desktop/message_update_statusby_id',
    { desktopMessageId: '1' },
  ],
  ['GET', '/api/base/desktop/popUpBox_select', '/api/base/desktop/popUpBox_select?start=1&size=3'],
  ['POST', '/api/base/desktop/popUpBox_handle', '/api/base/desktop/popUpBox_handle', { id: '1' }],
  ['GET', '/api/base/desktop/getMessageConfig', '/api/base/desktop/getMessageConfig'],
  ['GET', '/api/base/desktop/my_app_icon', '/api/base/desktop/my_app_icon?appType=1'],
  ['POST', '/api/base/desktop/save_icon_sort', '/api/base/desktop/save_icon_sort', { codes: [] }],
  ['GET', '/api/base/desktop/unReadCodeCount', '/api/base/desktop/unReadCodeCount'],
  ['POST', '/api/base/user_access_detail', '/api/base/user_access_detail', { resId: 'exam' }],
  ['GET', '/api/base/desktop/recent_apps', '/api/base/desktop/recent_apps'],
  ['GET', '/api/base/resource/inside/module', '/api/base/resource/inside/module'],
  ['GET', '/api/base/license/unit_oam', `/api/base/license/unit_oam?unitId=${SCHOOL}`],
  ['GET', '/api/base/license/unit', `/api/base/license/unit?unitId=${SCHOOL}`],
  ['GET', '/api/base/select/already/parent/teacher', '/api/base/select/already/parent/teacher'],
  [
    'GET',
    '/api/base/student/find_all_student_by_parent_id',
    `/api/base/student/find_all_student_by_parent_id?parentId=${PARENT1}`,
  ],
  ['GET', '/api/base/student/find_stu_by_parent_id', `/api/base/student/find_stu_by_parent_id?parentId=${PARENT1}`],
  [
    'POST',
    '/api/base/student/set/parentChildren',
    `/api/base/student/set/parentChildren?parentId=${PARENT1}`,
    { id: '20002' },
  ],
  ['GET', '/api/base/resource/user/code/tree', '/api/base/resource/user/code/tree?code=base'],
  ['GET', '/api/demo/app_item', '/api/demo/app_item?url=%2Fnotice%2Fdetail%3Fid%3D301'],
  [
    'POST',
    '/api/base/resource/user/operation',
    '/api/base/resource/user/operation',
    { appCode: 'homework', code: 'x' },
  ],
  ['POST', '/api/demo/students/delete', '/api/demo/students/delete', { ids: [1] }],
  ['POST', '/api/demo/students/restore', '/api/demo/students/restore'],
  ['POST', '/api/base/common/table2xls', '/api/base/common/table2xls', { title: 'x', data: '<table></table>' }],
  [
    'POST',
    '/api/storage/file_piecewise/second_upload_check',
    '/api/storage/file_piecewise/second_upload_check',
    { md5: 'd41d8cd98f00b204e9800998ecf8427e', name: 'a.pdf', fullSize: 0 },
  ],
  ['POST', '/zuul/api/storage/upload', '/zuul/api/storage/upload'],
  [
    'POST',
    '/api/storage/file_piecewise/block_upload_check',
    '/api/storage/file_piecewise/block_upload_check',
    { md5: 'd41d8cd98f00b204e9800998ecf8427e', size: 0, chunks: 1, chunk: 1, name: 'a.pdf' },
  ],
  ['POST', '/zuul/api/storage/file_piecewise/upload', '/zuul/api/storage/file_piecewise/upload'],
  [
    'POST',
    '/api/storage/file_piecewise/merge_file',
    '/api/storage/file_piecewise/merge_file',
    { md5: 'd41d8cd98f00b204e9800998ecf8427e', name: 'a.pdf', size: 0, chunks: 1 },
  ],
  ['GET', '/api/storage/file_piecewise/capabilities', '/api/storage/file_piecewise/capabilities'],
  [
    'POST',
    '/api/storage/file_piecewise/cancel',
    '/api/storage/file_piecewise/cancel',
    { md5: 'd41d8cd98f00b204e9800998ecf8427e' },
  ],
  [
    'POST',
    '/api/storage/upload/base64_convert_image',
    '/api/storage/upload/base64_convert_image',
    { fileName: 'a', base64Str: 'AAAA', type: 'png' },
  ],
  ['GET', '/api/storage/file/{fileId}', '/api/storage/file/1'],
  ['GET', '/api/uaa/face/user', `/api/uaa/face/user?userId=${TEACHER1}`],
  ['POST', '/api/uaa/face/check', '/api/uaa/face/check', { faceImage: 'AAAA', userId: String(TEACHER1) }],
  ['POST', '/api/uaa/login/face/clocking', '/api/uaa/login/face/clocking', { faceImage: 'AAAA' }],
  ['GET', '/api/uaa/passkey/list', '/api/uaa/passkey/list'],
  ['POST', '/api/uaa/passkey/register/options', '/api/uaa/passkey/register/options'],
  ['POST', '/api/uaa/passkey/register', '/api/uaa/passkey/register', { response: {}, name: 'x' }],
  ['POST', '/api/uaa/passkey/confirm/options', '/api/uaa/passkey/confirm/options'],
  ['POST', '/api/uaa/passkey/confirm', '/api/uaa/passkey/confirm', { response: {} }],
  ['POST', '/api/uaa/passkey/rename', '/api/uaa/passkey/rename', { id: '1', name: 'x' }],
  ['POST', '/api/uaa/passkey/remove', '/api/uaa/passkey/remove', { id: '1' }],
  ['GET', '/api/base/get_ali_token', '/api/base/get_ali_token?language=zh-CN'],
  ['POST', '/api/base/find_by_vocabulary', '/api/base/find_by_vocabulary', { vocabulary: '打开作业管理' }],
  ['GET', '/api/speech/dev/transcript', '/api/speech/dev/transcript'],
  ['POST', '/api/speech/dev/transcript', '/api/speech/dev/transcript', { transcript: '' }],
  ...['GET', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method): [string, string, string] => [
    method,
    '/api/__test/echo',
    '/api/__test/echo',
  ]),
];

/** Calls without a session check of their own scope (some check a session themselves, e.g. `me`). */
const PUBLIC_CALLS: [string, string][] = [
  ['GET', '/api/docs/openapi.json'],
  ['POST', '/api/uaa/oauth/login'],
  ['POST', '/api/uaa/oauth/form_login'],
  ['GET', '/api/uaa/oauth/ticket'],
  ['GET', '/api/uaa/oauth/refresh'],
  ['POST', '/api/uaa/oauth/login_user_client'],
  ['POST', '/api/uaa/oauth/relogin'],
  ['POST', '/api/uaa/oauth/login/face'],
  ['POST', '/api/uaa/oauth/logout'],
  ['POST', '/api/uaa/passkey/sign_in/options'],
  ['POST', '/api/uaa/passkey/sign_in'],
  ['GET', '/api/uaa/oauth/me'],
  ['GET', '/api/uaa/oauth/login/config'],
  ['GET', '/api/uaa/oauth/login/unit_config'],
  ['GET', '/api/uaa/social/providers'],
  ['GET', '/api/uaa/social/info'],
  ['GET', '/api/uaa/social/qy_info'],
  ['GET', '/api/uaa/social/mp_info'],
  ['GET', '/api/uaa/social/dev/authorize'],
  ['POST', '/api/uaa/social/dev/authorize'],
  ['POST', '/api/uaa/social/bind'],
  ['POST', '/api/uaa/social/{state}'],
  ['POST', '/api/uaa/shiyue_webauth/token'],
  ['GET', '/sso/demo-lms/callback'],
  ['GET', '/common/plugins/common-ph/{version}/css/{file}'],
  ['GET', '/api/storage/show/unit/{unitId}'],
  ['GET', '/api/storage/show/{fileId}'],
  ['GET', '/{rootPath}/{code}/package.json'],
  ['GET', '/{rootPath}/{code}/version.json'],
  ['GET', '/api/{code}/nl/{file}'],
  ['GET', '/api/demo/students'],
  ['POST', '/api/demo/students'],
  ['GET', '/api/demo/students/all'],
  ['GET', '/{app}/manifest.json'],
  ['GET', '/{app}/static/{file}'],
  ['GET', '/common/download/edu-portal-portable.zip'],
  ['GET', '/common/download/edu-portal-setup.zip'],
  ['GET', '/common/plugins/common-ph/{version}/lang/{file}'],
  ['GET', '/{rootPath}/{code}/lang/{file}'],
  ['POST', '/api/__test/reset'],
  ['POST', '/api/__test/reseed'],
  ['POST', '/api/__test/people'],
  ['POST', '/api/__test/config'],
  ['POST', '/api/__test/expire'],
  ['POST', '/api/__test/ticket'],
  ['GET', '/api/__test/stats'],
  ['POST', '/api/__test/upload/config'],
  ['GET', '/api/__test/upload/stats'],
  ['POST', '/api/__test/upload/sweep'],
  ['POST', '/api/__test/face/reset'],
  ['GET', '/api/__test/face/stats'],
  ['POST', '/api/__test/envelope'],
  ['POST', '/api/__test/voice/config'],
  ['POST', '/api/__test/passkey/reset'],
];
// Not in the document: the development speech gateway (GET /api/speech/ws/v1, a WebSocket upgrade that
// @fastify/websocket keeps out of OpenAPI); its speech token is the credential (test/speech.test.ts).

const key = (method: string, path: string) => `${method} ${path}`;

describe('session scopes', () => {
  const server = useServer({}, { resetBeforeEach: false });

  it('puts every documented call either in a session scope or in the public list', async () => {
    const document = (await (await new Client(server.url).raw('GET', '/api/docs/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => key(method.toUpperCase(), path)))
      .sort();
    const listed = [...SESSION_CALLS, ...PUBLIC_CALLS].map(([method, path]) => key(method, path));
    assert.equal(new Set(listed).size, listed.length, 'no call is listed twice');
    assert.deepEqual(documented, listed.sort());
  });

  it('answers every call of a session scope without a session with HTTP 200 and status 401', async () => {
    const anonymous = new Client(server.url);
    for (const [method, , path, json] of SESSION_CALLS) {
      const { response, body } = await anonymous.call(method, path, json === undefined ? {} : { json });
      assert.equal(response.status, 200, key(method, path));
      assert.deepEqual(
        { status: body.status, code: body.code, data: body.data },
        { status: 401, code: 'invalid_token', data: null },
        key(method, path),
      );
    }
  });

  it('answers them the same once the access token has expired', async () => {
    const teacher = await login(server, 'teacher1');
    const expire = await new Client(server.url).call('POST', '/api/__test/expire');
    assert.equal(expire.body.status, 200);
    for (const [method, , path, json] of SESSION_CALLS) {
      const { body } = await teacher.call(method, path, json === undefined ? {} : { json });
      assert.equal(body.status, 401, key(method, path));
      assert.equal(body.code, 'invalid_token', key(method, path));
    }
  });
});
