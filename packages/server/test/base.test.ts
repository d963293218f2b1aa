/** The base look-ups available so far: admin role check and unit flags, each for the session's own user and unit. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Client, login, useServer } from './helpers.ts';

const server = useServer({}, { resetBeforeEach: false });

const me = async (client: Client) => (await client.call('GET', '/api/uaa/oauth/me')).body.data;

describe('base calls', () => {
  it('answers the XX_SYS_ admin check for the session user only', async () => {
    const admin = await login(server, 'admin1');
    const teacher = await login(server, 'teacher1');
    const adminId = (await me(admin)).userId;
    const teacherId = (await me(teacher)).userId;
    assert.equal((await admin.call('GET', `/api/base/role/user/${adminId}/XX_SYS_/base?_t=1`)).body.data, true);
    assert.equal((await teacher.call('GET', `/api/base/role/user/${teacherId}/XX_SYS_/base`)).body.data, false);
    assert.equal((await admin.call('GET', `/api/base/role/user/${adminId}/XX_SYS_/edu`)).body.data, false);
    const foreign = await teacher.call('GET', `/api/base/role/user/${adminId}/XX_SYS_/base`);
    assert.equal(foreign.body.status, 403);
  });

  it("answers the unit flags and help key of the session's unit", async () => {
    const teacher = await login(server, 'teacher1');
    const unitId = (await me(teacher)).unitId;
    const vocational = await teacher.call('GET', '/api/base/unit/is_vocational_school');
    assert.equal(vocational.body.status, 200);
    assert.equal(vocational.body.data, false);
    assert.equal((await teacher.call('GET', `/api/base/unit/have_institute?unitId=${unitId}`)).body.data, false);
    assert.equal((await teacher.call('GET', '/api/base/unit/have_institute?unitId=330108')).body.status, 403);
    assert.equal((await teacher.call('GET', '/api/base/unit/help_key')).body.data, 'school-handbook');
    const area = await login(server, 'area1');
    assert.equal((await area.call('GET', '/api/base/unit/help_key')).body.data, 'area-handbook');
  });

  it('needs a session', async () => {
    for (const path of [
      '/api/base/unit/is_vocational_school',
      '/api/base/unit/help_key',
      '/api/base/role/user/10006/XX_SYS_/base',
    ]) {
      const { response, body } = await new Client(server.url).call('GET', path);
      assert.equal(response.status, 200);
      assert.equal(body.status, 401, path);
      assert.equal(body.code, 'invalid_token');
    }
  });
});
