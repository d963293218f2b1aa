/**
 * The protocol client against the reference server's real development gateway: the token call, a whole utterance
 * with intermediate results, silence, and every way a task ends badly (TaskFailed at the start and while
 * recording, a closed socket, no answer, no connection, cancel).
 */
import { expect } from '@open-wc/testing';
import type { Client } from '../http/client.ts';
import { RequestError } from '../http/errors.ts';
import { configureServer, configureVoice, loginAs, rejection, serverCalls } from '../test-support/server.ts';
import { useReferenceServer } from '../test-support/server-suite.ts';
import { getSpeechToken, SpeechTokenError, VOICE_PATHS, type SpeechToken } from './api.ts';
import { createPcmEncoder } from './pcm.ts';
import { gatewayAddress, newSpeechId, SpeechError, startRecognition, type RecognitionTask } from './recognizer.ts';
import { resolveVoiceText } from './text.ts';
import { voiceText } from './texts.ts';

const MIC_RATE = 48000;

/** Microphone blocks (48 kHz mono) of a voiced sound: a 180 Hz tone with harmonics in 4 Hz syllables. */
function voiced(seconds: number): Float32Array {
  return Float32Array.from({ length: MIC_RATE * seconds }, (_, i) => {
    const t = i / MIC_RATE;
    const envelope = 0.35 + 0.25 * Math.sin(2 * Math.PI * 4 * t);
    return (envelope * (Math.sin(2 * Math.PI * 180 * t) + 0.5 * Math.sin(4 * Math.PI * 180 * t))) / 1.5;
  });
}
const quiet = (seconds: number) => new Float32Array(MIC_RATE * seconds);

/** Sends a signal through the PCM encoder in 128-sample blocks, as the recorder's worklet will. */
function speak(task: RecognitionTask, signal: Float32Array): void {
  const encoder = createPcmEncoder(MIC_RATE);
  for (let offset = 0; offset < signal.length; offset += 128) {
    for (const frame of encoder.push([signal.subarray(offset, offset + 128)])) task.sendAudio(frame);
  }
  for (const frame of encoder.flush()) task.sendAudio(frame);
}

const failure = (promise: Promise<unknown>) => rejection(promise, SpeechError);

