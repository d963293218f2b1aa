/**
 * The development speech gateway (DESIGN §6 "Speech"; spec/speech-protocol.md): one WebSocket per utterance,
 * speaking Alibaba's one-sentence recognition protocol strictly. It checks the token, every command's header
 * (32-hex `message_id`, new each time, and `task_id`, `namespace`, `name`, `appkey`), the format and sample rate,
 * the frames and the 60 s limit, and answers `TaskFailed` with the protocol's status codes when one is wrong.
 *
 * It does not recognise speech: it measures the audio's energy in 20 ms windows (voice activity) and answers
 * silence with an empty result and speech with the transcript configured for the user, sending growing prefixes of
 * it as `RecognitionResultChanged` while voiced audio arrives.
 */
import { randomBytes } from 'node:crypto';

/** `header.status` values (Alibaba's server status codes). */
export const SPEECH_STATUS = {
  success: 20000000,
  /** The token is missing, unknown or expired. */
  accessDenied: 40000001,
  /** A malformed or out-of-order message: bad JSON, header, ids, namespace, name, a frame before the start. */
  messageInvalid: 40000002,
  /** A missing or wrong appkey, or an invalid start parameter. */
  parameterInvalid: 40000003,
  /** Nothing arrived for too long. */
  idleTimeout: 40000004,
  unsupportedFormat: 41010100,
  unsupportedSampleRate: 41010101,
  tooSmallPacket: 41010102,
  tooLargePacket: 41010103,
  /** More than 60 s of audio. */
  tooLongSpeech: 41010104,
} as const;

export const SPEECH_NAMESPACE = 'SpeechRecognizer';
/** The appkey the development gateway hands out with its tokens and expects in every command. */
export const DEV_APPKEY = 'edu-portal-dev-gateway';
export const SAMPLE_RATES = [16000, 8000] as const;
/** Spec part 2 §9: at most 60 s of speech per utterance. */
export const MAX_SPEECH_MS = 60_000;
/** The gateway gives up on a connection that sends no audio for this long (as Alibaba's does). */
export const IDLE_TIMEOUT_MS = 10_000;
/**
 * However it is used, a connection ends this long after the utterance limit (`maxSpeechMs`) from its opening: time
 * for the last frames and the final answer, never a socket held open for ever with text frames or slow audio.
 */
export const SESSION_GRACE_MS = 5_000;
/** The largest frame: one second of audio (clients send 100–200 ms frames). */
export const MAX_FRAME_MS = 1000;
/** Voice activity: a 20 ms window is voiced when its RMS reaches -40 dBFS; speech needs 200 ms voiced in all. */
export const VAD_WINDOW_MS = 20;
export const VAD_THRESHOLD_RMS = 32768 * 0.01;
export const MIN_SPEECH_MS = 200;
/** One more unit (a character, or a word of a spaced language) of the transcript per 150 ms of voiced audio. */
export const MS_PER_UNIT = 150;

const HEX32 = /^[0-9a-f]{32}$/i;

export interface SpeechEvent {
  header: {
    namespace: string;
    name: 'RecognitionStarted' | 'RecognitionResultChanged' | 'RecognitionCompleted' | 'TaskFailed';
    status: number;
    status_text: string;
    task_id: string;
    message_id: string;
  };
  payload: Record<string, unknown>;
}

/** What a session needs from its socket and the server. */
export interface GatewayTransport {
  send(event: SpeechEvent): void;
  /** Closes the socket (after the last event). */
  close(): void;
}

/** Who a valid token belongs to, and the transcript that user's speech yields. */
export interface GatewayCaller {
  transcript: string;
}

export interface GatewayOptions {
  /** null: the token is missing, unknown or expired (`reason` says which). */
  caller: GatewayCaller | null;
  tokenProblem?: 'missing' | 'invalid' | 'expired';
  token: string;
  maxSpeechMs: number;
  idleTimeoutMs: number;
  /** Test hooks: never answer after this command, or close the socket there without an event. */
  stallAt?: 'start' | 'stop' | null;
  dropAt?: 'start' | 'stop' | null;
}

