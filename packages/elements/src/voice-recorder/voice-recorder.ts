import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg, str } from '@lit/localize';
import { getLanguage } from '@edu-portal/core/i18n/language.ts';
import { toTraditional } from '@edu-portal/core/i18n/server-text.ts';
import { session } from '@edu-portal/core/session/store.ts';
import {
  VOICE_BYTES_PER_MS,
  VOICE_HINT_MS,
  VOICE_HOLD_DELAY_MS,
  VOICE_MAX_MS,
  VOICE_RESET_MS,
} from '@edu-portal/core/constants.ts';
import { getSpeechToken, SpeechTokenError, type SpeechToken } from '@edu-portal/core/voice/api.ts';
import type { RecognitionTask } from '@edu-portal/core/voice/recognizer.ts';
import { coreText } from '@edu-portal/core/i18n/messages.ts';
import { cleanRecognizedText, resolveVoiceText } from '@edu-portal/core/voice/text.ts';
import { EduElement } from '../internal/edu-element.ts';
import { loadOnce } from '../internal/load-once.ts';
import type { Capture } from './capture.ts';
import { microphoneAvailable, MicrophoneError, warmUpAudio } from './microphone.ts';
import { voiceRecorderStyles } from './voice-recorder.styles.ts';
import { voiceText } from '@edu-portal/core/voice/texts.ts';

/** What the recorder is doing (spec part 2 §4 "Voice recorder"). */
export type VoicePhase = 'idle' | 'pressing' | 'holding' | 'recording' | 'recognizing' | 'result' | 'error';

/** Why an utterance gave no page: the kinds of `edu-voice-error`. */
export type VoiceErrorKind =
  | 'insecure'
  | 'no-microphone'
  | 'permission'
  | 'microphone'
  | 'token'
  | 'empty'
  | 'no-skill'
  | 'vocabulary'
  | 'signed-out'
  | 'failed'
  | 'closed'
  | 'timeout'
  | 'connect';

export interface VoiceResultDetail {
  /** The recognised text, cleaned (§5). */
  text: string;
  /** The page the skill opens, checked by `safeRedirect`; null when no skill matched. */
  url: string | null;
}

export interface VoiceErrorDetail {
  kind: VoiceErrorKind;
  /** The localised text the recorder shows. */
  message: string;
}

export type EduVoiceResultEvent = CustomEvent<VoiceResultDetail>;
export type EduVoiceErrorEvent = CustomEvent<VoiceErrorDetail>;

/** One press of the button and everything it started; a newer press or a cancel makes it stale. */
/** Core's recognizer (the gateway's protocol), loaded at the first press: the 200 ms before recording covers it. */
type Recognizer = typeof import('@edu-portal/core/voice/recognizer.ts');
const loadRecognizer = loadOnce<Recognizer>(() => import('@edu-portal/core/voice/recognizer.ts'));
/** The microphone capture, loaded at the first press (size budgets). */
const loadCapture = loadOnce(() => import('./capture.ts'));

interface Utterance {
  context: AudioContext | null;
  recognizer: Promise<Recognizer>;
  /** The recognizer once loaded (the recording started with it). */
  speech: Recognizer | null;
  capture: Capture | null;
  /** Asked for only once the press counts as a hold (200 ms): a tap fetches no token and opens no microphone. */
  token: Promise<SpeechToken> | null;
  microphone: Promise<Capture> | null;
  /** Audio bytes the gateway may still take: never more than the limit (the gateway fails a longer stream). */
  bytesLeft: number;
  task: Promise<RecognitionTask> | null;
  /** Frames captured before the recognition started. */
  queued: ArrayBuffer[];
  started: RecognitionTask | null;
  ended: boolean;
}

const micIcon = html`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
  <path
    fill="currentColor"
    d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11z"
  />
</svg>`;