describe('speech recognition (development gateway)', () => {
  let client: Client;
  useReferenceServer((parts) => (client = parts.client));
  let token: SpeechToken;

  beforeEach(async () => {
    await loginAs('teacher1');
    await configureVoice({ transcripts: { teacher1: '' } });
    token = await getSpeechToken('en', { client });
  });

  afterEach(() => configureVoice({ transcripts: { teacher1: '' } }));

  it('gets a token, an appkey and the gateway from get_ali_token', () => {
    expect(token.token).to.match(/^[0-9a-f]{48}$/);
    expect(token.appkey).to.equal('edu-portal-dev-gateway');
    // The gateway on the host the page reached (the test server passes the page's Host and WebSocket upgrades on).
    expect(token.url).to.equal(`ws://${location.host}/api/speech/ws/v1`);
    expect(token.expiresAt! - Date.now()).to.be.within(590_000, 600_000);
    expect(gatewayAddress(token)).to.equal(`${token.url}?token=${token.token}`);
    expect(newSpeechId()).to.match(/^[0-9a-f]{32}$/);
  });

  it('speaks a whole utterance: started, intermediate results growing, the final text, then the skill opens', async () => {
    const results: string[] = [];
    const task = await startRecognition(token, { onResult: (text) => results.push(text) });
    expect(task.active).to.equal(true);
    expect(task.taskId).to.match(/^[0-9a-f]{32}$/);
    speak(task, Float32Array.from([...quiet(0.3), ...voiced(1.5), ...quiet(0.2)]));
    const text = await task.stop();
    expect(task.active).to.equal(false);
    expect(text).to.equal('Open Homework.');
    expect(results.length).to.be.greaterThan(0);
    for (const [i, result] of results.entries()) {
      expect('Open Homework.'.startsWith(result)).to.equal(true, result);
      if (i > 0) expect(result.length).to.be.greaterThan(results[i - 1]!.length);
    }
    const outcome = await resolveVoiceText(text, { client, lang: 'en' });
    expect(outcome).to.deep.equal({
      kind: 'open',
      text: 'Open Homework',
      url: `${location.origin}/pages/homework/pc_homework_tm/index.html`,
    });
  });

  it('hears silence as an empty text, which gives "didn\'t catch that" without asking for a skill', async () => {
    const results: string[] = [];
    const task = await startRecognition(token, { onResult: (text) => results.push(text) });
    speak(task, quiet(1.5));
    expect(await task.stop()).to.equal('');
    expect(results).to.deep.equal([]);
    const outcome = await resolveVoiceText('', { client, lang: 'en' });
    expect(outcome).to.deep.equal({
      kind: 'empty',
      text: '',
      message: "I didn't quite catch that. Can you say it again?",
    });
    expect((await serverCalls())[`POST ${VOICE_PATHS.vocabulary}`]).to.equal(undefined);
  });

  it('answers the transcript configured for the user; an unknown phrase gives "no skill"', async () => {
    await configureVoice({ transcripts: { teacher1: '打开天气预报！' } });
    const task = await startRecognition(token);
    speak(task, voiced(1));
    const text = await task.stop();
    expect(text).to.equal('打开天气预报！');
    expect(await resolveVoiceText(text, { client, lang: 'zh-HK' })).to.deep.equal({
      kind: 'no-skill',
      text: '打开天气预报',
      message: '哎呀，這個技能我還沒學會，換個說法試試吧！',
    });
  });

  it('ends with TaskFailed at the start: an expired token (40000001)', async () => {
    await configureVoice({ tokenTtlMs: 1 });
    const short = await getSpeechToken('zh-CN', { client });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const error = await failure(startRecognition(short));
    expect(error.kind).to.equal('failed');
    expect(error.status).to.equal(40000001);
    expect(error.statusText).to.match(/expired/);
    expect(error.localizedMessage('en')).to.equal('Speech recognition failed (40000001), please try again');
    expect(error.localizedMessage('zh-CN')).to.equal('语音识别失败（40000001），请再试一次');
  });

  it('ends with TaskFailed while recording: past the speech limit (41010104), reported by stop()', async () => {
    await configureVoice({ maxSpeechMs: 500 });
    const task = await startRecognition(token);
    speak(task, voiced(1));
    const error = await failure(task.stop());
    expect([error.kind, error.status]).to.deep.equal(['failed', 41010104]);
    expect(task.active).to.equal(false);
  });

  it('ends when the gateway closes the socket without an event, at the start or after the stop', async () => {
    await configureVoice({ dropAt: 'start' });
    const atStart = await failure(startRecognition(token));
    expect(atStart.kind).to.equal('closed');
    expect(atStart.localizedMessage('en')).to.equal('The connection to the speech service was lost, please try again');

    await configureVoice({ dropAt: 'stop' });
    const task = await startRecognition(token);
    speak(task, voiced(0.5));
    expect((await failure(task.stop())).kind).to.equal('closed');
  });

  it('ends when the gateway does not answer within the timeout', async () => {
    await configureVoice({ stallAt: 'start' });
    const started = Date.now();
    const atStart = await failure(startRecognition(token, { timeoutMs: 300 }));
    expect(atStart.kind).to.equal('timeout');
    expect(Date.now() - started).to.be.within(250, 2000);
    expect(atStart.localizedMessage('en')).to.equal('The speech service did not answer, please try again later');

    await configureVoice({ stallAt: 'stop' });
    const task = await startRecognition(token, { timeoutMs: 300 });
    speak(task, voiced(0.5));
    expect((await failure(task.stop())).kind).to.equal('timeout');
  });

  it('ends when the gateway cannot be reached', async () => {
    const unreachable = { ...token, url: 'ws://127.0.0.1:9/ws/v1' };
    const error = await failure(startRecognition(unreachable, { timeoutMs: 3000 }));
    expect(error.kind).to.equal('connect');
    expect(error.localizedMessage('en')).to.equal('Could not reach the speech service, please check the network');
  });

  it('cancel discards the utterance: a pending stop rejects as cancelled, nothing more is reported', async () => {
    const results: string[] = [];
    let task = await startRecognition(token, { onResult: (text) => results.push(text) });
    task.cancel();
    expect(task.active).to.equal(false);
    speak(task, voiced(1));
    expect((await failure(task.stop())).kind).to.equal('closed');
    expect(results).to.deep.equal([]);

    task = await startRecognition(token, { onResult: (text) => results.push(text) });
    speak(task, voiced(1));
    const stopping = task.stop();
    task.cancel();
    expect((await failure(stopping)).kind).to.equal('cancelled');
  });

  it('a token call that fails rejects, and the recorder has its "check server configuration!" text', async () => {
    await configureServer({ failPaths: [{ path: VOICE_PATHS.token, bodyStatus: 500, count: 1 }] });
    const error = await rejection(getSpeechToken('en', { client, silent: true }));
    expect(error).to.be.instanceOf(RequestError);
    expect(voiceText('voiceTokenFailed', {}, 'en')).to.equal('check server configuration!');
    expect(voiceText('voiceTokenFailed', {}, 'zh-CN')).to.equal('请检查服务器配置！');
  });

  it('a token answer without a token is a configuration error too', async () => {
    const broken = { get: async () => ({ status: 200, code: 'ok', message: '', fieldErrors: [], data: { url: 'x' } }) };
    let caught: unknown;
    await getSpeechToken('en', { client: broken as unknown as Client }).catch((error: unknown) => (caught = error));
    expect(caught).to.be.instanceOf(SpeechTokenError);
  });
});