/** Units of a transcript for intermediate results: Han characters one by one, other words with their spaces. */
export function transcriptUnits(text: string): string[] {
  return text.match(/\p{Script=Han}|[^\s\p{Script=Han}]+\s*|\s+/gu) ?? [];
}

/** Voiced milliseconds in a buffer of 16-bit little-endian mono PCM at `sampleRate`, by 20 ms windows. */
export class VoiceActivity {
  voicedMs = 0;
  private carry = new Int16Array(0);
  private readonly window: number;

  constructor(readonly sampleRate: number) {
    this.window = Math.round((sampleRate * VAD_WINDOW_MS) / 1000);
  }

  add(samples: Int16Array): void {
    const all = new Int16Array(this.carry.length + samples.length);
    all.set(this.carry);
    all.set(samples, this.carry.length);
    let start = 0;
    for (; start + this.window <= all.length; start += this.window) {
      let sum = 0;
      for (let i = start; i < start + this.window; i++) sum += all[i]! * all[i]!;
      if (Math.sqrt(sum / this.window) >= VAD_THRESHOLD_RMS) this.voicedMs += VAD_WINDOW_MS;
    }
    this.carry = all.slice(start);
  }
}

const newId = (): string => randomBytes(16).toString('hex');

/** One utterance on one socket. Feed it the socket's messages; it answers through the transport. */
export class GatewaySession {
  private state: 'waiting' | 'recognizing' | 'done' = 'waiting';
  private taskId = '';
  private readonly messageIds = new Set<string>();
  private intermediate = false;
  private sampleRate = 16000;
  private audioBytes = 0;
  private vad: VoiceActivity | null = null;
  private sentUnits = 0;
  private idleTimer: NodeJS.Timeout | null = null;
  private lifeTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly transport: GatewayTransport,
    private readonly options: GatewayOptions,
  ) {
    if (!options.caller) {
      const problem = options.tokenProblem ?? 'invalid';
      const text =
        problem === 'missing'
          ? 'Gateway:ACCESS_DENIED:Missing authorization token!'
          : `Gateway:ACCESS_DENIED:The token '${options.token}' ${problem === 'expired' ? 'has expired' : 'is invalid'}!`;
      this.fail(SPEECH_STATUS.accessDenied, text);
      return;
    }
    this.touch();
    this.lifeTimer = setTimeout(
      () => this.fail(SPEECH_STATUS.idleTimeout, 'Gateway:SESSION_TIMEOUT:Websocket session lasted too long!'),
      options.maxSpeechMs + SESSION_GRACE_MS,
    );
    this.lifeTimer.unref();
  }

  /** A text frame (a command). */
  text(data: string): void {
    if (this.state === 'done') return;
    // Only audio keeps a connection alive: commands alone (or junk) cannot hold a socket open.
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return this.fail(SPEECH_STATUS.messageInvalid, 'Gateway:MESSAGE_INVALID:Message is not JSON!');
    }
    const header = (message as { header?: unknown } | null)?.header;
    if (!header || typeof header !== 'object') {
      return this.fail(SPEECH_STATUS.messageInvalid, 'Gateway:MESSAGE_INVALID:Missing message header!');
    }
    const h = header as Record<string, unknown>;
    const problem = this.headerProblem(h);
    if (problem) return this.fail(problem.status, problem.text);
    if (h['name'] === 'StartRecognition') return this.start(h, (message as { payload?: unknown }).payload);
    return this.stop();
  }

  /** A binary frame (audio). */
  binary(data: Buffer): void {
    if (this.state === 'done') return;
    this.touch();
    if (this.state !== 'recognizing' || !this.vad) {
      return this.fail(SPEECH_STATUS.messageInvalid, 'Gateway:MESSAGE_INVALID:Audio before StartRecognition!');
    }
    if (data.length === 0) return this.fail(SPEECH_STATUS.tooSmallPacket, 'TOO_SMALL_PACKET:Empty audio frame!');
    if (data.length % 2 !== 0) {
      return this.fail(
        SPEECH_STATUS.messageInvalid,
        'Gateway:MESSAGE_INVALID:Audio frame is not whole 16-bit samples!',
      );
    }
    if (data.length > (this.sampleRate * 2 * MAX_FRAME_MS) / 1000) {
      return this.fail(
        SPEECH_STATUS.tooLargePacket,
        `TOO_LARGE_PACKET:An audio frame may hold at most ${MAX_FRAME_MS} ms!`,
      );
    }
    this.audioBytes += data.length;
    if ((this.audioBytes / 2 / this.sampleRate) * 1000 > this.options.maxSpeechMs) {
      return this.fail(
        SPEECH_STATUS.tooLongSpeech,
        `TOO_LONG_SPEECH:Speech longer than ${this.options.maxSpeechMs} ms!`,
      );
    }
    const samples = new Int16Array(data.length / 2);
    for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
    this.vad.add(samples);
    if (this.intermediate) this.sendIntermediate();
  }

  /** The socket closed (by the client or the network). */
  closed(): void {
    this.state = 'done';
    this.clearIdle();
  }

  private headerProblem(h: Record<string, unknown>): { status: number; text: string } | null {
    const invalid = (text: string) => ({
      status: SPEECH_STATUS.messageInvalid,
      text: `Gateway:MESSAGE_INVALID:${text}`,
    });
    const messageId = h['message_id'];
    if (typeof messageId !== 'string' || !HEX32.test(messageId))
      return invalid(`Invalid message id '${String(messageId)}'!`);
    if (this.messageIds.has(messageId.toLowerCase())) return invalid(`Duplicate message id '${messageId}'!`);
    this.messageIds.add(messageId.toLowerCase());
    const taskId = h['task_id'];
    if (typeof taskId !== 'string' || !HEX32.test(taskId)) return invalid(`Invalid task id '${String(taskId)}'!`);
    if (h['namespace'] !== SPEECH_NAMESPACE) return invalid(`Invalid namespace '${String(h['namespace'])}'!`);
    const name = h['name'];
    if (name !== 'StartRecognition' && name !== 'StopRecognition') return invalid(`Invalid name '${String(name)}'!`);
    if (name === 'StartRecognition' && this.state !== 'waiting') return invalid('StartRecognition sent twice!');
    if (name === 'StopRecognition' && this.state !== 'recognizing')
      return invalid('StopRecognition before StartRecognition!');
    if (name === 'StopRecognition' && taskId.toLowerCase() !== this.taskId.toLowerCase())
      return invalid(`Unknown task id '${taskId}'!`);
    if (typeof h['appkey'] !== 'string' || !h['appkey']) {
      return { status: SPEECH_STATUS.parameterInvalid, text: 'Gateway:PARAMETER_INVALID:appkey not set' };
    }
    if (h['appkey'] !== DEV_APPKEY) {
      return { status: SPEECH_STATUS.parameterInvalid, text: 'Gateway:PARAMETER_INVALID:Invalid appkey' };
    }
    if (name === 'StartRecognition') this.taskId = taskId;
    return null;
  }

  private start(header: Record<string, unknown>, rawPayload: unknown): void {
    // The task id goes back exactly as the client wrote it (the real gateway echoes it).
    this.taskId = String(header['task_id']);
    const payload = rawPayload && typeof rawPayload === 'object' ? (rawPayload as Record<string, unknown>) : {};
    const format = payload['format'] ?? 'pcm';
    if (typeof format !== 'string' || format.toLowerCase() !== 'pcm') {
      return this.fail(SPEECH_STATUS.unsupportedFormat, `UNSUPPORTED_FORMAT:Invalid format '${String(format)}'!`);
    }
    const rate = payload['sample_rate'] ?? 16000;
    if (!SAMPLE_RATES.includes(rate as 16000)) {
      return this.fail(
        SPEECH_STATUS.unsupportedSampleRate,
        `UNSUPPORTED_SAMPLE_RATE:Invalid sample rate '${String(rate)}'!`,
      );
    }
    for (const flag of [
      'enable_intermediate_result',
      'enable_punctuation_prediction',
      'enable_inverse_text_normalization',
    ]) {
      if (payload[flag] !== undefined && typeof payload[flag] !== 'boolean') {
        return this.fail(SPEECH_STATUS.parameterInvalid, `Gateway:PARAMETER_INVALID:${flag} must be a boolean!`);
      }
    }
    this.intermediate = payload['enable_intermediate_result'] === true;
    this.sampleRate = rate as number;
    this.vad = new VoiceActivity(this.sampleRate);
    this.state = 'recognizing';
    if (this.options.dropAt === 'start') return this.drop();
    if (this.options.stallAt === 'start') return this.stall();
    this.emit('RecognitionStarted', SPEECH_STATUS.success, 'Gateway:SUCCESS:Success.', {});
  }

  private stop(): void {
    if (this.options.dropAt === 'stop') return this.drop();
    if (this.options.stallAt === 'stop') return this.stall();
    const result = this.speechDetected() ? this.transcript() : '';
    const durationMs = Math.round((this.audioBytes / 2 / this.sampleRate) * 1000);
    this.emit('RecognitionCompleted', SPEECH_STATUS.success, 'Gateway:SUCCESS:Success.', {
      result,
      duration: durationMs,
    });
    this.finish();
  }

  private transcript(): string {
    return this.options.caller?.transcript ?? '';
  }

  private speechDetected(): boolean {
    return (this.vad?.voicedMs ?? 0) >= MIN_SPEECH_MS;
  }

  private sendIntermediate(): void {
    if (!this.speechDetected()) return;
    const units = transcriptUnits(this.transcript());
    // Never the whole transcript before the end: the final text comes with RecognitionCompleted.
    const shown = Math.min(units.length - 1, Math.floor((this.vad?.voicedMs ?? 0) / MS_PER_UNIT));
    if (shown <= this.sentUnits) return;
    this.sentUnits = shown;
    this.emit('RecognitionResultChanged', SPEECH_STATUS.success, 'Gateway:SUCCESS:Success.', {
      result: units.slice(0, shown).join('').trimEnd(),
      duration: Math.round((this.audioBytes / 2 / this.sampleRate) * 1000),
    });
  }

  private emit(
    name: SpeechEvent['header']['name'],
    status: number,
    statusText: string,
    payload: Record<string, unknown>,
  ) {
    this.transport.send({
      header: {
        namespace: SPEECH_NAMESPACE,
        name,
        status,
        status_text: statusText,
        task_id: this.taskId,
        message_id: newId(),
      },
      payload,
    });
  }

  private fail(status: number, text: string): void {
    if (this.state === 'done') return;
    this.emit('TaskFailed', status, text, {});
    this.finish();
  }

  private finish(): void {
    this.state = 'done';
    this.clearIdle();
    this.transport.close();
  }

  /** Test hook: the socket closes with no event. */
  private drop(): void {
    this.state = 'done';
    this.clearIdle();
    this.transport.close();
  }

  /** Test hook: nothing more is answered, ever (the client's own timeout must end the task). */
  private stall(): void {
    this.state = 'done';
    this.clearIdle();
  }

  private touch(): void {
    this.clearIdle();
    if (this.state === 'done') return;
    this.idleTimer = setTimeout(
      () => this.fail(SPEECH_STATUS.idleTimeout, 'Gateway:IDLE_TIMEOUT:Websocket session is idle for too long time!'),
      this.options.idleTimeoutMs,
    );
    this.idleTimer.unref();
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.state === 'done' && this.lifeTimer) {
      clearTimeout(this.lifeTimer);
      this.lifeTimer = null;
    }
  }
}