/**
 * The voice command button of spec part 2 §2, §4 "Voice recorder": press and hold (pointer, touch, or Space/Enter
 * held) to speak a command. A press under 200 ms does nothing; then "按住进行语音识别" shows for the first 3 s and a
 * 60 s countdown runs, stopping by itself at 0; releasing stops. Moving the pointer off the button, Escape or the
 * cancel button discard the utterance without any call. The token (`get_ali_token`) and the microphone are fetched
 * during the 200 ms hold; audio goes through an AudioWorklet as 16 kHz mono PCM to the gateway (one WebSocket per
 * utterance, core `voice/`), and the recognised text shows live, then finally. The final text is looked up with
 * `find_by_vocabulary`; `edu-voice-result` is dispatched, and unless a listener cancels it, a url that passed the
 * safe-URL check opens with `location.assign`. Text and errors reset after 1 s. A live region announces each state.
 *
 * @summary Press-and-hold voice command button.
 * @tagname edu-voice-recorder
 *
 * @fires {EduVoiceResultEvent} edu-voice-result - The final text and the skill's page (`url`, null when none); cancelable: cancel it to
 *   act instead of navigating.
 * @fires {EduVoiceErrorEvent} edu-voice-error - No page came of the utterance: `kind` and the localised `message` shown.
 *
 * @csspart base - The column holding everything.
 * @csspart button - The microphone button.
 * @csspart status - The hint or the countdown.
 * @csspart cancel - The cancel button (while holding or recording).
 * @csspart text - The recognised text.
 * @csspart error - The error text.
 *
 * @cssprop [--edu-voice-size=64px] - Diameter of the microphone button.
 * @cssprop [--edu-voice-width=20em] - Width of the element (the texts wrap inside it).
 * @cssprop [--edu-voice-error-color=#c0392b] - Colour of the error text.
 */
export class EduVoiceRecorder extends EduElement {
  static override styles = voiceRecorderStyles;

  /** The recording limit in seconds (spec: 60); shorter values are for tests and demos. */
  @property({ attribute: 'max-seconds', type: Number }) maxSeconds = VOICE_MAX_MS / 1000;

  /** Other origins a skill's page may be on (besides this page's own). */
  @property({ attribute: false }) allowedOrigins: readonly string[] = [];

  /** What the recorder is doing. */
  @state() phase: VoicePhase = 'idle';
  @state() private text = '';
  @state() private error = '';
  @state() private remaining = 0;
  @state() private hint = false;
  @state() private announcement = '';

  private utterance: Utterance | null = null;
  private timers: ReturnType<typeof setTimeout>[] = [];
  private countdown: ReturnType<typeof setInterval> | null = null;
  private resetTimer: ReturnType<typeof setTimeout> | null = null;
  /** The key that holds the button, so its auto-repeat and the other key are ignored. */
  private heldKey: string | null = null;
  private recordingSince = 0;

  override connectedCallback(): void {
    super.connectedCallback();
    warmUpAudio();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.discard();
    if (this.resetTimer) clearTimeout(this.resetTimer);
    this.resetTimer = null;
    this.phase = 'idle';
    this.text = '';
    this.error = '';
  }

  /** Starts an utterance as if the button were pressed (the pointer and keyboard handlers call this). */
  press(): void {
    if (this.utterance || this.phase === 'recognizing') return;
    if (!microphoneAvailable()) {
      this.fail('insecure', this.problemText('insecure'));
      return;
    }
    if (this.resetTimer) clearTimeout(this.resetTimer);
    this.resetTimer = null;
    this.text = '';
    this.error = '';
    this.phase = 'pressing';
    // Created during the gesture, so the browser lets it run.
    let context: AudioContext | null = null;
    try {
      context = new AudioContext();
    } catch {
      context = null;
    }
    const utterance: Utterance = {
      context,
      recognizer: loadRecognizer(),
      speech: null,
      capture: null,
      token: null,
      microphone: null,
      // Loading pcm.ts for its rate would fetch the encoder before the press counts: its rate is in constants.
      bytesLeft: Math.min(this.maxSeconds * 1000, VOICE_MAX_MS) * VOICE_BYTES_PER_MS,
      task: null,
      queued: [],
      started: null,
      ended: false,
    };
    // Only code is loaded during the 200 ms: nothing the user would see (a token call, the microphone light).
    utterance.recognizer.catch(() => {});
    void loadCapture().catch(() => {});
    this.utterance = utterance;
    this.timers.push(setTimeout(() => this.hold(utterance), VOICE_HOLD_DELAY_MS));
  }

  /** Ends the utterance as if the button were released: stops and recognises, or does nothing under 200 ms. */
  release(): void {
    const utterance = this.utterance;
    if (!utterance) return;
    if (this.phase === 'pressing') {
      this.discard();
      this.phase = 'idle';
      return;
    }
    void this.finish(utterance);
  }

  /** Discards the utterance: nothing is recognised or looked up. */
  cancel(): void {
    if (!this.utterance) return;
    const wasPressing = this.phase === 'pressing';
    this.discard();
    this.phase = 'idle';
    this.text = '';
    if (!wasPressing) this.announce(msg('已取消', { id: 'voice.cancelled' }));
  }

