/**
 * The development speech gateway with the vendor's own client: Alibaba's Node.js SDK (`alibabacloud-nls`, its
 * `SpeechRecognition`, unchanged), which sends the token in the `X-NLS-Token` header, a `context` beside every
 * command and `payload` on StopRecognition. Its frames as it sends them, its events as it reads them.
 */
import assert from 'node:assert/strict';
import { describe, it, beforeEach } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import SpeechRecognition from 'alibabacloud-nls';
import { speechPcm } from '../../../scripts/speech-tools.mjs';
import { SPEECH_STATUS } from '../src/speech/gateway.ts';
import { Client, login, useServer, type RunningServer } from './helpers.ts';

interface SdkEvent {
  header: {
    namespace: string;
    name: string;
    status: number;
    status_text: string;
    task_id: string;
    message_id: string;
  };
  payload?: { result?: string; duration?: number };
}

const parse = (text: string) => JSON.parse(text) as SdkEvent;

describe('the development gateway with Alibaba’s Node.js SDK', () => {
  const suite = useServer();
  let teacher: Client;
  const token = async () => {
    const { body } = await teacher.call('GET', '/api/base/get_ali_token?language=zh-CN');
    assert.equal(body.status, 200, JSON.stringify(body));
    return body.data as { token: string; appkey: string; url: string };
  };

  beforeEach(async () => {
    teacher = await login({ url: suite.url } as RunningServer, 'teacher1');
    const set = await new Client(suite.url).call('POST', '/api/__test/voice/config', {
      json: { transcripts: { teacher1: '打开作业管理。' } },
    });
    assert.equal(set.body.status, 200, JSON.stringify(set.body));
  });

  it('authenticates with the X-NLS-Token header and recognises a spoken sentence, as the real service answers', async () => {
    // Spoken first: making it (espeak-ng, ffmpeg) can take seconds on a busy machine, and the gateway ends a task
    // that sends no audio for 10 s.
    const pcm = speechPcm('打开作业管理', { padMs: 200 });
    const { token: value, appkey, url } = await token();
    const sr = new SpeechRecognition({ url, appkey, token: value });
    const changed: SdkEvent[] = [];
    const failed: SdkEvent[] = [];
    sr.on('changed', (text: string) => changed.push(parse(text)));
    sr.on('failed', (text: string) => failed.push(parse(text)));
    const closed = new Promise<void>((resolve) => sr.on('closed', () => resolve()));

    const started = parse(await sr.start(sr.defaultStartParams(), true, 6000));
    assert.equal(started.header.name, 'RecognitionStarted');
    assert.equal(started.header.status, SPEECH_STATUS.success);
    assert.equal(started.header.status_text, 'Gateway:SUCCESS:Success.');
    assert.equal(started.header.namespace, 'SpeechRecognizer');
    assert.match(started.header.message_id, /^[0-9a-f]{32}$/);
    // The task id the SDK chose, echoed as it was sent.
    const taskId = (sr as unknown as { _taskid: string })._taskid;
    assert.equal(started.header.task_id, taskId);

    // Real speech in 100 ms frames at real-time pace, as the SDK's example sends a file.
    for (let at = 0; at < pcm.length; at += 3200) {
      assert.equal(sr.sendAudio(pcm.subarray(at, at + 3200)), true);
      await sleep(20);
    }
    const completed = parse(await sr.close({}));
    assert.equal(completed.header.name, 'RecognitionCompleted');
    assert.equal(completed.header.status, SPEECH_STATUS.success);
    assert.equal(completed.header.task_id, taskId);
    assert.equal(completed.payload?.result, '打开作业管理。');
    assert.ok((completed.payload?.duration ?? 0) > 500, JSON.stringify(completed.payload));
    assert.ok(changed.length > 0, 'intermediate results');
    for (const event of changed) {
      assert.equal(event.header.task_id, taskId);
      assert.equal(event.header.status, SPEECH_STATUS.success);
      assert.equal(typeof event.payload?.result, 'string');
      assert.equal(typeof event.payload?.duration, 'number');
    }
    assert.deepEqual(failed, []);
    await closed;
  });

  it('refuses a wrong token in the header as it refuses one in the query: TaskFailed 40000001', async () => {
    const { appkey, url } = await token();
    const sr = new SpeechRecognition({ url, appkey, token: 'f'.repeat(48) });
    const failed = new Promise<SdkEvent>((resolve) => sr.on('failed', (text: string) => resolve(parse(text))));
    void sr.start(sr.defaultStartParams(), false).catch(() => undefined);
    const event = await failed;
    assert.equal(event.header.name, 'TaskFailed');
    assert.equal(event.header.status, SPEECH_STATUS.accessDenied);
    assert.match(event.header.status_text, /^Gateway:ACCESS_DENIED:/);
  });

  it('still takes the token as ?token= (browsers cannot set headers on a WebSocket); the header wins over the query', async () => {
    const { token: value, appkey, url } = await token();
    const first = async (socket: WebSocket) => {
      const event = new Promise<SdkEvent>((resolve) => socket.once('message', (data) => resolve(parse(String(data)))));
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      socket.send(
        JSON.stringify({
          header: {
            message_id: 'a'.repeat(32),
            task_id: 'B'.repeat(32),
            namespace: 'SpeechRecognizer',
            name: 'StartRecognition',
            appkey,
          },
          payload: { format: 'pcm', sample_rate: 16000 },
        }),
      );
      const answer = await event;
      socket.close();
      return answer;
    };
    const byQuery = await first(new WebSocket(`${url}?token=${value}`));
    assert.equal(byQuery.header.name, 'RecognitionStarted');
    assert.equal(byQuery.header.task_id, 'B'.repeat(32), 'the task id exactly as sent');
    const both = await first(new WebSocket(`${url}?token=${'0'.repeat(48)}`, { headers: { 'X-NLS-Token': value } }));
    assert.equal(both.header.name, 'RecognitionStarted');
  });
});
