/**
 * Microphone capture for `<edu-voice-recorder>` through an AudioWorklet (never a ScriptProcessorNode). The processor
 * runs core's PCM encoder on the audio thread (down-mix, resample to 16 kHz, 16-bit frames of 100 ms) and posts ready
 * frames; the main thread only forwards them (no conversion work there while recording).
 *
 * The processor module is a `blob:` URL made from core's `pcmToolkit` function text plus the small processor below,
 * so it is the same code the PCM unit tests exercise, and it loads the same way from the demo host, the drop-in
 * bundle, the autoloader's chunks and the published package: no file beside the script to find. This module loads
 * at the first press, and the encoder's code while the microphone is being asked for (size budgets).
 */

import { loadOnce } from '../internal/load-once.ts';
import { MicrophoneError, microphoneAvailable } from './microphone.ts';

export const CAPTURE_PROCESSOR = 'edu-voice-capture';

/**
 * The processor: `processorOptions.inputRate` (the context's rate) → frames posted as ArrayBuffers (transferred).
 * 'stop' flushes the last, shorter frame, posts it with `{ last: true }` and ends the processor.
 */
export async function processorSource(): Promise<string> {
  const { pcmToolkit } = await import('@edu-portal/core/voice/pcm.ts');
  return `
const { createPcmEncoder } = (${pcmToolkit.toString()})();
registerProcessor('${CAPTURE_PROCESSOR}', class extends AudioWorkletProcessor {
  constructor(options) {
    super();
    this.encoder = createPcmEncoder(options.processorOptions.inputRate);
    this.live = true;
    this.port.onmessage = () => {
      if (!this.live) return;
      this.live = false;
      const frames = this.encoder.flush();
      this.port.postMessage({ frames, last: true }, frames);
    };
  }
  process(inputs) {
    const input = inputs[0];
    if (this.live && input && input.length && input[0].length) {
      const frames = this.encoder.push(input);
      if (frames.length) this.port.postMessage({ frames, last: false }, frames);
    }
    return this.live;
  }
});
`;
}

const processorUrl = loadOnce(async () =>
  URL.createObjectURL(new Blob([await processorSource()], { type: 'text/javascript' })),
);

export interface Capture {
  /**
   * Stops the microphone at once (the browser's recording indicator goes off); answers the frames still in the
   * processor (its last, shorter frame included). Close the AudioContext only after this settles.
   */
  stop(): Promise<ArrayBuffer[]>;
  readonly sampleRate: number;
}

/** How long `stop()` waits for the processor's last frames (it answers within a render quantum when running). */
const FLUSH_WAIT_MS = 250;

/**
 * Opens the microphone and sends each 100 ms PCM frame to `onFrame`. `context` must be created during the user's
 * gesture (a press) so it may run. Rejects with a `MicrophoneError`.
 */
export async function startCapture(context: AudioContext, onFrame: (frame: ArrayBuffer) => void): Promise<Capture> {
  if (!microphoneAvailable()) throw new MicrophoneError('insecure');
  // The processor's code loads while the microphone is being asked for.
  const processor = processorUrl();
  processor.catch(() => {});
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
    await context.audioWorklet.addModule(await processor);
    if (context.state === 'suspended') await context.resume();
    const source = context.createMediaStreamSource(stream);
    const node = new AudioWorkletNode(context, CAPTURE_PROCESSOR, {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      processorOptions: { inputRate: context.sampleRate },
    });
    let stopping: Promise<ArrayBuffer[]> | null = null;
    // Frames that arrive after stop() (posted before the processor saw it) go to stop()'s answer, in order.
    let rest: ArrayBuffer[] | null = null;
    let done: ((frames: ArrayBuffer[]) => void) | null = null;
    node.port.onmessage = (event: MessageEvent<{ frames: ArrayBuffer[]; last: boolean }>) => {
      const { frames, last } = event.data;
      if (!rest) {
        for (const frame of frames) onFrame(frame);
        return;
      }
      rest.push(...frames);
      if (last) done?.(rest);
    };
    source.connect(node);
    // Silent output (the processor writes nothing), so the graph pulls the node.
    node.connect(context.destination);
    return {
      sampleRate: context.sampleRate,
      stop() {
        // The first call answers what remained; a later one has nothing left.
        if (stopping) return Promise.resolve([]);
        rest = [];
        release();
        stopping = new Promise<ArrayBuffer[]>((resolve) => {
          const timer = setTimeout(() => done?.(rest ?? []), FLUSH_WAIT_MS);
          done = (frames) => {
            done = null;
            clearTimeout(timer);
            node.port.onmessage = null;
            source.disconnect();
            node.disconnect();
            resolve(frames);
          };
        });
        node.port.postMessage('stop');
        return stopping;
      },
    };
  } catch {
    release();
    throw new MicrophoneError('microphone');
  }
}
