/**
 * Voice commands on the server: Alibaba's CreateToken signing (against the documented example), the token call in
 * both modes, the development gateway's protocol checks, silence and speech, intermediate results, the 60 s cap,
 * and the skills (matching rules and permission).
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { speechPcm } from '../../../scripts/speech-tools.mjs';
import { isHostPage } from '../src/http/host-pages.ts';
import {
  canonicalQuery,
  createTokenParameters,
  popSignature,
  signedCreateTokenQuery,
  stringToSign,
} from '../src/speech/aliyun.ts';
import { DEV_APPKEY, SPEECH_STATUS, transcriptUnits } from '../src/speech/gateway.ts';
import { skillKey } from '../src/speech/skills.ts';
import { Client, login, startServer, useServer, type Json, type RunningServer } from './helpers.ts';

/** The example of Alibaba's "obtain an access token by calling an API operation" page. */
const DOC_EXAMPLE = {
  parameters: {
    AccessKeyId: 'my_access_key_id',
    Action: 'CreateToken',
    Format: 'JSON',
    RegionId: 'cn-shanghai',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: 'b924c8c3-6d03-4c5d-ad36-d984d3116788',
    SignatureVersion: '1.0',
    Timestamp: '2019-04-18T08:32:31Z',
    Version: '2019-02-28',
  },
  secret: 'my_access_key_secret',
  canonical:
    'AccessKeyId=my_access_key_id&Action=CreateToken&Format=JSON&RegionId=cn-shanghai&SignatureMethod=HMAC-SHA1' +
    '&SignatureNonce=b924c8c3-6d03-4c5d-ad36-d984d3116788&SignatureVersion=1.0&Timestamp=2019-04-18T08%3A32%3A31Z' +
    '&Version=2019-02-28',
  stringToSign:
    'GET&%2F&AccessKeyId%3Dmy_access_key_id%26Action%3DCreateToken%26Format%3DJSON%26RegionId%3Dcn-shanghai' +
    '%26SignatureMethod%3DHMAC-SHA1%26SignatureNonce%3Db924c8c3-6d03-4c5d-ad36-d984d3116788' +
    '%26SignatureVersion%3D1.0%26Timestamp%3D2019-04-18T08%253A32%253A31Z%26Version%3D2019-02-28',
  signature: 'hHq4yNsPitlfDJ2L0nQPdugdEzM=',
};

describe('Alibaba CreateToken signing', () => {
  it('matches the documented example: canonical query, string to sign, signature and signed query', () => {
    assert.equal(canonicalQuery(DOC_EXAMPLE.parameters), DOC_EXAMPLE.canonical);
    assert.equal(stringToSign('GET', DOC_EXAMPLE.canonical), DOC_EXAMPLE.stringToSign);
    assert.equal(popSignature('GET', DOC_EXAMPLE.parameters, DOC_EXAMPLE.secret), DOC_EXAMPLE.signature);
    assert.equal(
      signedCreateTokenQuery(DOC_EXAMPLE.parameters, DOC_EXAMPLE.secret),
      `Signature=hHq4yNsPitlfDJ2L0nQPdugdEzM%3D&${DOC_EXAMPLE.canonical}`,
    );
    assert.notEqual(popSignature('GET', DOC_EXAMPLE.parameters, 'another_secret'), DOC_EXAMPLE.signature);
  });

  it('builds the documented parameters from a configuration, a time and a nonce', () => {
    const built = createTokenParameters(
      { accessKeyId: 'my_access_key_id', regionId: 'cn-shanghai' },
      new Date('2019-04-18T08:32:31.456Z'),
      'b924c8c3-6d03-4c5d-ad36-d984d3116788',
    );
    assert.deepEqual(built, DOC_EXAMPLE.parameters);
  });
});

