/**
 * The one-sentence recognition client (spec/speech-protocol.md; DESIGN §6 "Speech"): one WebSocket per utterance,
 * `StartRecognition` → `RecognitionStarted` → audio frames → `StopRecognition` → `RecognitionResultChanged`* →
 * `RecognitionCompleted`. A `TaskFailed`, a closed socket or no answer within the timeout ends the task with a
 * `SpeechError` carrying a localised message. Works with any gateway that speaks the protocol: Alibaba's, or the
 * reference server's development gateway.
 *
 * Use: `const task = await startRecognition(token, {onResult})`; `task.sendAudio(frame)` while recording;
 * `await task.stop()` for the final text, or `task.cancel()` to discard the utterance.
 */
import type { Lang } from '../i18n/language.ts';
import type { SpeechToken } from './api.ts';
import { SPEECH_SAMPLE_RATE } from './pcm.ts';
import { voiceText } from './texts.ts';

export const SPEECH_NAMESPACE = 'SpeechRecognizer';
export const SPEECH_SUCCESS = 20000000;
/** How long the gateway may take to answer the start, and the stop. */
export const SPEECH_ANSWER_TIMEOUT_MS = 10_000;

export type SpeechErrorKind = 'failed' | 'closed' | 'timeout' | 'connect' | 'cancelled';

/** Why a task ended without a result. `status` and `statusText` are the gateway's, for `failed`. */
export class SpeechError extends Error {
  constructor(
    readonly kind: SpeechErrorKind,
    readonly status: number | null = null,
    readonly statusText = '',
  ) {
    super(kind === 'failed' ? `${status}: ${statusText}` : kind);
    this.name = 'SpeechError';
  }

  /** The text to show the user, in `lang` (default: the language in force). */
  localizedMessage(lang?: Lang): string {
    switch (this.kind) {
      case 'failed':
        return voiceText('voiceFailed', { status: this.status ?? '' }, lang);
      case 'timeout':
        return voiceText('voiceTimeout', {}, lang);
      case 'connect':
        return voiceText('voiceConnect', {}, lang);
      default:
        return voiceText('voiceClosed', {}, lang);
    }
  }
}

export interface RecognitionOptions {
  /** Intermediate results (text so far) while audio arrives. */
  onResult?: (text: string) => void;
  /** Default 10 s, for the start and again for the final answer. */
  timeoutMs?: number;
  /** Asks the gateway for punctuation and numerals (on by default, as the original recorder did). */
  punctuation?: boolean;
  /** Another WebSocket (tests, Node); default the page's. */
  WebSocketImpl?: typeof WebSocket;
}

export interface RecognitionTask {
  readonly taskId: string;
  /** Sends one frame of 16 kHz 16-bit LE mono PCM (ignored once the task has ended). */
  sendAudio(frame: ArrayBuffer | ArrayBufferView<ArrayBuffer>): void;
  /** Ends the audio; resolves with the final text (`RecognitionCompleted`'s result). */
  stop(): Promise<string>;
  /** Discards the utterance: the socket closes, nothing more is reported. */
  cancel(): void;
  /** Whether the task still accepts audio. */
  readonly active: boolean;
}

/** 32 hexadecimal characters, new for every message (and the task). */
export function newSpeechId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The socket address: the gateway with `token` as a query parameter. */
export function gatewayAddress(token: Pick<SpeechToken, 'url' | 'token'>): string {
  const url = new URL(token.url);
  url.searchParams.set('token', token.token);
  return url.href;
}

interface EventHeader {
  name?: unknown;
  status?: unknown;
  status_text?: unknown;
}

/**
 * Opens the socket and starts the task; resolves once the gateway answers `RecognitionStarted` (audio may be sent),
 * rejects with a `SpeechError` otherwise.
 */
