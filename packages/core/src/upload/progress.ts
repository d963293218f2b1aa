/**
 * The progress of one upload as the user should see it: the bytes the server holds, the bytes on their way (counted
 * as the browser sends them, from upload progress events), and the speed they go at over a sliding window, with the
 * time left from it. No speed is told before it can be measured, nor once nothing has moved for a while (paused, a
 * retry waiting, the login dialog holding a request): a stale "1.6 MB/s · 1 s left" is worse than none.
 */

/** The speed is the bytes sent over the last this many milliseconds. */
export const SPEED_WINDOW_MS = 5000;
/** No speed before samples span this long: the first second fills the socket's buffer and looks fast. */
export const SPEED_MIN_SPAN_MS = 1000;
/** No speed once no byte has been sent for this long. */
export const SPEED_STALL_MS = 2000;

export interface ProgressFigures {
  /** Bytes the server holds: chunks it reported or acknowledged. */
  uploadedBytes: number;
  /** Those and the bytes of requests on their way. */
  sentBytes: number;
  /** Bytes per second sent over the last `SPEED_WINDOW_MS`; 0 when unknown. */
  speed: number;
  /** From the speed; `null` while it is unknown; 0 once everything is held. */
  timeLeftMs: number | null;
}

export interface ProgressTracker {
  /** Bytes the server holds. */
  readonly held: number;
  /** The server holds `bytes` this page did not send (found by a check). */
  found(bytes: number): void;
  /** A request carrying part `key` has sent `loaded` of its bytes so far. */
  sending(key: number, loaded: number): void;
  /** The server accepted part `key`, `bytes` long: whatever progress events did not report counts as sent now. */
  accepted(key: number, bytes: number): void;
  /** The request of part `key` ended without its bytes being held. */
  dropped(key: number): void;
  /** Every request stopped (pause, abort): none is on its way, and the speed is measured afresh. */
  stopAll(): void;
  /** Nothing moves for now (a retry waits): the speed is measured afresh. */
  stall(): void;
  /** The server lost what it held (it is sent again). */
  forget(): void;
  /** The server holds everything (a second upload). */
  complete(): void;
  figures(): ProgressFigures;
}

export function createProgress(size: number, now: () => number): ProgressTracker {
  let held = 0;
  const onTheWay = new Map<number, number>();
  /** Running total of bytes sent, sampled at each progress report. */
  let sentTotal = 0;
  let samples: { at: number; total: number }[] = [];

  function record(bytes: number): void {
    if (bytes <= 0) return;
    sentTotal += bytes;
    const at = now();
    samples.push({ at, total: sentTotal });
    // Keep one sample at or before the window's start, as the base the window is measured from.
    while (samples.length > 2 && samples[1]!.at <= at - SPEED_WINDOW_MS) samples.shift();
  }

  function speed(): number {
    const last = samples.at(-1);
    const first = samples[0];
    if (!last || !first) return 0;
    const at = now();
    if (at - last.at > SPEED_STALL_MS) return 0;
    const span = at - first.at;
    if (span < SPEED_MIN_SPAN_MS) return 0;
    return ((last.total - first.total) / span) * 1000;
  }

  return {
    get held() {
      return held;
    },
    found(bytes) {
      held = Math.min(size, held + bytes);
    },
    sending(key, loaded) {
      const before = onTheWay.get(key) ?? 0;
      if (loaded <= before) return;
      onTheWay.set(key, loaded);
      record(loaded - before);
    },
    accepted(key, bytes) {
      record(bytes - (onTheWay.get(key) ?? 0));
      onTheWay.delete(key);
      held = Math.min(size, held + bytes);
    },
    dropped(key) {
      onTheWay.delete(key);
    },
    stopAll() {
      onTheWay.clear();
      samples = [];
    },
    stall() {
      samples = [];
    },
    forget() {
      held = 0;
    },
    complete() {
      held = size;
    },
    figures() {
      let sent = held;
      for (const bytes of onTheWay.values()) sent += bytes;
      const sentBytes = Math.min(size, sent);
      const rate = speed();
      const left = size - sentBytes;
      return {
        uploadedBytes: held,
        sentBytes,
        speed: rate,
        timeLeftMs: held >= size ? 0 : rate > 0 ? Math.round((left / rate) * 1000) : null,
      };
    },
  };
}
