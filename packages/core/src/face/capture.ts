/**
 * The capture rule of the face screen (spec part 2 §4 "Face component", §9), as pure functions for `<edu-face>`:
 * the centre guide (35 % of the width), whether a detected face sits on it (position and size within about 50 px),
 * the tracker that captures after more than 8 consecutive hits or times out after 15 s, and the capture size.
 */
import {
  FACE_CAPTURE_SIZE_PX,
  FACE_CAPTURE_TIMEOUT_MS,
  FACE_GUIDE_RATIO,
  FACE_HITS_NEEDED,
  FACE_POSITION_TOLERANCE_PX,
  FACE_SMALL_SCREEN_MAX_PX,
} from '../constants.ts';

/** A box in the pixels of the video frame (a detection, or the guide). */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The centre guide: a square of `ratio` × the frame width, centred in the frame. */
export function guideBox(frameWidth: number, frameHeight: number, ratio = FACE_GUIDE_RATIO): FaceBox {
  const size = frameWidth * ratio;
  return { x: (frameWidth - size) / 2, y: (frameHeight - size) / 2, width: size, height: size };
}

/**
 * Whether a detected face sits on the guide: its centre within `tolerance` px of the guide's centre on both axes,
 * and its width within `tolerance` px of the guide's size.
 */
export function isOnGuide(face: FaceBox, guide: FaceBox, tolerance = FACE_POSITION_TOLERANCE_PX): boolean {
  const dx = face.x + face.width / 2 - (guide.x + guide.width / 2);
  const dy = face.y + face.height / 2 - (guide.y + guide.height / 2);
  return Math.abs(dx) <= tolerance && Math.abs(dy) <= tolerance && Math.abs(face.width - guide.width) <= tolerance;
}

export interface CaptureRule {
  /** Consecutive hits needed: a capture needs more than this many (default 8). */
  hitsNeeded: number;
  tolerance: number;
  timeoutMs: number;
  guideRatio: number;
}

export const DEFAULT_CAPTURE_RULE: CaptureRule = {
  hitsNeeded: FACE_HITS_NEEDED,
  tolerance: FACE_POSITION_TOLERANCE_PX,
  timeoutMs: FACE_CAPTURE_TIMEOUT_MS,
  guideRatio: FACE_GUIDE_RATIO,
};

/** `tracking`: keep detecting; `capture`: take the photo now; `timeout`: stop, show "timed out, click to retry". */
export type TrackerVerdict = 'tracking' | 'capture' | 'timeout';

export interface CaptureTracker {
  /**
   * One detection result at `at` (ms, the clock `start` used): the face found in a frame of the given size, or
   * null when there was none. After `capture` or `timeout` the verdict stays until `start` is called again.
   */
  observe(face: FaceBox | null, frameWidth: number, frameHeight: number, at: number): TrackerVerdict;
  /** (Re)starts tracking at `at`: hits cleared, the timeout counted from here (after the countdown). */
  start(at: number): void;
  /** Consecutive hits so far. */
  readonly hits: number;
}

/** The auto-capture rule of login and clock-in: more than `hitsNeeded` consecutive hits on the guide, within `timeoutMs`. */
export function createCaptureTracker(rule: Partial<CaptureRule> = {}): CaptureTracker {
  const { hitsNeeded, tolerance, timeoutMs, guideRatio } = { ...DEFAULT_CAPTURE_RULE, ...rule };
  let startedAt = 0;
  let hits = 0;
  let done: TrackerVerdict | null = null;
  return {
    get hits() {
      return hits;
    },
    start(at) {
      startedAt = at;
      hits = 0;
      done = null;
    },
    observe(face, frameWidth, frameHeight, at) {
      if (done) return done;
      if (at - startedAt >= timeoutMs) return (done = 'timeout');
      const onGuide = face !== null && isOnGuide(face, guideBox(frameWidth, frameHeight, guideRatio), tolerance);
      hits = onGuide ? hits + 1 : 0;
      if (hits > hitsNeeded) return (done = 'capture');
      return 'tracking';
    },
  };
}

/** The capture size: 480 × 480, or the body's size on screens `FACE_SMALL_SCREEN_MAX_PX` wide or narrower. */
export function captureSize(
  screenWidth: number,
  bodyWidth: number,
  bodyHeight: number,
): { width: number; height: number } {
  if (screenWidth <= FACE_SMALL_SCREEN_MAX_PX && bodyWidth > 0 && bodyHeight > 0) {
    return { width: Math.round(bodyWidth), height: Math.round(bodyHeight) };
  }
  return { width: FACE_CAPTURE_SIZE_PX, height: FACE_CAPTURE_SIZE_PX };
}

/** Whether the page may use the camera (spec §5): https, or localhost / 127.0.0.1. */
export function cameraAllowed(location: { protocol: string; hostname: string }): boolean {
  return (
    location.protocol === 'https:' ||
    location.hostname === 'localhost' ||
    location.hostname === '127.0.0.1' ||
    location.hostname === '[::1]'
  );
}