export function startRecognition(token: SpeechToken, options: RecognitionOptions = {}): Promise<RecognitionTask> {
  const timeoutMs = options.timeoutMs ?? SPEECH_ANSWER_TIMEOUT_MS;
  const Impl = options.WebSocketImpl ?? WebSocket;
  const taskId = newSpeechId();
  const punctuation = options.punctuation ?? true;
  const header = (name: 'StartRecognition' | 'StopRecognition') => ({
    message_id: newSpeechId(),
    task_id: taskId,
    namespace: SPEECH_NAMESPACE,
    name,
    appkey: token.appkey,
  });

  return new Promise<RecognitionTask>((resolveStart, rejectStart) => {
    let socket: WebSocket;
    try {
      socket = new Impl(gatewayAddress(token));
    } catch {
      rejectStart(new SpeechError('connect'));
      return;
    }
    socket.binaryType = 'arraybuffer';
    let phase: 'opening' | 'starting' | 'recording' | 'stopping' | 'ended' = 'opening';
    let timer: ReturnType<typeof setTimeout> | null = null;
    let settleStop: { resolve: (text: string) => void; reject: (error: SpeechError) => void } | null = null;
    /** A failure while recording, reported by the next stop(). */
    let failure: SpeechError | null = null;

    const arm = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => end(new SpeechError('timeout')), timeoutMs);
    };
    const disarm = () => {
      if (timer) clearTimeout(timer);
      timer = null;
    };
    /** Ends the task: the pending start or stop learns why; the socket closes. */
    const end = (error: SpeechError | null, text = '') => {
      if (phase === 'ended') return;
      const was = phase;
      phase = 'ended';
      disarm();
      if (socket.readyState === Impl.CONNECTING || socket.readyState === Impl.OPEN) socket.close(1000);
      if (was === 'opening' || was === 'starting') {
        rejectStart(error ?? new SpeechError('closed'));
      } else if (settleStop) {
        if (error) settleStop.reject(error);
        else settleStop.resolve(text);
      } else if (error) {
        // Failed while recording: the next stop() reports it.
        failure = error;
      }
    };

    const task: RecognitionTask = {
      taskId,
      get active() {
        return phase === 'recording';
      },
      sendAudio(frame) {
        if (phase !== 'recording') return;
        socket.send(frame);
      },
      stop() {
        if (failure) return Promise.reject(failure);
        if (phase !== 'recording') return Promise.reject(new SpeechError('closed'));
        phase = 'stopping';
        return new Promise<string>((resolve, reject) => {
          settleStop = { resolve, reject };
          socket.send(JSON.stringify({ header: header('StopRecognition') }));
          arm();
        });
      },
      cancel() {
        if (phase === 'ended') return;
        const pending = settleStop;
        settleStop = null;
        phase = 'ended';
        disarm();
        socket.close(1000);
        pending?.reject(new SpeechError('cancelled'));
      },
    };

    arm();
    socket.onopen = () => {
      if (phase !== 'opening') return;
      phase = 'starting';
      socket.send(
        JSON.stringify({
          header: header('StartRecognition'),
          payload: {
            format: 'pcm',
            sample_rate: SPEECH_SAMPLE_RATE,
            enable_intermediate_result: true,
            enable_punctuation_prediction: punctuation,
            enable_inverse_text_normalization: punctuation,
          },
        }),
      );
    };
    socket.onmessage = (message: MessageEvent) => {
      if (phase === 'ended' || typeof message.data !== 'string') return;
      let event: { header?: EventHeader; payload?: { result?: unknown } };
      try {
        event = JSON.parse(message.data) as typeof event;
      } catch {
        return end(new SpeechError('failed', null, 'malformed event'));
      }
      const name = event.header?.name;
      const result = typeof event.payload?.result === 'string' ? event.payload.result : '';
      if (
        name === 'TaskFailed' ||
        (typeof event.header?.status === 'number' && event.header.status !== SPEECH_SUCCESS)
      ) {
        const status = typeof event.header?.status === 'number' ? event.header.status : null;
        return end(new SpeechError('failed', status, String(event.header?.status_text ?? '')));
      }
      if (name === 'RecognitionStarted' && phase === 'starting') {
        phase = 'recording';
        disarm();
        resolveStart(task);
      } else if (name === 'RecognitionResultChanged') {
        options.onResult?.(result);
      } else if (name === 'RecognitionCompleted') {
        end(null, result);
      }
    };
    socket.onerror = () => {
      // A close follows; an error before the socket opened means it could not connect.
      if (phase === 'opening') end(new SpeechError('connect'));
    };
    socket.onclose = () => end(new SpeechError(phase === 'opening' ? 'connect' : 'closed'));
  });
}
