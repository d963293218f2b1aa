/**
 * `<edu-voice-recorder>` against the reference server's development gateway, with Chromium's fake microphone (the
 * wtr config plays a looped voiced sound, so every recording is "speech" and gets the configured transcript). Real
 * key presses (`sendKeys`), so the AudioContext runs as it does for a user.
 */
import { expect, fixture, fixtureCleanup, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import {
  configureServer,
  configureVoice,
  loginAs,
  logoutServer,
  resetServer,
  serverCalls,
} from '@edu-portal/core/test-support/server.ts';
import { VOICE_PATHS } from '@edu-portal/core/voice/api.ts';
import { switchLanguage, waitUntil } from '../internal/test-utils.ts';
import { defineElement } from '../internal/define-element.ts';
import { EduVoiceRecorder, type VoiceErrorDetail, type VoiceResultDetail } from './voice-recorder.ts';
import { voiceText } from '@edu-portal/core/voice/texts.ts';

defineElement('edu-voice-recorder', EduVoiceRecorder);

const VOCABULARY = `POST ${VOICE_PATHS.vocabulary}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const part = (el: EduVoiceRecorder, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`)!;
const shown = (el: EduVoiceRecorder, name: string) => {
  const node = el.shadowRoot!.querySelector<HTMLElement>(`[part="${name}"]`);
  return node && !node.hidden ? node.textContent!.trim() : '';
};
const live = (el: EduVoiceRecorder) => el.shadowRoot!.querySelector('[role=status]')!.textContent!.trim();

function record(el: EduVoiceRecorder, { keepPage = true } = {}) {
  const results: VoiceResultDetail[] = [];
  const errors: VoiceErrorDetail[] = [];
  el.addEventListener('edu-voice-result', (event) => {
    results.push(event.detail);
    // The test page must not navigate away.
    if (keepPage) event.preventDefault();
  });
  el.addEventListener('edu-voice-error', (event) => errors.push(event.detail));
  return { results, errors };
}

async function recorder(maxSeconds = 60): Promise<EduVoiceRecorder> {
  const el = await fixture<EduVoiceRecorder>(html`<edu-voice-recorder max-seconds=${maxSeconds}></edu-voice-recorder>`);
  part(el, 'button').focus();
  return el;
}

