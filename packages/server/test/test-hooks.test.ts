/** The /api/__test/ hooks of docs/decisions.md, and their absence in a default start. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, login, startServer, useServer, PASSWORD, type RunningServer } from './helpers.ts';

const server = useServer();

const configure = (settings: Record<string, unknown>) => server.configure(settings);
const stats = async (): Promise<Record<string, number>> =>
  (await server.control.call('GET', '/api/__test/stats')).body.data.calls;

describe('test hooks', () => {
  it('reseed brings back the seeded data: read messages are unread again', async () => {
    const teacher = await login(server, 'teacher1');
    const unread = async () =>
      ((await teacher.call('GET', '/api/base/desktop/message_select_not_read')).body.data as unknown[]).length;
    const before = await unread();
    assert.ok(before > 0);
    await teacher.call('POST', '/api/base/desktop/message_update_status_by_me', { json: {} });
    assert.equal(await unread(), 0);
    assert.equal((await server.control.call('POST', '/api/__test/reseed')).body.data, true);
    // Sessions are dropped with the data.
    assert.equal((await teacher.call('GET', '/api/base/desktop/message_select_not_read')).body.status, 401);
    const again = await login(server, 'teacher1');
    assert.equal(
      ((await again.call('GET', '/api/base/desktop/message_select_not_read')).body.data as unknown[]).length,
      before,
    );
  });

  it('people adds staff of the school unit who sign in with the demo password, gone after a reseed', async () => {
    const { body } = await server.control.call('POST', '/api/__test/people', { json: { count: 3 } });
    assert.equal(body.status, 200);
    const people = body.data as { userId: number; loginName: string }[];
    assert.equal(new Set(people.map((person) => person.userId)).size, 3);
    const staff = await login(server, people[2]!.loginName);
    const me = (await staff.call('GET', '/api/uaa/oauth/me')).body.data;
    assert.equal(String(me.userId), String(people[2]!.userId));
    assert.equal(me.unitName, '滨江区实验中学');
    assert.equal((await server.control.call('POST', '/api/__test/people', { json: { count: 51 } })).body.status, 400);
    await server.control.call('POST', '/api/__test/reseed');
    const again = await new Client(server.url).call('POST', '/api/uaa/oauth/login', {
      json: { username: people[0]!.loginName, password: 'x' },
    });
    assert.notEqual(again.body.status, 200);
  });

  it('counts every call as "METHOD /path" without the query, refresh included, and reset zeroes them', async () => {
    const client = await login(server, 'teacher1');
    await client.call('GET', '/api/uaa/oauth/me?_t=1');
    await client.call('GET', '/api/uaa/oauth/me?_t=2&signature=x');
    await client.call('GET', '/api/uaa/oauth/refresh?_t=3');
    await client.call('GET', '/api/no/such/path');
    const calls = await stats();
    assert.equal(calls['POST /api/uaa/oauth/login'], 1);
    assert.equal(calls['GET /api/uaa/oauth/me'], 2);
    assert.equal(calls['GET /api/uaa/oauth/refresh'], 1);
    assert.equal(calls['GET /api/no/such/path'], 1);
    assert.equal(calls['GET /api/__test/stats'], undefined, 'control calls are not counted');

    await server.control.call('POST', '/api/__test/reset');
    assert.deepEqual(await stats(), {});
  });

  it('reset drops every session and restores the defaults', async () => {
    const client = await login(server, 'teacher1');
    await configure({ tamperSignature: true, delayMs: 5, accessTtlMs: 1000 });
    const { body } = await server.control.call('POST', '/api/__test/reset');
    assert.equal(body.data, true);
    assert.equal((await client.call('GET', '/api/uaa/oauth/me')).body.status, 401);
    const settings = (await configure({})).body.data;
    assert.deepEqual(settings, {
      accessTtlMs: null,
      refreshTtlMs: null,
      tamperSignature: false,
      delayMs: 0,
      failPaths: [],
      clockOffsetMs: 0,
    });
  });

  it('config answers the settings in force and merges what it is given', async () => {
    await configure({ accessTtlMs: 5000 });
    const { body } = await server.control.call('POST', '/api/__test/config', { form: { tamperSignature: 'true' } });
    assert.equal(body.status, 200);
    assert.equal(body.data.accessTtlMs, 5000);
    assert.equal(body.data.tamperSignature, true);
    const refused = await configure({ accessTtlMs: 'soon' });
    assert.equal(refused.body.status, 400);
  });

  it('expire ends every access token now but keeps refresh tokens', async () => {
    const one = await login(server, 'teacher1');
    const two = await login(server, 'parent1');
    await server.control.call('POST', '/api/__test/expire');
    for (const client of [one, two]) {
      assert.equal((await client.call('GET', '/api/uaa/oauth/me')).body.status, 401);
      assert.equal((await client.call('GET', '/api/uaa/oauth/refresh')).body.status, 200);
      assert.equal((await client.call('GET', '/api/uaa/oauth/me')).body.status, 200);
    }
  });

  it('clockOffsetMs moves the server clock forward', async () => {
    const client = await login(server, 'teacher1');
    await configure({ clockOffsetMs: 31 * 60 * 1000 });
    assert.equal((await client.call('GET', '/api/uaa/oauth/me')).body.status, 401);
    assert.equal((await client.call('GET', '/api/uaa/oauth/refresh')).body.status, 200);
  });

  it('echo needs a session and answers method, query, body and headers for every method', async () => {
    const anonymous = await new Client(server.url).call('POST', '/api/__test/echo', { json: { a: 1 } });
    assert.equal(anonymous.response.status, 200);
    assert.deepEqual(anonymous.body, {
      status: 401,
      code: 'invalid_token',
      // No token at all: signed out, not expired.
      message: '请先登录|||Please log in',
      fieldErrors: [],
      data: null,
    });

    const client = await login(server, 'teacher1');
    const get = await client.call('GET', '/api/__test/echo?x=1&_t=2', {
      headers: { 'Sy-Language': 'en', 'Sy-Device': 'pc', 'Sy-App': 'desktop' },
    });
    assert.equal(get.body.status, 200);
    assert.equal(get.body.data.method, 'GET');
    assert.deepEqual(get.body.data.query, { x: '1', _t: '2' });
    assert.equal(get.body.data.headers['sy-language'], 'en');
    assert.equal(get.body.data.headers['sy-app'], 'desktop');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const { body } = await client.call(method, '/api/__test/echo', { json: { n: 1, list: [1, 2] } });
      assert.equal(body.status, 200, method);
      assert.equal(body.data.method, method);
      assert.deepEqual(body.data.body, { n: 1, list: [1, 2] });
    }
    const form = await client.call('POST', '/api/__test/echo', { form: { a: 'b' } });
    assert.deepEqual(form.body.data.body, { a: 'b' });
    const bearer = await new Client(server.url).call('GET', '/api/__test/echo', {
      headers: { authorization: `Bearer ${client.cookie('edu_at')}` },
    });
    assert.equal(bearer.body.status, 200);
  });

  it('envelope answers the posted status, status text and body verbatim', async () => {
    const posted = {
      status: 400,
      code: 'bad',
      message: '姓名不能为空|||Name is required',
      fieldErrors: [{ field: 'name', message: 'x' }],
      data: null,
    };
    const plain = await server.control.raw('POST', '/api/__test/envelope', { json: { body: posted } });
    assert.equal(plain.status, 200);
    assert.deepEqual(await plain.json(), posted);

    const broken = await server.control.raw('POST', '/api/__test/envelope', {
      json: { httpStatus: 503, statusText: 'Maintenance Window', body: { anything: true } },
    });
    assert.equal(broken.status, 503);
    assert.equal(broken.statusText, 'Maintenance Window');
    assert.deepEqual(await broken.json(), { anything: true });

    const raw = await server.control.raw('POST', '/api/__test/envelope', { json: { raw: '{"status": 200, "data": ' } });
    assert.equal(raw.status, 200);
    assert.equal(await raw.text(), '{"status": 200, "data": ');
  });

  it('failPaths with bodyStatus answers HTTP 200 with that envelope status for count calls', async () => {
    const client = await login(server, 'teacher1');
    await configure({
      failPaths: [{ path: '/api/uaa/oauth/me', bodyStatus: 500, count: 2, message: '坏了|||Broken' }],
    });
    for (let i = 0; i < 2; i++) {
      const { response, body } = await client.call('GET', '/api/uaa/oauth/me?_t=' + i);
      assert.equal(response.status, 200);
      assert.equal(body.status, 500);
      assert.equal(body.message, '坏了|||Broken');
    }
    assert.equal((await client.call('GET', '/api/uaa/oauth/me')).body.status, 200, 'the third call passes');
  });

  it('failPaths with httpStatus breaks the transport; without count it fails until reset', async () => {
    const client = await login(server, 'teacher1');
    await configure({ failPaths: [{ path: '/api/uaa/oauth/refresh', httpStatus: 502 }] });
    for (let i = 0; i < 3; i++) assert.equal((await client.raw('GET', '/api/uaa/oauth/refresh')).status, 502);
    await server.control.call('POST', '/api/__test/reset');
    assert.equal(
      (await client.call('POST', '/api/uaa/oauth/login', { json: { username: 'teacher1', password: PASSWORD } })).body
        .status,
      200,
    );
    assert.equal((await client.call('GET', '/api/uaa/oauth/refresh')).body.status, 200);
  });

  it('failPaths with bodyStatus 401 looks like an expired session', async () => {
    const client = await login(server, 'teacher1');
    await configure({ failPaths: [{ path: '/api/__test/echo', bodyStatus: 401, count: 1 }] });
    const { body } = await client.call('GET', '/api/__test/echo');
    assert.equal(body.status, 401);
    assert.equal(body.code, 'invalid_token');
  });

  it('failPaths with httpStatus 0 drops the connection', async () => {
    await configure({ failPaths: [{ path: '/api/uaa/oauth/login/config', httpStatus: 0, count: 1 }] });
    await assert.rejects(server.control.raw('GET', '/api/uaa/oauth/login/config'));
    assert.equal((await server.control.call('GET', '/api/uaa/oauth/login/config')).body.status, 200);
  });

  it('delayMs delays every route but not the control calls', async () => {
    await configure({ delayMs: 250 });
    const started = Date.now();
    await new Client(server.url).call('GET', '/api/uaa/oauth/login/config');
    assert.ok(Date.now() - started >= 240, 'the call waited');
    const controlStarted = Date.now();
    await stats();
    assert.ok(Date.now() - controlStarted < 200, 'stats answered at once');
  });
});

describe('without test hooks', () => {
  let plain: RunningServer;
  before(async () => {
    plain = await startServer({ testHooks: false });
  });
  after(() => plain.close());

  it('answers every hook path with HTTP 404', async () => {
    const client = new Client(plain.url);
    for (const [method, path] of [
      ['POST', '/api/__test/reset'],
      ['POST', '/api/__test/config'],
      ['POST', '/api/__test/expire'],
      ['GET', '/api/__test/stats'],
      ['GET', '/api/__test/echo'],
      ['POST', '/api/__test/envelope'],
    ] as const) {
      const response = await client.raw(method, path, method === 'POST' ? { json: {} } : {});
      assert.equal(response.status, 404, `${method} ${path}`);
    }
  });

  it('lists no hook in the OpenAPI document', async () => {
    const document = (await (await new Client(plain.url).raw('GET', '/api/docs/openapi.json')).json()) as {
      paths: Record<string, unknown>;
    };
    assert.ok(!Object.keys(document.paths).some((path) => path.startsWith('/api/__test')));
  });
});