  /** The press became a hold: the token and the microphone are asked for now, together. */
  private openAudio(utterance: Utterance): { token: Promise<SpeechToken>; microphone: Promise<Capture> } {
    const audio = utterance.context;
    // Nobody signed in in this page: the token call must not run the expired-session handling (nobody's session
    // expired); a refusal then says to sign in. A cookie session the store does not know still gets its token.
    const signedOut = !session.getSnapshot().user;
    const token = getSpeechToken(getLanguage(), signedOut ? { noIntercept: true, silent: true } : {});
    const microphone: Promise<Capture> = audio
      ? loadCapture().then(({ startCapture }) => startCapture(audio, (frame) => this.onFrame(utterance, frame)))
      : Promise.reject(new MicrophoneError('microphone'));
    token.catch(() => {});
    microphone.then(
      (capture) => {
        if (utterance.ended) void capture.stop();
        else utterance.capture = capture;
      },
      () => {},
    );
    utterance.token = token;
    utterance.microphone = microphone;
    return { token, microphone };
  }

  private async hold(utterance: Utterance): Promise<void> {
    if (utterance !== this.utterance) return;
    this.phase = 'holding';
    this.hint = true;
    this.announce(msg('按住进行语音识别', { id: 'voice.hint' }));
    this.timers.push(setTimeout(() => (this.hint = false), VOICE_HINT_MS));
    const signedOut = !session.getSnapshot().user;
    const { token: tokenCall, microphone } = this.openAudio(utterance);
    let token: SpeechToken;
    try {
      token = await tokenCall;
    } catch (error) {
      if (utterance !== this.utterance) return;
      if (signedOut && error instanceof SpeechTokenError && error.status === 401) {
        this.fail('signed-out', msg('请先登录，再使用语音指令', { id: 'voice.signedOut' }));
      } else this.fail('token', voiceText('voiceTokenFailed'));
      return;
    }
    try {
      await microphone;
    } catch (error) {
      if (utterance !== this.utterance) return;
      // The capture's code could not be loaded (the network is gone): not a microphone problem.
      if (!(error instanceof MicrophoneError) && !loadCapture.loaded()) this.fail('connect', coreText('network'));
      else {
        const problem = error instanceof MicrophoneError ? error.problem : 'microphone';
        this.fail(problem, this.problemText(problem));
      }
      return;
    }
    let speech: Recognizer;
    try {
      speech = await utterance.recognizer;
    } catch {
      if (utterance === this.utterance) this.fail('connect', coreText('network'));
      return;
    }
    if (utterance !== this.utterance) return;
    utterance.speech = speech;
    const { SpeechError } = speech;
    utterance.task = speech.startRecognition(token, {
      onResult: (text) => {
        if (utterance === this.utterance && !utterance.ended) this.text = this.shown(cleanRecognizedText(text));
      },
    });
    utterance.task.then(
      (task) => {
        if (utterance.ended && utterance !== this.utterance) return task.cancel();
        utterance.started = task;
        for (const frame of utterance.queued.splice(0)) this.send(utterance, task, frame);
      },
      (error: unknown) => {
        // No gateway (no connection, TaskFailed at the start, no answer): said at once, not after the user spoke.
        if (utterance !== this.utterance || utterance.ended) return;
        const speech = error instanceof SpeechError ? error : new SpeechError('connect');
        this.fail(speech.kind === 'cancelled' ? 'closed' : speech.kind, speech.localizedMessage());
      },
    );
    this.startCountdown(utterance);
  }

  private startCountdown(utterance: Utterance): void {
    this.phase = 'recording';
    this.recordingSince = performance.now();
    this.remaining = Math.max(0, Math.ceil(this.maxSeconds));
    this.announce(msg(str`正在录音，最长 ${this.remaining} 秒`, { id: 'voice.recordingStarted' }));
    this.countdown = setInterval(() => {
      const left = this.maxSeconds - (performance.now() - this.recordingSince) / 1000;
      this.remaining = Math.max(0, Math.ceil(left));
      if (left <= 0) void this.finish(utterance);
    }, 100);
  }

  private onFrame(utterance: Utterance, frame: ArrayBuffer): void {
    if (utterance.ended) return;
    if (utterance.started) this.send(utterance, utterance.started, frame);
    else utterance.queued.push(frame);
  }

