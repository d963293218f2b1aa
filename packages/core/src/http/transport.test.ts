/** The XHR transport under the client, against the reference server's echo route (size budgets: axios replaced). */
import { expect } from '@open-wc/testing';
import { configureServer, loginAs, resetServer, serverCalls } from '../test-support/server.ts';
import { send, TransportError, withParams, type UploadProgress } from './transport.ts';

const ECHO = '/api/__test/echo';

interface Echo {
  data: { method: string; query: Record<string, unknown>; body: unknown; headers: Record<string, string> };
}

async function echo(init: Parameters<typeof send>[0]): Promise<Echo['data']> {
  const response = await send(init);
  expect(response.status).to.equal(200);
  return (JSON.parse(response.body) as Echo).data;
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(TransportError);
    return (error as TransportError).reason;
  }
  throw new Error('expected the exchange to fail');
}

describe('XHR transport', () => {
  beforeEach(async () => {
    await resetServer();
    await loginAs('teacher1');
  });
  after(() => resetServer());

  it('adds parameters to the query the URL has: arrays repeat the key, objects as JSON, null left out', async () => {
    expect(withParams('/a?x=1#frag', { y: 2, z: null, w: undefined })).to.equal('/a?x=1&y=2');
    expect(withParams('/a#frag')).to.equal('/a');
    const { query, method } = await echo({
      method: 'get',
      url: `${ECHO}?x=1`,
      params: { ids: [3, 4], filter: { a: 1 }, empty: null, text: 'a b&c' },
    });
    expect(method).to.equal('GET');
    expect(query).to.deep.equal({ x: '1', ids: ['3', '4'], filter: '{"a":1}', text: 'a b&c' });
  });

  it('sends a plain object as JSON, a form as url-encoded, a string as text, with the given headers', async () => {
    const json = await echo({ method: 'post', url: ECHO, body: { a: [1, 2] }, headers: { 'Sy-App': 'x' } });
    expect(json.headers['content-type']).to.match(/^application\/json;charset=utf-8$/i);
    expect(json.headers['sy-app']).to.equal('x');
    expect(json.body).to.deep.equal({ a: [1, 2] });
    const form = await echo({ method: 'post', url: ECHO, body: new URLSearchParams({ a: '1' }) });
    expect(form.headers['content-type']).to.match(/^application\/x-www-form-urlencoded;charset=utf-8$/i);
    expect(form.body).to.deep.equal({ a: '1' });
    const text = await echo({ method: 'put', url: ECHO, body: 'plain' });
    expect(text.headers['content-type']).to.match(/^text\/plain/);
  });

  it('reports upload progress up to the whole body', async () => {
    const events: UploadProgress[] = [];
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(300_000)]), 'zeros.bin');
    const data = await echo({ method: 'post', url: ECHO, body: form, onUploadProgress: (e) => events.push(e) });
    expect((data.body as { file: { size: number } }).file.size).to.equal(300_000);
    expect(events.length).to.be.greaterThan(0);
    const last = events.at(-1)!;
    expect(last.loaded).to.be.at.least(300_000);
    expect(last.total).to.equal(last.loaded);
  });

  it('never sends a request cancelled in the task that made it', async () => {
    await configureServer({});
    const before = (await serverCalls())['GET /api/__test/echo'] ?? 0;
    const controller = new AbortController();
    const pending = send({ method: 'get', url: ECHO, signal: controller.signal });
    controller.abort();
    expect(await failure(pending)).to.equal('canceled');
    // A later request on the same route is counted: the cancelled one never reached the server.
    await echo({ method: 'get', url: ECHO });
    expect((await serverCalls())['GET /api/__test/echo']).to.equal(before + 1);
  });

  it('gives the status, its text, the body and response headers of any status', async () => {
    const response = await send({ method: 'get', url: '/api/__test/no-such-route' });
    expect(response.status).to.equal(404);
    expect(response.statusText).to.equal('Not Found');
    expect(response.header('content-type')).to.match(/json/);
    expect(JSON.parse(response.body)).to.be.an('object');
  });

  it('tells a cancelled request (before or during), a timeout and a network failure apart', async () => {
    const before = new AbortController();
    before.abort();
    expect(await failure(send({ method: 'get', url: ECHO, signal: before.signal }))).to.equal('canceled');
    await configureServer({ delayMs: 400 });
    const during = new AbortController();
    const pending = send({ method: 'get', url: ECHO, signal: during.signal });
    await new Promise((resolve) => setTimeout(resolve, 50)); // on the wire by now, its answer delayed
    during.abort();
    expect(await failure(pending)).to.equal('canceled');
    expect(await failure(send({ method: 'get', url: ECHO, timeoutMs: 100 }))).to.equal('timeout');
    // Nothing listens on port 9 of this host.
    expect(await failure(send({ method: 'get', url: 'http://127.0.0.1:9/x' }))).to.equal('network');
  });
});