/** A stand-in for Alibaba's CreateToken endpoint that checks the signature of what it receives. */
async function createTokenStandIn(secret: string, answer: () => { status: number; body: unknown }) {
  const requests: URLSearchParams[] = [];
  const server: Server = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    requests.push(query);
    const { Signature: signature, ...parameters } = Object.fromEntries(query);
    const valid = signature === popSignature('GET', parameters, secret);
    const { status, body } = valid
      ? answer()
      : { status: 400, body: { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched' } };
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, requests, close: () => new Promise((r) => server.close(r)) };
}

describe('get_ali_token with Alibaba Cloud credentials', () => {
  const secret = 'test-secret';
  let standIn: Awaited<ReturnType<typeof createTokenStandIn>>;
  let server: RunningServer;
  const answer = () => ({
    status: 200,
    body: { Token: { Id: 'real-token-1', ExpireTime: Math.floor(Date.now() / 1000) + 86400, UserId: '1' } },
  });
  before(async () => {
    standIn = await createTokenStandIn(secret, () => answer());
    server = await startServer({
      aliyunSpeech: {
        accessKeyId: 'test-id',
        accessKeySecret: secret,
        appkey: 'real-appkey',
        regionId: 'cn-shanghai',
        metaUrl: standIn.url,
        gatewayUrl: 'wss://nls-gateway-cn-shanghai.aliyuncs.com/ws/v1',
      },
    });
  });
  after(async () => {
    await server.close();
    await standIn.close();
  });

  it('returns the real token, appkey and gateway, and asks CreateToken once while the token is fresh', async () => {
    const teacher = await login(server, 'teacher1');
    const first = await teacher.call('GET', '/api/base/get_ali_token?language=zh-CN');
    assert.equal(first.body.status, 200);
    assert.equal(first.body.data.token, 'real-token-1');
    assert.equal(first.body.data.appkey, 'real-appkey');
    assert.equal(first.body.data.url, 'wss://nls-gateway-cn-shanghai.aliyuncs.com/ws/v1');
    assert.equal(first.body.data.gateway, 'aliyun');
    const second = await teacher.call('GET', '/api/base/get_ali_token?language=en');
    assert.equal(second.body.data.token, 'real-token-1');
    assert.equal(standIn.requests.length, 1);
    const sent = standIn.requests[0]!;
    assert.equal(sent.get('Action'), 'CreateToken');
    assert.equal(sent.get('AccessKeyId'), 'test-id');
    assert.match(sent.get('Timestamp') ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('answers status 500 when CreateToken refuses', async () => {
    const fresh = await startServer({
      aliyunSpeech: {
        accessKeyId: 'test-id',
        accessKeySecret: 'wrong-secret',
        appkey: 'real-appkey',
        regionId: 'cn-shanghai',
        metaUrl: standIn.url,
        gatewayUrl: 'wss://gateway.invalid/ws/v1',
      },
    });
    try {
      const teacher = await login(fresh, 'teacher1');
      const { body } = await teacher.call('GET', '/api/base/get_ali_token?language=zh-CN');
      assert.equal(body.status, 500);
      assert.equal(body.code, 'speech_token_failed');
      assert.equal(body.data, null);
    } finally {
      await fresh.close();
    }
  });
});

// ---- The development gateway -------------------------------------------------------------------------------

const RATE = 16000;
const hex32 = () =>
  [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** 16-bit little-endian PCM of `ms` milliseconds from a sample function (values in −1…1). */
function pcm(ms: number, sample: (t: number) => number): Buffer {
  const count = Math.round((RATE * ms) / 1000);
  const buffer = Buffer.alloc(count * 2);
  for (let i = 0; i < count; i++) {
    const value = Math.max(-1, Math.min(1, sample(i / RATE)));
    buffer.writeInt16LE(Math.round(value * 32767), i * 2);
  }
  return buffer;
}

/** A voiced burst: a 180 Hz tone with harmonics, in syllables of 250 ms (4 Hz amplitude envelope). */
const speech = (ms: number) =>
  pcm(ms, (t) => {
    const envelope = 0.35 + 0.25 * Math.sin(2 * Math.PI * 4 * t);
    const f = 180;
    return (
      (envelope *
        (Math.sin(2 * Math.PI * f * t) + 0.5 * Math.sin(4 * Math.PI * f * t) + 0.25 * Math.sin(6 * Math.PI * f * t))) /
      1.75
    );
  });
/** Room silence: faint noise around −60 dBFS. */
const silence = (ms: number) => pcm(ms, () => (Math.random() * 2 - 1) * 0.001);

function frames(buffer: Buffer, frameMs = 200): Buffer[] {
  const size = (RATE * 2 * frameMs) / 1000;
  const out: Buffer[] = [];
  for (let offset = 0; offset < buffer.length; offset += size) out.push(buffer.subarray(offset, offset + size));
  return out;
}

interface SpeechSocket {
  socket: WebSocket;
  events: Json[];
  taskId: string;
  command(name: string, overrides?: Record<string, unknown>, payload?: Record<string, unknown>): void;
  /** Waits for the next event named so (or any, when no name), failing after `ms`. */
  next(name?: string, ms?: number): Promise<Json>;
  closed: Promise<number>;
}

async function openGateway(url: string, token: string | null): Promise<SpeechSocket> {
  const socket = new WebSocket(token === null ? url : `${url}?token=${encodeURIComponent(token)}`);
  const events: Json[] = [];
  let waiter: (() => void) | null = null;
  socket.on('message', (data, isBinary) => {
    assert.equal(isBinary, false, 'the gateway sends only text events');
    events.push(JSON.parse(String(data)));
    waiter?.();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let read = 0;
  const taskId = hex32();
  return {
    socket,
    events,
    taskId,
    closed,
    command(name, overrides = {}, payload) {
      const header = { message_id: hex32(), task_id: taskId, namespace: 'SpeechRecognizer', name, appkey: DEV_APPKEY };
      socket.send(JSON.stringify({ header: { ...header, ...overrides }, ...(payload ? { payload } : {}) }));
    },
    async next(name, ms = 3000) {
      const deadline = Date.now() + ms;
      for (;;) {
        while (read < events.length) {
          const event = events[read++];
          if (!name || event.header.name === name) return event;
        }
        if (Date.now() > deadline) throw new Error(`no ${name ?? 'event'} within ${ms} ms: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          waiter = resolve;
          setTimeout(resolve, 50);
        });
      }
    },
  };
}

const START_PAYLOAD = {
  format: 'pcm',
  sample_rate: 16000,
  enable_intermediate_result: true,
  enable_punctuation_prediction: true,
  enable_inverse_text_normalization: true,
};

describe('the development gateway', () => {
  const suite = useServer();
  let teacher: Client;
  const voice = (settings: Record<string, unknown>) =>
    new Client(suite.url).call('POST', '/api/__test/voice/config', { json: settings });
  const token = async (client: Client = teacher, language = 'zh-CN') => {
    const { body } = await client.call('GET', `/api/base/get_ali_token?language=${language}`);
    assert.equal(body.status, 200, JSON.stringify(body));
    return body.data as { token: string; appkey: string; url: string; expireTime: number; gateway: string };
  };
  /** A started task on a fresh socket. */
  const started = async (language = 'zh-CN') => {
    const { url, token: value } = await token(teacher, language);
    const gateway = await openGateway(url, value);
    gateway.command('StartRecognition', {}, START_PAYLOAD);
    const event = await gateway.next();
    assert.equal(event.header.name, 'RecognitionStarted', JSON.stringify(event));
    return gateway;
  };
  /** The next event is TaskFailed with `status` (after intermediate results, with `afterResults`); then it closes. */
  const failsWith = async (gateway: SpeechSocket, status: number, afterResults = false) => {
    const event = await gateway.next(afterResults ? 'TaskFailed' : undefined);
    assert.equal(event.header.name, 'TaskFailed', JSON.stringify(event));
    assert.equal(event.header.status, status, JSON.stringify(event));
    assert.equal(event.header.namespace, 'SpeechRecognizer');
    assert.match(event.header.message_id, /^[0-9a-f]{32}$/);
    assert.ok(event.header.status_text);
    assert.equal(await gateway.closed, 1000);
    return event;
  };

  // useServer() resets (sessions included) before each test; this runs after it.
  beforeEach(async () => {
    teacher = await login({ url: suite.url } as RunningServer, 'teacher1');
  });

  it('issues a short-lived token for its own gateway, on the host the caller reached', async () => {
    const data = await token();
    const { port } = new URL(suite.url);
    assert.equal(data.url, `ws://127.0.0.1:${port}/api/speech/ws/v1`);
    assert.equal(data.appkey, DEV_APPKEY);
    assert.equal(data.gateway, 'development');
    assert.match(data.token, /^[0-9a-f]{48}$/);
    const inSeconds = data.expireTime - Date.now() / 1000;
    assert.ok(inSeconds > 590 && inSeconds <= 600, String(inSeconds));
    // Behind a proxy that keeps the Host header (the demo's dev server): the address the browser used.
    const behindProxy = await suite.app.inject({
      method: 'GET',
      url: '/api/base/get_ali_token?language=en',
      headers: { host: 'portal.example.test:8443', cookie: `edu_at=${teacher.cookie('edu_at')}` },
    });
    const proxied = behindProxy.json();
    assert.equal(proxied.data.url, 'ws://portal.example.test:8443/api/speech/ws/v1');
    assert.notEqual(proxied.data.token, data.token);
  });

  it('refuses a missing, unknown or expired token with 40000001', async () => {
    const { url } = await token();
    await failsWith(await openGateway(url, null), SPEECH_STATUS.accessDenied);
    await failsWith(await openGateway(url, 'f'.repeat(48)), SPEECH_STATUS.accessDenied);
    await voice({ tokenTtlMs: 50 });
    const short = await token();
    await sleep(120);
    const expired = await failsWith(await openGateway(url, short.token), SPEECH_STATUS.accessDenied);
    assert.match(expired.header.status_text, /expired/);
    // A token of an account disabled since it was issued.
    await voice({ tokenTtlMs: null });
    const issued = await token();
    const db = suite.app.portal.db;
    db.prepare("UPDATE users SET status = 0 WHERE login_name = 'teacher1'").run();
    try {
      await failsWith(await openGateway(url, issued.token), SPEECH_STATUS.accessDenied);
    } finally {
      db.prepare("UPDATE users SET status = 1 WHERE login_name = 'teacher1'").run();
    }
  });

  it('answers every malformed command with TaskFailed and the protocol status', async () => {
    const { url } = await token();
    const cases: [string, (g: SpeechSocket) => void, number][] = [
      ['not JSON', (g) => g.socket.send('{not json'), SPEECH_STATUS.messageInvalid],
      ['no header', (g) => g.socket.send(JSON.stringify({ payload: START_PAYLOAD })), SPEECH_STATUS.messageInvalid],
      [
        'short message id',
        (g) => g.command('StartRecognition', { message_id: 'abc' }, START_PAYLOAD),
        SPEECH_STATUS.messageInvalid,
      ],
      [
        'non-hex task id',
        (g) => g.command('StartRecognition', { task_id: 'z'.repeat(32) }, START_PAYLOAD),
        SPEECH_STATUS.messageInvalid,
      ],
      [
        'namespace',
        (g) => g.command('StartRecognition', { namespace: 'SpeechTranscriber' }, START_PAYLOAD),
        SPEECH_STATUS.messageInvalid,
      ],
      ['name', (g) => g.command('StartTranscription', {}, START_PAYLOAD), SPEECH_STATUS.messageInvalid],
      ['stop first', (g) => g.command('StopRecognition'), SPEECH_STATUS.messageInvalid],
      [
        'no appkey',
        (g) => g.command('StartRecognition', { appkey: undefined }, START_PAYLOAD),
        SPEECH_STATUS.parameterInvalid,
      ],
      [
        'wrong appkey',
        (g) => g.command('StartRecognition', { appkey: 'other' }, START_PAYLOAD),
        SPEECH_STATUS.parameterInvalid,
      ],
      ['audio first', (g) => g.socket.send(silence(100)), SPEECH_STATUS.messageInvalid],
      [
        'format',
        (g) => g.command('StartRecognition', {}, { ...START_PAYLOAD, format: 'opus' }),
        SPEECH_STATUS.unsupportedFormat,
      ],
      [
        'sample rate',
        (g) => g.command('StartRecognition', {}, { ...START_PAYLOAD, sample_rate: 44100 }),
        SPEECH_STATUS.unsupportedSampleRate,
      ],
      [
        'flag type',
        (g) => g.command('StartRecognition', {}, { ...START_PAYLOAD, enable_intermediate_result: 'yes' }),
        SPEECH_STATUS.parameterInvalid,
      ],
    ];
    for (const [label, send, status] of cases) {
      const gateway = await openGateway(url, (await token()).token);
      send(gateway);
      await failsWith(gateway, status).catch((error: Error) => assert.fail(`${label}: ${error.message}`));
    }
  });

  it('checks the order and the ids within a task', async () => {
    let gateway = await started();
    gateway.command('StartRecognition', {}, START_PAYLOAD);
    await failsWith(gateway, SPEECH_STATUS.messageInvalid);

    gateway = await started();
    gateway.command('StopRecognition', { task_id: hex32() });
    await failsWith(gateway, SPEECH_STATUS.messageInvalid);

    const { url, token: value } = await token();
    gateway = await openGateway(url, value);
    const messageId = hex32();
    gateway.command('StartRecognition', { message_id: messageId }, START_PAYLOAD);
    await gateway.next('RecognitionStarted');
    gateway.command('StopRecognition', { message_id: messageId });
    const failed = await failsWith(gateway, SPEECH_STATUS.messageInvalid);
    assert.equal(failed.header.task_id, gateway.taskId);
  });

  it('checks the frames: whole samples, not empty, at most one second', async () => {
    let gateway = await started();
    gateway.socket.send(Buffer.alloc(3201));
    await failsWith(gateway, SPEECH_STATUS.messageInvalid);
    gateway = await started();
    gateway.socket.send(Buffer.alloc(0));
    await failsWith(gateway, SPEECH_STATUS.tooSmallPacket);
    gateway = await started();
    gateway.socket.send(silence(1000));
    gateway.socket.send(silence(1020));
    await failsWith(gateway, SPEECH_STATUS.tooLargePacket);
  });

  it('answers silence with an empty result and no intermediate results', async () => {
    const gateway = await started();
    for (const frame of frames(silence(2000))) gateway.socket.send(frame);
    gateway.command('StopRecognition');
    const completed = await gateway.next('RecognitionCompleted');
    assert.equal(completed.header.status, SPEECH_STATUS.success);
    assert.equal(completed.header.task_id, gateway.taskId);
    assert.equal(completed.payload.result, '');
    assert.deepEqual(
      gateway.events.map((e) => e.header.name),
      ['RecognitionStarted', 'RecognitionCompleted'],
    );
    assert.equal(await gateway.closed, 1000);
  });

  it("answers speech with the user's default phrase, growing intermediate results first", async () => {
    const gateway = await started();
    for (const frame of frames(Buffer.concat([silence(300), speech(1800), silence(300)]))) gateway.socket.send(frame);
    gateway.command('StopRecognition');
    const completed = await gateway.next('RecognitionCompleted');
    // teacher1's desktop starts with Homework (his saved order).
    assert.equal(completed.payload.result, '打开作业管理。');
    const partials = gateway.events
      .filter((e) => e.header.name === 'RecognitionResultChanged')
      .map((e) => e.payload.result);
    assert.ok(partials.length >= 3, JSON.stringify(partials));
    for (const [i, partial] of partials.entries()) {
      assert.ok('打开作业管理。'.startsWith(partial) && partial.length < '打开作业管理。'.length, partial);
      if (i > 0) assert.ok(partial.length > partials[i - 1].length, 'each result grows');
    }
  });

  it('hears real speech (espeak-ng) as speech, and its pauses alone as silence', async () => {
    const spoken = speechPcm('打开作业管理', { voice: 'cmn', padMs: 500 });
    let gateway = await started();
    for (const frame of frames(spoken)) gateway.socket.send(frame);
    gateway.command('StopRecognition');
    assert.equal((await gateway.next('RecognitionCompleted')).payload.result, '打开作业管理。');
    assert.ok(gateway.events.some((e) => e.header.name === 'RecognitionResultChanged'));

    // The half second of silence before the words, alone.
    gateway = await started();
    for (const frame of frames(spoken.subarray(0, 16000))) gateway.socket.send(frame);
    gateway.command('StopRecognition');
    assert.equal((await gateway.next('RecognitionCompleted')).payload.result, '');
  });

  it('answers in English for an English token, and with the transcript the user configured', async () => {
    let gateway = await started('en');
    for (const frame of frames(speech(1500))) gateway.socket.send(frame);
    gateway.command('StopRecognition');
    assert.equal((await gateway.next('RecognitionCompleted')).payload.result, 'Open Homework.');

    const set = await teacher.call('POST', '/api/speech/dev/transcript', { json: { transcript: '打开课程表！' } });
    assert.deepEqual(set.body.data, { transcript: '打开课程表！', configured: true, gateway: 'development' });
    gateway = await started();
    for (const frame of frames(speech(1500))) gateway.socket.send(frame);
    gateway.command('StopRecognition');
    assert.equal((await gateway.next('RecognitionCompleted')).payload.result, '打开课程表！');

    await voice({ transcripts: { teacher1: 'open the weather' } });
    gateway = await started();
    for (const frame of frames(speech(1500))) gateway.socket.send(frame);
    gateway.command('StopRecognition');
    assert.equal((await gateway.next('RecognitionCompleted')).payload.result, 'open the weather');
    const units = transcriptUnits('open the weather');
    assert.deepEqual(units, ['open ', 'the ', 'weather']);

    const cleared = await teacher.call('POST', '/api/speech/dev/transcript', { json: { transcript: '' } });
    assert.deepEqual(cleared.body.data, { transcript: '打开作业管理。', configured: false, gateway: 'development' });
  });

  it('stops a task at 60 s of audio with 41010104, and accepts exactly 60 s', async () => {
    let gateway = await started();
    for (const frame of frames(silence(60_000))) gateway.socket.send(frame);
    gateway.command('StopRecognition');
    const completed = await gateway.next('RecognitionCompleted', 10_000);
    assert.equal(completed.payload.duration, 60_000);

    gateway = await started();
    for (const frame of frames(silence(60_200))) gateway.socket.send(frame);
    await failsWith(gateway, SPEECH_STATUS.tooLongSpeech);

    await voice({ maxSpeechMs: 1000 });
    gateway = await started();
    for (const frame of frames(speech(1200))) gateway.socket.send(frame);
    await failsWith(gateway, SPEECH_STATUS.tooLongSpeech, true);
    assert.deepEqual(
      [...new Set(gateway.events.map((e) => e.header.name))],
      ['RecognitionStarted', 'RecognitionResultChanged', 'TaskFailed'],
    );
  });

  it('ends an idle task with 40000004', async () => {
    await voice({ idleTimeoutMs: 150 });
    const gateway = await started();
    await failsWith(gateway, SPEECH_STATUS.idleTimeout);
  });

  it('test hooks: a gateway that drops the socket, or never answers', async () => {
    await voice({ dropAt: 'stop' });
    let gateway = await started();
    gateway.command('StopRecognition');
    assert.equal(await gateway.closed, 1000);
    assert.deepEqual(
      gateway.events.map((e) => e.header.name),
      ['RecognitionStarted'],
    );

    await voice({ dropAt: null, stallAt: 'start' });
    const { url, token: value } = await token();
    gateway = await openGateway(url, value);
    gateway.command('StartRecognition', {}, START_PAYLOAD);
    await sleep(300);
    assert.deepEqual(gateway.events, []);
    gateway.socket.close();
  });
});

// ---- Skills -------------------------------------------------------------------------------------------------

describe('find_by_vocabulary', () => {
  const suite = useServer();
  const ask = async (client: Client, vocabulary: string, headers: Record<string, string> = {}) => {
    const { body } = await client.call('POST', '/api/base/find_by_vocabulary', { json: { vocabulary }, headers });
    assert.equal(body.status, 200, JSON.stringify(body));
    return body.data as { url: string | null; code: string | null };
  };
  const as = (name: string) => login({ url: suite.url } as RunningServer, name);

  it('ignores case, spaces, full/half width and trailing punctuation', async () => {
    assert.equal(skillKey(' 打开 作业管理！！'), '打开作业管理');
    assert.equal(skillKey('ＯＰＥＮ　Ｈｏｍｅｗｏｒｋ．'), 'openhomework');
    const teacher = await as('teacher1');
    const page = '/pages/homework/pc_homework_tm/index.html';
    for (const phrase of [
      '打开作业管理',
      '打开 作业管理。',
      '打开作业管理！',
      '打开作业',
      'Open Homework.',
      'OPEN homework!',
      'ｏｐｅｎ ｈｏｍｅｗｏｒｋ，',
    ]) {
      assert.deepEqual(await ask(teacher, phrase), { url: page, code: 'homework' }, phrase);
    }
    assert.deepEqual(await ask(teacher, '作业管理打开'), { url: null, code: null });
    assert.deepEqual(await ask(teacher, ''), { url: null, code: null });
    assert.equal((await ask(teacher, 'open Exams and Scores')).url, '/pages/exam/pc_exam_tm/index.html');
    assert.equal(
      (await ask(teacher, 'open homework', { 'sy-device': 'mobile' })).url,
      '/pages/homework/mobile_homework_tm/index.html',
    );
  });

  it('matches traditional characters (Hong Kong and Taiwan forms) as the simplified phrase', async () => {
    assert.equal(skillKey('打開作業管理。'), '打开作业管理');
    assert.equal(skillKey('Open Homework'), 'openhomework');
    const teacher = await as('teacher1');
    const page = '/pages/homework/pc_homework_tm/index.html';
    for (const phrase of ['打開作業管理', '打開 作業管理！', '打開作業']) {
      assert.deepEqual(await ask(teacher, phrase), { url: page, code: 'homework' }, phrase);
    }
    assert.equal((await ask(teacher, '打開消息')).code, 'messages');
    assert.equal((await ask(teacher, '查看訊息')).code, null, 'a different word, not a different script');
    // Every app of the desktop opens by its name in traditional characters too.
    const user = (await teacher.call('GET', '/api/uaa/oauth/me')).body.data;
    const groups = (await teacher.call('GET', `/api/base/desktop/my_app_icon?userId=${user.userId}&appType=1`)).body
      .data as Json[];
    const { Converter } = await import('opencc-js/cn2t');
    const toHongKong = Converter({ from: 'cn', to: 'hk' });
    for (const icon of groups.flatMap((group) => group.iconVMs)) {
      assert.deepEqual(await ask(teacher, toHongKong(`打开${icon.name}`)), await ask(teacher, `打开${icon.name}`));
    }
  });

  it("opens every app of every user's desktop by its Chinese and English names, on a page the server serves", async () => {
    for (const name of ['teacher1', 'parent1', 'area1', 'staff4', 'admin1', 'student1']) {
      const client = await as(name);
      const user = (await client.call('GET', '/api/uaa/oauth/me')).body.data;
      const groups = (await client.call('GET', `/api/base/desktop/my_app_icon?userId=${user.userId}&appType=1`)).body
        .data as Json[];
      const icons = groups.flatMap((group) => group.iconVMs);
      let opened = 0;
      for (const icon of icons) {
        const zh = await ask(client, `打开${icon.name}`);
        const en = await ask(client, `open ${icon.englishName}`);
        assert.deepEqual(en, zh, `${name} ${icon.code}`);
        const enterable =
          icon.updateStatus !== 0 && String(icon.limitUserType).split(',').includes(String(user.userType));
        const schoolOnlyHidden = user.unitType !== 2 && ['base', 'edu'].includes(icon.code);
        if (!enterable || schoolOnlyHidden) {
          assert.equal(zh.url, null, `${name} may not open ${icon.code}`);
          continue;
        }
        assert.ok(zh.url && isHostPage(zh.url), `${name} ${icon.code}: ${zh.url}`);
        assert.equal(zh.code, icon.code);
        opened += 1;
      }
      assert.ok(opened > 0, `${name} opens some app by voice`);
    }
  });

  it('denies by default: apps not on the desktop, hidden, or closed to the user type; logout is no skill', async () => {
    const student = await as('student1');
    assert.deepEqual(
      await ask(student, '打开考试成绩'),
      { url: null, code: null },
      'exam is shown to students but closed',
    );
    assert.deepEqual(await ask(student, '打开教务管理'), { url: null, code: null }, 'not on the student desktop');
    const teacher = await as('teacher1');
    assert.deepEqual(await ask(teacher, '打开图书馆'), { url: null, code: null }, 'hidden app');
    assert.deepEqual(await ask(teacher, '打开区域管理'), { url: null, code: null }, 'another unit');
    for (const phrase of ['退出登录', '注销', 'logout', 'log out', 'sign out']) {
      assert.deepEqual(await ask(teacher, phrase), { url: null, code: null }, phrase);
    }
    const area = await as('area1');
    assert.equal((await ask(area, '打开区域管理')).url, '/area/areaBase/pc_areaBase_spm/index.html');
    assert.deepEqual(await ask(area, '打开教务管理'), { url: null, code: null }, 'school-only app in an area unit');
  });

  it('opens the desktop places: messages, theme, the desktop', async () => {
    const teacher = await as('teacher1');
    assert.deepEqual(await ask(teacher, '打开消息'), {
      url: '/pages/base/pc_desktop_all/index.html?open=messages',
      code: 'messages',
    });
    assert.deepEqual(await ask(teacher, 'Change theme.'), {
      url: '/pages/base/pc_desktop_all/index.html?open=theme',
      code: 'theme',
    });
    assert.deepEqual(await ask(teacher, '回到桌面'), { url: '/pages/base/pc_desktop_all/index.html', code: 'desktop' });
    const area = await as('area1');
    assert.equal((await ask(area, 'open messages')).url, '/area/areaBase/pc_areaDesktop_all/index.html?open=messages');
  });
});