  /**
   * Sends a frame within the limit: the last one cut to what is left; once the limit is reached the recording
   * ends as at 0 s, so a full-length hold always ends in its result, never in the gateway's "too long".
   */
  private send(utterance: Utterance, task: RecognitionTask, frame: ArrayBuffer): void {
    if (utterance.bytesLeft <= 0) return;
    const part =
      frame.byteLength <= utterance.bytesLeft ? frame : frame.slice(0, utterance.bytesLeft - (utterance.bytesLeft % 2));
    utterance.bytesLeft -= part.byteLength;
    if (part.byteLength > 0) task.sendAudio(part);
    if (utterance.bytesLeft <= 0 && !utterance.ended) void this.finish(utterance);
  }

  /** The text as this language shows it: zh-HK in traditional characters. */
  private shown(text: string): string {
    return getLanguage() === 'zh-HK' ? toTraditional(text) : text;
  }

  /** Release or 0 s left: the microphone goes off at once, the rest of the audio is sent, the final text comes. */
  private async finish(utterance: Utterance): Promise<void> {
    if (utterance !== this.utterance || utterance.ended) return;
    if (this.phase === 'holding' && !utterance.task) {
      // Released while the token or microphone were still coming: nothing was recorded.
      this.discard();
      this.phase = 'idle';
      return;
    }
    utterance.ended = true;
    this.stopTimers();
    // The processor flushes its last frame first; the context closes after it answered.
    const rest = utterance.capture?.stop() ?? Promise.resolve([]);
    const context = utterance.context;
    void rest.then(() => context?.close()).catch(() => {});
    this.phase = 'recognizing';
    this.hint = false;
    let finalText: string;
    try {
      const task = await utterance.task!;
      for (const frame of [...utterance.queued.splice(0), ...(await rest)]) this.send(utterance, task, frame);
      finalText = await task.stop();
    } catch (error) {
      if (utterance !== this.utterance) return;
      // A task exists only once the recognizer has loaded.
      const { SpeechError } = utterance.speech!;
      const speech = error instanceof SpeechError ? error : new SpeechError('closed');
      const kind = speech.kind === 'cancelled' ? 'closed' : speech.kind;
      this.fail(kind, speech.localizedMessage());
      return;
    }
    if (utterance !== this.utterance) return;
    this.text = this.shown(cleanRecognizedText(finalText));
    if (this.text) this.announce(msg(str`识别结果：${this.text}`, { id: 'voice.recognized' }));
    let outcome;
    try {
      outcome = await resolveVoiceText(finalText, { allowedOrigins: this.allowedOrigins });
    } catch (error) {
      if (utterance !== this.utterance) return;
      const message = error instanceof Error && error.message ? error.message : voiceText('voiceNoSkill');
      this.fail('vocabulary', message);
      return;
    }
    if (utterance !== this.utterance) return;
    this.utterance = null;
    if (outcome.kind === 'empty') {
      this.fail('empty', outcome.message);
      return;
    }
    const url = outcome.kind === 'open' ? outcome.url : null;
    const proceed = this.emit('edu-voice-result', { text: outcome.text, url }, { cancelable: true });
    if (!proceed) {
      this.settle('result');
      return;
    }
    if (outcome.kind === 'no-skill') {
      this.fail('no-skill', outcome.message);
      return;
    }
    this.settle('result');
    location.assign(outcome.url);
  }

  /** Shows an error for 1 s (the text stays beside it), tells the host, and ends the utterance. */
  private fail(kind: VoiceErrorKind, message: string): void {
    this.discard();
    this.error = message;
    this.announce(message);
    this.emit('edu-voice-error', { kind, message });
    this.settle('error');
  }

  /** Shows the outcome, then back to idle after 1 s. */
  private settle(phase: 'result' | 'error'): void {
    this.phase = phase;
    this.hint = false;
    if (this.resetTimer) clearTimeout(this.resetTimer);
    this.resetTimer = setTimeout(() => {
      this.resetTimer = null;
      this.phase = 'idle';
      this.text = '';
      this.error = '';
    }, VOICE_RESET_MS);
  }

  /** Ends the utterance without a result: timers stop, the microphone and the socket close. */
  private discard(): void {
    this.stopTimers();
    this.hint = false;
    this.heldKey = null;
    const utterance = this.utterance;
    this.utterance = null;
    if (!utterance) return;
    utterance.ended = true;
    void utterance.capture?.stop();
    void utterance.context?.close().catch(() => {});
    utterance.started?.cancel();
    utterance.task?.then(
      (task) => task.cancel(),
      () => {},
    );
  }