describe('<edu-voice-recorder>', () => {
  beforeEach(async () => {
    await switchLanguage('en');
    await resetServer();
    await loginAs('teacher1');
  });

  afterEach(async () => {
    await sendKeys({ up: 'Space' }).catch(() => {});
    fixtureCleanup();
    await configureServer({ failPaths: [] });
    await configureVoice({ transcripts: { teacher1: '' } });
    await logoutServer();
    await switchLanguage('zh-CN');
  });

  it('does nothing for a press shorter than 200 ms', async () => {
    const el = await recorder();
    const { results, errors } = record(el);
    const before = shown(el, 'status');
    // One key press (down and up at once): far under 200 ms, even on a loaded machine.
    await sendKeys({ press: 'Space' });
    await sleep(500);
    expect(errors).to.deep.equal([]);
    expect(el.phase).to.equal('idle');
    expect(shown(el, 'status')).to.equal(before);
    expect(shown(el, 'error')).to.equal('');
    expect(live(el)).to.equal('');
    expect(results).to.deep.equal([]);
    expect(errors).to.deep.equal([]);
    const calls = await serverCalls();
    // A tap is no hold: no token fetched, no microphone opened (its light would come on), no look-up.
    expect(calls[`GET ${VOICE_PATHS.token}`]).to.equal(undefined);
    expect(calls[VOCABULARY]).to.equal(undefined);
    expect((el as unknown as { utterance: unknown }).utterance).to.equal(null);
  });

  it('a full-length hold gives the result: never more audio than the limit reaches the gateway', async () => {
    // The gateway's limit as short as the recorder's: a stream one frame too long would fail with 41010104.
    await configureVoice({ maxSpeechMs: 2000, transcripts: { teacher1: 'Open Messages.' } });
    try {
      for (let round = 1; round <= 3; round++) {
        const el = await recorder(2);
        const { results, errors } = record(el);
        await sendKeys({ down: 'Space' });
        await waitUntil(() => el.phase === 'recording', 'recording');
        await waitUntil(() => results.length + errors.length > 0, `the outcome of hold ${round}`, 10_000);
        await sendKeys({ up: 'Space' });
        expect(errors, `hold ${round}`).to.deep.equal([]);
        expect(results[0]!.text).to.equal('Open Messages');
        fixtureCleanup();
      }
    } finally {
      await configureVoice({ maxSpeechMs: null });
    }
  });

  it('moves nothing below it while holding (cancel beside the button, a line kept for the text)', async () => {
    await configureVoice({ transcripts: { teacher1: 'Open Messages.' } });
    const el = await recorder();
    const idle = el.getBoundingClientRect().height;
    await sendKeys({ down: 'Space' });
    await waitUntil(() => el.phase === 'recording', 'recording');
    expect(shown(el, 'cancel')).to.equal('Cancel');
    await waitUntil(() => shown(el, 'text') !== '', 'an intermediate result', 4000);
    expect(el.getBoundingClientRect().height).to.equal(idle);
    await sendKeys({ press: 'Escape' });
    await sendKeys({ up: 'Space' });
  });

  it('says to sign in (not that a session expired) when nobody is signed in', async () => {
    await logoutServer();
    const el = await recorder();
    const { errors } = record(el);
    await sendKeys({ down: 'Space' });
    await waitUntil(() => errors.length === 1, 'the error');
    await sendKeys({ up: 'Space' });
    expect(errors[0]).to.deep.equal({ kind: 'signed-out', message: 'Please sign in to use voice commands' });
    expect(shown(el, 'error')).to.equal('Please sign in to use voice commands');
  });

  it('zh-HK: shows the text in traditional characters; a traditional command opens its skill', async () => {
    await switchLanguage('zh-HK');
    await configureVoice({ transcripts: { teacher1: '打開作業管理。' } });
    const el = await recorder();
    const { results, errors } = record(el);
    await sendKeys({ down: 'Space' });
    await waitUntil(() => el.phase === 'recording', 'recording');
    await sleep(1500);
    await sendKeys({ up: 'Space' });
    await waitUntil(() => results.length + errors.length > 0, 'the outcome', 8000);
    expect(errors).to.deep.equal([]);
    expect(new URL(results[0]!.url!).pathname).to.equal('/pages/homework/pc_homework_tm/index.html');
    expect(shown(el, 'text')).to.equal('打開作業管理');
    // A recogniser that answers in simplified characters: a zh-HK user still reads traditional ones.
    await configureVoice({ transcripts: { teacher1: '打开作业管理。' } });
    await waitUntil(() => el.phase === 'idle', 'idle');
    const second = record(el);
    await sendKeys({ down: 'Space' });
    await waitUntil(() => el.phase === 'recording', 'recording');
    await sleep(1500);
    await sendKeys({ up: 'Space' });
    await waitUntil(() => second.results.length + second.errors.length > 0, 'the second outcome', 8000);
    expect(second.errors).to.deep.equal([]);
    expect(shown(el, 'text')).to.equal('打開作業管理');
    expect(second.results[0]!.url).to.not.equal(null);
  });

  it('holds, shows the hint, records with a countdown, shows live and final text, then the result event', async () => {
    await configureVoice({ transcripts: { teacher1: 'Open Messages.' } });
    const el = await recorder();
    const { results, errors } = record(el);
    await sendKeys({ down: 'Space' });
    await waitUntil(() => el.phase === 'holding' || el.phase === 'recording', 'holding after 200 ms');
    expect(shown(el, 'status')).to.equal('Hold to enter voice recognition');
    expect(part(el, 'button').getAttribute('aria-pressed')).to.equal('true');
    await waitUntil(() => el.phase === 'recording', 'recording');
    expect(shown(el, 'cancel')).to.equal('Cancel');
    expect(live(el)).to.equal('Recording, at most 60 seconds');
    // Intermediate results while the sound goes on.
    await waitUntil(() => shown(el, 'text') !== '', 'an intermediate result', 4000);
    expect('Open Messages').to.include(shown(el, 'text'));
    await waitUntil(() => !shown(el, 'status').startsWith('Hold'), 'the hint gone after 3 s', 4000);
    expect(shown(el, 'status')).to.match(/^5\d s$/);
    await sendKeys({ up: 'Space' });
    await waitUntil(() => results.length === 1, 'the result event', 8000);
    expect(results[0]!.text).to.equal('Open Messages');
    expect(new URL(results[0]!.url!).origin).to.equal(location.origin);
    expect(new URL(results[0]!.url!).searchParams.get('open')).to.equal('messages');
    expect(errors).to.deep.equal([]);
    expect(shown(el, 'text')).to.equal('Open Messages');
    expect(live(el)).to.equal('Recognised: Open Messages');
    await waitUntil(() => el.phase === 'idle' && shown(el, 'text') === '', 'reset after 1 s', 2000);
  });

  it('stops by itself when the countdown reaches 0', async () => {
    await configureVoice({ transcripts: { teacher1: 'sing a song' } });
    const el = await recorder(2);
    // No skill: no url, so nothing navigates even when the event is not cancelled.
    const { results, errors } = record(el, { keepPage: false });
    await sendKeys({ down: 'Space' });
    await waitUntil(() => el.phase === 'recording', 'recording');
    expect(shown(el, 'status')).to.equal('Hold to enter voice recognition');
    await waitUntil(() => el.phase !== 'recording', 'stopped at 0 s', 4000);
    // Still held: the countdown ended the utterance, not the release.
    await waitUntil(() => errors.length === 1, 'no skill', 8000);
    expect(results).to.deep.equal([{ text: 'sing a song', url: null }]);
    expect(errors[0]).to.deep.equal({ kind: 'no-skill', message: voiceText('voiceNoSkill', {}, 'en') });
    expect(shown(el, 'error')).to.equal(voiceText('voiceNoSkill', {}, 'en'));
    expect(shown(el, 'text')).to.equal('sing a song');
    await sendKeys({ up: 'Space' });
    await waitUntil(() => shown(el, 'error') === '', 'error reset after 1 s', 2000);
    expect(el.phase).to.equal('idle');
  });

  it('Escape cancels: no vocabulary call, no event', async () => {
    const el = await recorder();
    const { results, errors } = record(el);
    await sendKeys({ down: 'Space' });
    await waitUntil(() => el.phase === 'recording', 'recording');
    await sleep(600);
    await sendKeys({ press: 'Escape' });
    expect(el.phase).to.equal('idle');
    expect(live(el)).to.equal('Cancelled');
    await sendKeys({ up: 'Space' });
    await sleep(1500);
    expect(el.phase).to.equal('idle');
    expect(results).to.deep.equal([]);
    expect(errors).to.deep.equal([]);
    expect((await serverCalls())[VOCABULARY]).to.equal(undefined);
  });

  it('the cancel button and a pointer leaving the button cancel too', async () => {
    const el = await recorder();
    const { results } = record(el);
    await sendKeys({ down: 'Space' });
    await waitUntil(() => el.phase === 'recording', 'recording');
    part(el, 'cancel').dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
    expect(el.phase).to.equal('idle');
    await sendKeys({ up: 'Space' });
    await sendKeys({ down: 'Space' });
    await waitUntil(() => el.phase === 'recording', 'recording again');
    part(el, 'button').dispatchEvent(new PointerEvent('pointerleave'));
    expect(el.phase).to.equal('idle');
    await sendKeys({ up: 'Space' });
    await sleep(1200);
    expect(results).to.deep.equal([]);
    expect((await serverCalls())[VOCABULARY]).to.equal(undefined);
  });

  it('says "check server configuration!" for 1 s when the token call fails', async () => {
    await configureServer({ failPaths: [{ path: VOICE_PATHS.token, httpStatus: 500 }] });
    const el = await recorder();
    const { errors } = record(el);
    await sendKeys({ down: 'Space' });
    await waitUntil(() => shown(el, 'error') !== '', 'the error');
    const since = performance.now();
    expect(shown(el, 'error')).to.equal('check server configuration!');
    expect(errors).to.deep.equal([{ kind: 'token', message: 'check server configuration!' }]);
    expect(live(el)).to.equal('check server configuration!');
    await waitUntil(() => shown(el, 'error') === '', 'the error gone', 2000);
    expect(performance.now() - since).to.be.within(800, 1400);
    await sendKeys({ up: 'Space' });
    expect((await serverCalls())[VOCABULARY]).to.equal(undefined);
  });

  it('says at once, while still held, when the gateway drops the task at the start', async () => {
    await configureVoice({ dropAt: 'start' });
    const el = await recorder();
    const { errors } = record(el);
    await sendKeys({ down: 'Space' });
    await waitUntil(() => errors.length === 1, 'the error while held', 5000);
    expect(errors[0]!.kind).to.equal('closed');
    expect(shown(el, 'error')).to.equal(voiceText('voiceClosed', {}, 'en'));
    await sendKeys({ up: 'Space' });
    await configureVoice({ dropAt: null });
    expect((await serverCalls())[VOCABULARY]).to.equal(undefined);
  });

  it('releases the microphone when it is removed while recording', async () => {
    const el = await recorder();
    await sendKeys({ down: 'Space' });
    await waitUntil(() => el.phase === 'recording', 'recording');
    const utterance = (el as unknown as { utterance: { capture: { stop(): Promise<ArrayBuffer[]> } | null } })
      .utterance;
    expect(utterance.capture).to.not.equal(null);
    el.remove();
    // Stopped already: a second stop has nothing left (stop answers asynchronously since the processor flushes).
    expect(await utterance.capture!.stop()).to.deep.equal([]);
    expect(el.phase).to.equal('idle');
    await sendKeys({ up: 'Space' });
  });

  for (const lang of ['zh-CN', 'en', 'zh-HK'] as const) {
    it(`passes axe in ${lang}: idle, recording and an error`, async () => {
      await switchLanguage(lang);
      const el = await recorder();
      await expect(el).to.be.accessible();
      await sendKeys({ down: 'Space' });
      await waitUntil(() => el.phase === 'recording', 'recording');
      await expect(el).to.be.accessible();
      await sendKeys({ press: 'Escape' });
      await sendKeys({ up: 'Space' });
      // An error shown (the token call refused), with its colour against the page.
      await configureServer({ failPaths: [{ path: VOICE_PATHS.token, httpStatus: 500 }] });
      await sendKeys({ down: 'Space' });
      await waitUntil(() => shown(el, 'error') !== '', 'the error');
      await expect(el).to.be.accessible();
      await sendKeys({ up: 'Space' });
    });
  }
});
