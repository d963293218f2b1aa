/**
 * Microphone capture for `<edu-voice-recorder>` through an AudioWorklet (never a ScriptProcessorNode). The processor
 * only copies the microphone's blocks and posts them about every 40 ms; the main thread turns them into 16 kHz mono
 * 16-bit frames with core's `createPcmEncoder` (a fraction of a millisecond per batch).
 *
 * The processor module is a `blob:` URL made from the string below, so it loads the same way from the demo host, the
 * drop-in bundle, the autoloader's chunks and the published package: no file beside the script to find.
 */
import { createPcmEncoder } from '@edu-portal/core/voice/pcm.ts';

export const CAPTURE_PROCESSOR = 'edu-voice-capture';

/** Posts the channels of about 2048 input samples at a time (transferred, not copied). */
const processorSource = `
registerProcessor('${CAPTURE_PROCESSOR}', class extends AudioWorkletProcessor {
  constructor() {
    super();
    this.blocks = [];
    this.size = 0;
    this.live = true;
    this.port.onmessage = () => { this.live = false; };
  }
  process(inputs) {
    const input = inputs[0];
    if (input && input.length && input[0].length) {
      this.blocks.push(input.map((channel) => channel.slice()));
      this.size += input[0].length;
      if (this.size >= 2048) {
        const count = this.blocks[0].length;
        const channels = [];
        for (let c = 0; c < count; c++) {
          const joined = new Float32Array(this.size);
          let offset = 0;
          for (const block of this.blocks) { const part = block[c] || block[0]; joined.set(part, offset); offset += part.length; }
          channels.push(joined);
        }
        this.port.postMessage(channels, channels.map((channel) => channel.buffer));
        this.blocks = [];
        this.size = 0;
      }
    }
    return this.live;
  }
});
`;

let moduleUrl: string | null = null;
function processorUrl(): string {
  moduleUrl ??= URL.createObjectURL(new Blob([processorSource], { type: 'text/javascript' }));
  return moduleUrl;
}

/** Why the microphone cannot be used. */
export type MicrophoneProblem = 'insecure' | 'no-microphone' | 'permission' | 'microphone';

export class MicrophoneError extends Error {
  constructor(readonly problem: MicrophoneProblem) {
    super(problem);
    this.name = 'MicrophoneError';
  }
}

/** Whether this page may ask for the microphone at all (https, localhost or 127.0.0.1). */
export function microphoneAvailable(): boolean {
  return globalThis.isSecureContext !== false && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

export interface Capture {
  /** Stops the microphone at once (the browser's recording indicator goes off); what remains is flushed. */
  stop(): ArrayBuffer[];
  readonly sampleRate: number;
}

/**
 * Opens the microphone and sends each 100 ms PCM frame to `onFrame`. `context` must be created during the user's
 * gesture (a press) so it may run. Rejects with a `MicrophoneError`.
 */
export async function startCapture(context: AudioContext, onFrame: (frame: ArrayBuffer) => void): Promise<Capture> {
  if (!microphoneAvailable()) throw new MicrophoneError('insecure');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === 'NotAllowedError' || name === 'SecurityError') throw new MicrophoneError('permission');
    if (name === 'NotFoundError' || name === 'OverconstrainedError') throw new MicrophoneError('no-microphone');
    throw new MicrophoneError('microphone');
  }
  const release = () => stream.getTracks().forEach((track) => track.stop());
  try {
    await context.audioWorklet.addModule(processorUrl());
    if (context.state === 'suspended') await context.resume();
    const source = context.createMediaStreamSource(stream);
    const node = new AudioWorkletNode(context, CAPTURE_PROCESSOR, { numberOfInputs: 1, numberOfOutputs: 1 });
    const encoder = createPcmEncoder(context.sampleRate);
    let stopped = false;
    node.port.onmessage = (event: MessageEvent<Float32Array[]>) => {
      if (stopped) return;
      for (const frame of encoder.push(event.data)) onFrame(frame);
    };
    source.connect(node);
    // Silent output (the processor writes nothing), so the graph pulls the node.
    node.connect(context.destination);
    return {
      sampleRate: context.sampleRate,
      stop() {
        if (stopped) return [];
        stopped = true;
        release();
        node.port.postMessage('stop');
        node.port.onmessage = null;
        source.disconnect();
        node.disconnect();
        return encoder.flush();
      },
    };
  } catch {
    release();
    throw new MicrophoneError('microphone');
  }
}
