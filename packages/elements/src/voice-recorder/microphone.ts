/**
 * What `<edu-voice-recorder>` knows of the microphone before the first press: whether the page may ask for it, the
 * problems a capture reports, and the audio warm-up. The capture itself (`capture.ts`) loads at the first press.
 */

let warmed = false;
/**
 * Chromium's first `new AudioContext()` in a page blocks the main thread for 50–150 ms (the audio output is set up
 * once per page; later contexts take 2–3 ms). Done at idle time once a recorder is on the page, so the press that
 * creates the capture's context does not pay it while recording. The warm-up context is closed at once.
 */
export function warmUpAudio(): void {
  if (warmed || typeof AudioContext !== 'function') return;
  warmed = true;
  const idle = globalThis.requestIdleCallback ?? ((task: () => void) => setTimeout(task, 200));
  idle(() => {
    try {
      void new AudioContext().close().catch(() => {});
    } catch {
      // No audio output: the press reports the microphone problem as before.
    }
  });
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