  private stopTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    if (this.countdown) clearInterval(this.countdown);
    this.countdown = null;
  }

  private announce(text: string): void {
    // A change of text is what a live region reads; the same text twice is made different by a zero-width space.
    this.announcement = this.announcement === text ? `${text}\u200b` : text;
  }

  private problemText(problem: MicrophoneError['problem']): string {
    switch (problem) {
      case 'insecure':
        return msg('此页面不是 https 或 localhost，浏览器不允许使用麦克风，无法语音识别', { id: 'voice.insecure' });
      case 'no-microphone':
        return msg('未检测到麦克风设备', { id: 'voice.noMicrophone' });
      case 'permission':
        return msg('麦克风权限被拒绝，请在浏览器设置中允许使用麦克风', { id: 'voice.permission' });
      default:
        return msg('无法打开麦克风', { id: 'voice.microphone' });
    }
  }

  private onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0) return;
    event.preventDefault();
    // Focus for Escape; no focus ring for a pointer press.
    (event.currentTarget as HTMLElement).focus({ focusVisible: false } as FocusOptions);
    this.press();
  };

  private onPointerUp = () => this.release();

  /** The pointer left the button (a finger too: touch pointers stay captured, so their position is checked). */
  private onPointerMove = (event: PointerEvent) => {
    if (!this.utterance) return;
    const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) this.cancel();
  };

  private onPointerLeave = () => this.cancel();

  private onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      if (this.utterance) {
        event.preventDefault();
        this.cancel();
      }
      return;
    }
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    if (event.repeat || this.heldKey) return;
    this.heldKey = event.key;
    this.press();
  };

  private onKeyUp = (event: KeyboardEvent) => {
    if (event.key !== this.heldKey) return;
    event.preventDefault();
    this.heldKey = null;
    this.release();
  };

  private onCancelDown = (event: Event) => {
    event.preventDefault();
    this.cancel();
  };

  protected override render() {
    const busy = this.phase === 'holding' || this.phase === 'recording';
    const unavailable = !microphoneAvailable();
    let status: string = msg('按住说话', { id: 'voice.holdToTalk' });
    if (this.hint) status = msg('按住进行语音识别', { id: 'voice.hint' });
    else if (this.phase === 'recording') status = msg(str`${this.remaining} 秒`, { id: 'voice.countdown' });
    else if (this.phase === 'recognizing') status = msg('正在识别…', { id: 'voice.recognizing' });
    return html`
      <div part="base" class="base" data-phase=${this.phase}>
        <button
          part="button"
          class="mic"
          type="button"
          aria-label=${msg('按住说话，发出语音指令', { id: 'voice.button' })}
          aria-describedby="edu-voice-status"
          aria-pressed=${busy ? 'true' : 'false'}
          aria-disabled=${unavailable ? 'true' : nothing}
          @pointerdown=${this.onPointerDown}
          @pointerup=${this.onPointerUp}
          @pointercancel=${this.onPointerLeave}
          @pointerleave=${this.onPointerLeave}
          @pointermove=${this.onPointerMove}
          @keydown=${this.onKeyDown}
          @keyup=${this.onKeyUp}
          @contextmenu=${(event: Event) => event.preventDefault()}
        >
          ${micIcon}
        </button>
        <span part="status" id="edu-voice-status" class="status">${status}</span>
        ${
          busy
            ? html`<button
                part="cancel"
                class="cancel"
                type="button"
                @pointerdown=${this.onCancelDown}
                @click=${this.onCancelDown}
              >
                ${msg('取消', { id: 'voice.cancel' })}
              </button>`
            : nothing
        }
        <p part="text" class="text">${this.text}</p>
        <p part="error" class="error" ?hidden=${!this.error && !unavailable}>
          ${this.error || (unavailable ? this.problemText('insecure') : '')}
        </p>
        <div class="visually-hidden" role="status" aria-live="polite">${this.announcement}</div>
      </div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-voice-recorder': EduVoiceRecorder;
  }
  interface HTMLElementEventMap {
    /** `<edu-voice-recorder>` recognised a command: its text and page (cancelable, to act instead of navigating). */
    'edu-voice-result': EduVoiceResultEvent;
    /** `<edu-voice-recorder>` ended an utterance without a page. */
    'edu-voice-error': EduVoiceErrorEvent;
  }
}
