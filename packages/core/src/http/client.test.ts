/**
 * The request client against the running reference server (proxied on the page's origin by
 * web-test-runner.config.mjs), steered through its test hooks.
 */
import { loadTraditionalConverter } from '../i18n/server-text.ts';
import { expect } from '@open-wc/testing';
import { setLanguage } from '../i18n/language.ts';
import { createSessionStore, type SessionStore } from '../session/store.ts';
import { useReferenceServer } from '../test-support/server-suite.ts';
import { configureServer, expireAccessTokens, loginAs, rejection, serverCalls } from '../test-support/server.ts';
import { createClient, type Client, type ClientOptions } from './client.ts';
import type { Notice } from '../platform/notify.ts';

const ECHO = '/api/__test/echo';
const ENVELOPE = '/api/__test/envelope';
const REFRESH = 'GET /api/uaa/oauth/refresh';
const ME = 'GET /api/uaa/oauth/me';

interface EchoData {
  method: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

describe('request client', () => {
  let session: SessionStore;
  let client: Client;
  let notices: Notice[];
  let relogins: number;
  let navigations: string[];

  function makeClient(options: Partial<ClientOptions> = {}): Client {
    return createClient({
      baseURL: '',
      appCode: 'desktop',
      device: 'pc',
      session,
      relogin: async () => {
        relogins++;
        return false;
      },
      navigate: (url) => navigations.push(url),
      currentUrl: () => 'http://portal.example/pages/base/pc_desktop_all/index.html#/home?tab=1',
      ...options,
    });
  }

  useReferenceServer(
    (parts) => {
      ({ notices } = parts);
      session = parts.session!;
      relogins = 0;
      navigations = [];
      client = makeClient();
    },
    { session: true },
  );

  describe('headers, credentials and the GET timestamp', () => {
    beforeEach(() => loginAs('teacher1'));

    it('sends Sy-Language, Sy-Device and Sy-App with credentials, and _t on GET', async () => {
      const before = Date.now();
      const envelope = await client.get<EchoData>(ECHO, { a: '1' });
      expect(envelope.status).to.equal(200);
      expect(envelope.code).to.equal('ok');
      const { headers, query, method } = envelope.data;
      expect(method).to.equal('GET');
      expect(headers['sy-language']).to.equal('en');
      expect(headers['sy-device']).to.equal('pc');
      expect(headers['sy-app']).to.equal('desktop');
      expect(query['a']).to.equal('1');
      const stamp = Number(query['_t']);
      expect(stamp).to.be.within(before, Date.now());
    });

    it('follows the language in force and the configured device and app', async () => {
      setLanguage('zh-HK');
      client.configure({ device: 'mobile', appCode: 'homework' });
      const { data } = await client.get<EchoData>(ECHO);
      expect(data.headers['sy-language']).to.equal('zh-HK');
      expect(data.headers['sy-device']).to.equal('mobile');
      expect(data.headers['sy-app']).to.equal('homework');
    });

    it('leaves _t out when cache is set, and out of POSTs', async () => {
      const cached = await client.get<EchoData>(ECHO, { a: '1' }, { cache: true });
      expect(cached.data.query).to.not.have.property('_t');
      const posted = await client.post<EchoData>(ECHO, { x: 1 });
      expect(posted.data.query).to.not.have.property('_t');
    });

    it('posts JSON by default and a url-encoded form with form: true', async () => {
      const json = await client.post<EchoData>(ECHO, { name: '李明', tags: ['a', 'b'], n: 3 });
      expect(json.data.headers['content-type']).to.contain('application/json');
      expect(json.data.body).to.deep.equal({ name: '李明', tags: ['a', 'b'], n: 3 });
      const form = await client.post<EchoData>(ECHO, { name: '李明', n: 3 }, { form: true });
      expect(form.data.headers['content-type']).to.contain('application/x-www-form-urlencoded');
      expect(form.data.body).to.deep.equal({ name: '李明', n: '3' });
    });

    it('uses a 20-minute timeout by default', () => {
      expect(createClient().options.timeoutMs).to.equal(1_200_000);
    });
  });

  describe('methods', () => {
    beforeEach(() => loginAs('teacher1'));

    it('refuses anything but delete/get/post/put/upload with an error notice', async () => {
      const error = await rejection(client.request('patch', ECHO, {}));
      expect(error.kind).to.equal('method');
      expect(notices).to.have.length(1);
      expect(notices[0]!.type).to.equal('error');
      expect(notices[0]!.message).to.contain('patch');
      expect((await serverCalls())[`PATCH ${ECHO}`]).to.equal(undefined);
    });

    it('refuses direct put and delete with an error notice, unless rest: true opts in', async () => {
      for (const method of ['put', 'delete']) {
        const error = await rejection(client.request(method, ECHO, { id: 1 }));
        expect(error.kind).to.equal('method');
      }
      expect(notices.map((n) => n.type)).to.deep.equal(['error', 'error']);
      const calls = await serverCalls();
      expect(calls[`PUT ${ECHO}`]).to.equal(undefined);
      expect(calls[`DELETE ${ECHO}`]).to.equal(undefined);

      const put = await client.request<EchoData>('put', ECHO, { id: 1 }, { rest: true });
      expect(put.data.method).to.equal('PUT');
      expect(put.data.body).to.deep.equal({ id: 1 });
      const del = await client.request<EchoData>('delete', ECHO, { id: 2 }, { rest: true });
      expect(del.data.method).to.equal('DELETE');
      expect(del.data.query['id']).to.equal('2');
    });

    it('a silent refusal rejects without a notice', async () => {
      await rejection(client.request('head', ECHO, undefined, { silent: true }));
      expect(notices).to.have.length(0);
    });
  });

  describe('upload', () => {
    beforeEach(() => loginAs('teacher1'));

    it('needs an object payload, else rejects with status 501 and "file type error"', async () => {
      for (const payload of ['a string', 42, null, undefined, [1, 2], new Blob(['x'])]) {
        const error = await rejection(client.upload(ECHO, payload));
        expect(error.status).to.equal(501);
        expect(error.message).to.equal('file type error');
        expect(error.kind).to.equal('payload');
      }
      expect(notices).to.have.length(6);
      expect((await serverCalls())[`POST ${ECHO}`]).to.equal(undefined);
    });

    it('sends FormData or a plain object as a multipart POST', async () => {
      type Upload = { headers: Record<string, string>; body: Record<string, unknown> };
      const serverSaw = async (payload: unknown) =>
        (await client.upload<Upload & EchoData>(ECHO, payload, { silent: true })).data as unknown as Upload;
      const form = new FormData();
      form.append('serverid', 'base');
      form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
      const fromForm = await serverSaw(form);
      expect(fromForm.headers['content-type']).to.match(/^multipart\/form-data; boundary=/);
      expect(fromForm.body).to.deep.equal({
        serverid: 'base',
        file: { name: 'hello.txt', size: 5, type: 'text/plain' },
      });
      const fromObject = await serverSaw({ serverid: 'base', file: new File(['hi'], 'hi.txt') });
      expect(fromObject.headers['content-type']).to.match(/^multipart\/form-data; boundary=/);
      expect(fromObject.body).to.deep.include({ serverid: 'base' });
      expect(fromObject.body.file).to.include({ name: 'hi.txt', size: 2 });
      expect((await serverCalls())[`POST ${ECHO}`]).to.equal(2);
    });

    it('shows an upload refusal as "status：message" and rejects', async () => {
      await configureServer({
        failPaths: [{ path: ECHO, bodyStatus: 500, count: 1, message: '存储已满|||Storage full' }],
      });
      const error = await rejection(client.upload(ECHO, { file: new Blob(['x']) }));
      expect(error.message).to.equal('500：Storage full');
      expect(notices).to.deep.equal([{ type: 'warning', message: '500：Storage full' }]);
    });
  });

  describe('envelope and the error catalogue', () => {
    const answer = (body: unknown, extra: Record<string, unknown> = {}) => client.post(ENVELOPE, { body, ...extra });

    it('resolves status 200 with the whole envelope', async () => {
      const envelope = await answer({ status: 200, code: 'ok', message: '', fieldErrors: [], data: { n: 1 } });
      expect(envelope).to.deep.equal({ status: 200, code: 'ok', message: '', fieldErrors: [], data: { n: 1 } });
      expect(notices).to.have.length(0);
    });

    it('joins field errors with commas and shows them as a warning', async () => {
      const body = {
        status: 400,
        code: 'bad_request',
        message: '提交有误|||Invalid input',
        fieldErrors: [
          { field: 'username', message: '用户名不能为空！|||User name cannot be empty!' },
          { field: 'password', message: '密码不能为空！|||Password cannot be empty!' },
        ],
        data: null,
      };
      const error = await rejection(answer(body));
      expect(error.kind).to.equal('business');
      expect(error.status).to.equal(400);
      expect(error.code).to.equal('bad_request');
      expect(error.message).to.equal('User name cannot be empty!,Password cannot be empty!');
      expect(error.fieldErrors.map((e) => e.field)).to.deep.equal(['username', 'password']);
      expect(notices).to.deep.equal([{ type: 'warning', message: error.message }]);
      setLanguage('zh-CN');
      expect((await rejection(answer(body))).message).to.equal('用户名不能为空！,密码不能为空！');
    });

    it('picks the ||| part by language: English for en, Chinese for zh-CN and zh-HK (traditional there)', async () => {
      const body = { status: 403, code: 'forbidden', message: '没有权限|||No permission' };
      expect((await rejection(answer(body))).message).to.equal('No permission');
      setLanguage('zh-CN');
      expect((await rejection(answer(body))).message).to.equal('没有权限');
      // zh-HK: the Chinese part in traditional characters, once the converter is loaded.
      setLanguage('zh-HK');
      await loadTraditionalConverter();
      expect((await rejection(answer(body))).message).to.equal('沒有權限');
      expect(notices.map((n) => n.type)).to.deep.equal(['warning', 'warning', 'warning']);
    });

    it('says Server internal error! (localised) when there is no message', async () => {
      const error = await rejection(answer({ status: 500, code: 'error' }));
      expect(error.message).to.equal('Server internal error!');
      setLanguage('zh-CN');
      expect((await rejection(answer({ status: 500 }))).message).to.equal('服务器内部错误！');
      setLanguage('zh-HK');
      expect((await rejection(answer({ status: 500 }))).message).to.equal('伺服器內部錯誤！');
    });

    it('keeps the data of a refused envelope on the error', async () => {
      const error = await rejection(answer({ status: 404, code: 'not_found', message: 'x', data: { id: 3 } }));
      expect(error.data).to.deep.equal({ id: 3 });
    });

    it('shows an HTTP error as "status statusText" in an error notice', async () => {
      const error = await rejection(answer(null, { httpStatus: 503, statusText: 'Service Unavailable' }));
      expect(error.kind).to.equal('http');
      expect(error.status).to.equal(503);
      expect(error.message).to.equal('503 Service Unavailable');
      expect(notices).to.deep.equal([{ type: 'error', message: '503 Service Unavailable' }]);
      const custom = await rejection(answer({ status: 200 }, { httpStatus: 418, statusText: 'Teapot Trouble' }));
      expect(custom.message).to.equal('418 Teapot Trouble');
    });

    it("shows an HTTP error's status text in the user's language", async () => {
      setLanguage('zh-CN');
      const zh = await rejection(answer(null, { httpStatus: 500, statusText: 'Internal Server Error' }));
      expect(zh.message).to.equal('500 服务器内部错误');
      expect(notices.at(-1)).to.deep.equal({ type: 'error', message: '500 服务器内部错误' });
      setLanguage('zh-HK');
      const hk = await rejection(answer(null, { httpStatus: 503, statusText: 'Service Unavailable' }));
      expect(hk.message).to.equal('503 服務暫時不可用');
      setLanguage('zh-CN');
      const other = await rejection(answer(null, { httpStatus: 418, statusText: 'Teapot Trouble' }));
      expect(other.message).to.equal('418 请求失败');
      expect(other.message).to.not.match(/[A-Za-z]/);
      setLanguage('en');
      const en = await rejection(answer(null, { httpStatus: 500, statusText: '' }));
      expect(en.message).to.equal('500 Internal Server Error');
    });

    it('an unknown path is an HTTP 404 error', async () => {
      const error = await rejection(client.get('/api/no/such/path'));
      expect(error.kind).to.equal('http');
      expect(error.status).to.equal(404);
      expect(error.message).to.match(/^404 Not Found/);
    });

    it('rejects malformed bodies with a clear localised error, never an uncaught throw', async () => {
      const uncaught: unknown[] = [];
      const onError = (event: ErrorEvent | PromiseRejectionEvent) => uncaught.push(event);
      window.addEventListener('error', onError);
      window.addEventListener('unhandledrejection', onError);
      try {
        for (const raw of ['<html>oops</html>', '[1,2,3]', '"just text"', '42', 'null', '', '{"status":"weird"}']) {
          const error = await rejection(client.post(ENVELOPE, { raw }));
          expect(error.kind, raw).to.equal('malformed');
          expect(error.message).to.equal('The server sent a response that could not be read');
        }
        setLanguage('zh-CN');
        const zh = await rejection(client.post(ENVELOPE, { raw: '{broken' }));
        expect(zh.message).to.equal('服务器返回的数据无法识别');
        expect(notices.every((n) => n.type === 'error')).to.equal(true);
        await new Promise((resolve) => setTimeout(resolve, 20));
      } finally {
        window.removeEventListener('error', onError);
        window.removeEventListener('unhandledrejection', onError);
      }
      expect(uncaught).to.have.length(0);
    });

    it('times out with the spec text, localised', async () => {
      await configureServer({ delayMs: 600 });
      const fast = makeClient({ timeoutMs: 150 });
      const error = await rejection(fast.post(ENVELOPE, { body: { status: 200 } }));
      expect(error.kind).to.equal('timeout');
      expect(error.message).to.equal('Timeout of 150ms exceeded');
      expect(notices).to.deep.equal([{ type: 'error', message: 'Timeout of 150ms exceeded' }]);
      setLanguage('zh-CN');
      const zh = await rejection(fast.post(ENVELOPE, { body: { status: 200 } }, { timeoutMs: 100 }));
      expect(zh.message).to.equal('请求超时（超过 100 毫秒）');
    });

    it('reports a network error, localised', async () => {
      // Nothing listens on port 9 of this host: the browser gets no answer at all.
      const offline = makeClient({ baseURL: 'http://127.0.0.1:9' });
      const error = await rejection(offline.get('/api/uaa/oauth/me'));
      expect(error.kind).to.equal('network');
      expect(error.message).to.equal('Network Error');
      expect(notices).to.deep.equal([{ type: 'error', message: 'Network Error' }]);
      setLanguage('zh-HK');
      expect((await rejection(offline.get('/api/uaa/oauth/me'))).message).to.equal('網絡錯誤');
    });

    it('an aborted request rejects with "Request aborted" and no notice', async () => {
      await configureServer({ delayMs: 500 });
      const controller = new AbortController();
      const pending = client.post(ENVELOPE, { body: { status: 200 } }, { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      const error = await rejection(pending);
      expect(error.kind).to.equal('aborted');
      expect(error.message).to.equal('Request aborted');
      expect(notices).to.have.length(0);
    });

    it('silent rejects without notices', async () => {
      await rejection(client.post(ENVELOPE, { body: { status: 500 } }, { silent: true }));
      await rejection(client.post(ENVELOPE, { httpStatus: 502 }, { silent: true }));
      expect(notices).to.have.length(0);
    });

    it('noIntercept resolves any envelope without notices', async () => {
      const envelope = await client.post(
        ENVELOPE,
        { body: { status: 400, code: 'invalid_grant', message: 'a|||b' } },
        { noIntercept: true },
      );
      expect(envelope).to.include({ status: 400, code: 'invalid_grant', message: 'a|||b' });
      expect(notices).to.have.length(0);
    });
  });

  describe('session expiry', () => {
    it('20 concurrent requests with an expired token share ONE refresh, and all 20 succeed', async () => {
      const user = await loginAs('teacher1');
      session.login(user);
      await expireAccessTokens();
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => client.get<EchoData>(ECHO, { i })));
      expect(results.map((r) => r.status)).to.deep.equal(Array(20).fill(200));
      expect(results.map((r) => r.data.query['i'])).to.deep.equal(Array.from({ length: 20 }, (_, i) => String(i)));
      const calls = await serverCalls();
      expect(calls[REFRESH]).to.equal(1);
      expect(calls[`GET ${ECHO}`]).to.be.within(20, 40);
      expect(relogins).to.equal(0);
      expect(notices).to.have.length(0);
      // The refreshed access token reached the session store.
      expect(session.getSnapshot().user?.accessToken).to.not.equal(user['accessToken']);
      expect(session.getSnapshot().loginMessage).to.have.property('expiresIn');
    });

    it('a failing refresh rejects all 20 and runs relogin once', async () => {
      await loginAs('teacher1');
      await expireAccessTokens();
      await configureServer({ failPaths: [{ path: '/api/uaa/oauth/refresh', bodyStatus: 401 }] });
      const settled = await Promise.allSettled(Array.from({ length: 20 }, () => client.get(ECHO)));
      expect(settled.every((s) => s.status === 'rejected')).to.equal(true);
      for (const s of settled) expect((s as PromiseRejectedResult).reason).to.have.property('kind', 'session');
      expect(relogins).to.equal(1);
      expect((await serverCalls())[REFRESH]).to.equal(1);
      expect(notices).to.have.length(0);
      expect(session.getSnapshot().status).to.equal('logged-out');
    });

    it('a relogin handler that signs the user in again gets the waiting requests retried once', async () => {
      // No session at all: the refresh fails, the handler logs in.
      const retrying = makeClient({
        relogin: async () => {
          relogins++;
          await loginAs('teacher1');
          return true;
        },
      });
      const results = await Promise.all(Array.from({ length: 5 }, () => retrying.get<EchoData>(ECHO)));
      expect(results.every((r) => r.status === 200)).to.equal(true);
      expect(relogins).to.equal(1);
      const calls = await serverCalls();
      expect(calls[REFRESH]).to.equal(1);
      expect(calls[`GET ${ECHO}`]).to.equal(10);
    });

    it('retries a request once only: a second 401 rejects', async () => {
      await loginAs('teacher1');
      await configureServer({ failPaths: [{ path: ECHO, bodyStatus: 401, count: 2 }] });
      const error = await rejection(client.get(ECHO));
      expect(error.kind).to.equal('session');
      const calls = await serverCalls();
      expect(calls[REFRESH]).to.equal(1);
      expect(calls[`GET ${ECHO}`]).to.equal(2);
      expect(relogins).to.equal(0);
    });

    it('redirect relogin goes to /login?redirect_uri={current url} once', async () => {
      const redirecting = makeClient({ relogin: 'redirect' });
      const settled = await Promise.allSettled([redirecting.get(ECHO), redirecting.get(ECHO), redirecting.get(ECHO)]);
      expect(settled.every((s) => s.status === 'rejected')).to.equal(true);
      expect(navigations).to.deep.equal([
        `/login?redirect_uri=${encodeURIComponent('http://portal.example/pages/base/pc_desktop_all/index.html#/home?tab=1')}`,
      ]);
    });

    it('in the app, re-logs in with the client id before relogin handling', async () => {
      const inApp = makeClient({ userClientId: 'demo-client-teacher1' });
      const envelope = await inApp.get<EchoData>(ECHO);
      expect(envelope.status).to.equal(200);
      expect(relogins).to.equal(0);
      expect(session.getSnapshot().user?.loginName).to.equal('teacher1');
      const calls = await serverCalls();
      expect(calls['POST /api/uaa/oauth/login_user_client']).to.equal(1);
    });

    it('an unknown client id falls through to the relogin handler', async () => {
      const inApp = makeClient({ userClientId: 'no-such-client' });
      await rejection(inApp.get(ECHO));
      expect(relogins).to.equal(1);
    });

    it('noIntercept requests never trigger the refresh', async () => {
      await loginAs('teacher1');
      await expireAccessTokens();
      const envelope = await client.get(ECHO, undefined, { noIntercept: true });
      expect(envelope.status).to.equal(401);
      expect((await serverCalls())[REFRESH]).to.equal(undefined);
      expect(relogins).to.equal(0);
    });

    it('two "tabs" (clients sharing the cookies, the Web Lock and the channel) keep the session 10 of 10 rounds', async function () {
      // Ten rounds of 40 calls through the test server's proxy: about a second a round on a loaded machine.
      this.timeout(60_000);
      // Each client has its own recovery, as two tabs do; the cookies, the lock and the channel are shared.
      const secondSession = createSessionStore();
      const tabA = makeClient({ shareAcrossTabs: true });
      const tabB = makeClient({ shareAcrossTabs: true, session: secondSession });
      try {
        const user = await loginAs('teacher1');
        session.login(user);
        secondSession.login(user);
        let total = 0;
        let adopted = 0;
        for (let round = 0; round < 10; round++) {
          const calls = await serverCalls();
          const before = calls[REFRESH] ?? 0;
          const probesBefore = calls[ME] ?? 0;
          await expireAccessTokens();
          const settled = await Promise.allSettled(
            [tabA, tabB].flatMap((tab) => Array.from({ length: 20 }, (_, i) => tab.get<EchoData>(ECHO, { i }))),
          );
          const failed = settled.filter((s) => s.status === 'rejected' || s.value.status !== 200);
          expect(failed, `round ${round}`).to.have.length(0);
          // One refresh between them, at most one more if the second tab started its own after the first ended.
          const after = await serverCalls();
          const refreshes = (after[REFRESH] ?? 0) - before;
          expect(refreshes, `round ${round}`).to.be.within(1, 2);
          total += refreshes;
          // With one refresh and no probe, the tab that did not refresh adopted the announced answer. Each answer
          // carries its own handover token, so two refreshes, or a tab that waited for the lock and probed the
          // cookies (`me` answers a token of its own) before the announcement came, leave the tabs with different
          // ones, both valid.
          if (refreshes === 1 && (after[ME] ?? 0) === probesBefore) {
            expect(secondSession.getSnapshot().user?.accessToken, `round ${round}`).to.equal(
              session.getSnapshot().user?.accessToken,
            );
            adopted++;
          }
        }
        // Tabs each refreshing on their own would make 20.
        expect(total).to.be.below(13);
        expect(adopted).to.be.at.least(7);
        expect(relogins).to.equal(0);
        expect(notices).to.have.length(0);
      } finally {
        secondSession.dispose();
      }
    });
  });

  describe('plain JSON files', () => {
    it('getJson returns the parsed file without envelope checks', async () => {
      const pack = await client.getJson<Record<string, string>>('/common/plugins/common-ph/2.0.0/lang/en-ph.json', {
        cache: true,
      });
      expect(pack['common.confirm']).to.equal('OK');
    });

    it('getJson rejects a missing file with an HTTP error', async () => {
      const error = await rejection(
        client.getJson('/common/plugins/common-ph/2.0.0/lang/fr-ph.json', { silent: true }),
      );
      expect(error.kind).to.equal('http');
      expect(error.status).to.equal(404);
    });
  });
});
