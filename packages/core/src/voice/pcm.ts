/**
 * Microphone audio → what the speech protocol wants (spec/speech-protocol.md): mono, 16 kHz, 16-bit little-endian
 * PCM, in frames of 100–200 ms. Pure functions and small stateful stages with no DOM, so an AudioWorklet processor
 * can run them on its 128-sample blocks: `createPcmEncoder(inputRate)` → `push(channels)` → frames (ArrayBuffers).
 */

export interface Resampler {
  /** Resamples the next block; the output continues the previous blocks without seams. */
  push(block: Float32Array): Float32Array;
}

export interface Framer {
  /** Adds samples; answers the whole frames now complete (16-bit LE PCM). */
  push(samples: Float32Array): ArrayBuffer[];
  /** The rest as a last, shorter frame (none when empty). */
  flush(): ArrayBuffer[];
}

export interface PcmEncoder {
  /** One block of the microphone's channels → the frames completed by it. */
  push(channels: readonly Float32Array[]): ArrayBuffer[];
  flush(): ArrayBuffer[];
}

/**
 * The whole implementation in one function that uses nothing from outside itself but the language's built-ins: its
 * text (`pcmToolkit.toString()`) is also the source of the voice recorder's AudioWorklet processor, so the code the
 * tests below exercise is the code that runs on the audio thread (no second copy). Keep it that way: no imports, no
 * module-level names inside.
 */
export function pcmToolkit() {
  /** The rate the gateway is told (`sample_rate`). */
  const SPEECH_SAMPLE_RATE = 16000;
  /** Frames of 100 ms by default (the protocol wants "a few hundred milliseconds" at most; we keep 100–200 ms). */
  const DEFAULT_FRAME_MS = 100;
  const MIN_FRAME_MS = 100;
  const MAX_FRAME_MS = 200;

  /** The mean of the channels (a stereo microphone becomes mono); one channel is returned as it is. */
  function downmix(channels: readonly Float32Array[]): Float32Array {
    if (channels.length === 0) return new Float32Array(0);
    if (channels.length === 1) return channels[0]!;
    const length = Math.min(...channels.map((channel) => channel.length));
    const out = new Float32Array(length);
    for (const channel of channels) for (let i = 0; i < length; i++) out[i]! += channel[i]!;
    for (let i = 0; i < length; i++) out[i]! /= channels.length;
    return out;
  }

  /** Float samples (−1…1, clipped) → 16-bit signed little-endian PCM bytes. */
  function floatTo16BitPcm(samples: Float32Array): ArrayBuffer {
    const buffer = new ArrayBuffer(samples.length * 2);
    const view = new DataView(buffer);
    for (let i = 0; i < samples.length; i++) {
      const s = Math.max(-1, Math.min(1, samples[i]!));
      view.setInt16(i * 2, Math.round(s < 0 ? s * 0x8000 : s * 0x7fff), true);
    }
    return buffer;
  }

  /** The low-pass taps of a windowed sinc (Blackman) with `cutoff` as a fraction of the input rate. */
  function lowPassTaps(cutoff: number, count: number): Float32Array {
    const taps = new Float32Array(count);
    const middle = (count - 1) / 2;
    let sum = 0;
    for (let i = 0; i < count; i++) {
      const x = i - middle;
      const sinc = x === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * x) / (Math.PI * x);
      const window =
        0.42 - 0.5 * Math.cos((2 * Math.PI * i) / (count - 1)) + 0.08 * Math.cos((4 * Math.PI * i) / (count - 1));
      taps[i] = sinc * window;
      sum += taps[i]!;
    }
    for (let i = 0; i < count; i++) taps[i]! /= sum;
    return taps;
  }

  /**
   * A streaming resampler from `fromRate` to `toRate`: a low-pass filter below the new Nyquist frequency when going
   * down (no aliasing of the microphone's high frequencies into speech), then linear interpolation. Blocks of any
   * size; state carries across them.
   */
  function createResampler(fromRate: number, toRate: number = SPEECH_SAMPLE_RATE): Resampler {
    if (!(fromRate > 0) || !(toRate > 0)) throw new RangeError(`invalid sample rates ${fromRate} → ${toRate}`);
    if (fromRate === toRate) return { push: (block) => block };
    const step = fromRate / toRate;
    const downsampling = toRate < fromRate;
    const taps = downsampling ? lowPassTaps((0.45 * toRate) / fromRate, 63) : null;
    const history = new Float32Array(taps ? taps.length - 1 : 0);
    // Filtered input not yet consumed, and the position of the next output sample within it.
    let pending = new Float32Array(0);
    let position = 0;
    return {
      push(block) {
        let filtered = block;
        if (taps) {
          filtered = new Float32Array(block.length);
          const joined = new Float32Array(history.length + block.length);
          joined.set(history);
          joined.set(block, history.length);
          for (let i = 0; i < block.length; i++) {
            let acc = 0;
            for (let k = 0; k < taps.length; k++) acc += taps[k]! * joined[i + k]!;
            filtered[i] = acc;
          }
          history.set(joined.subarray(joined.length - history.length));
        }
        const input = new Float32Array(pending.length + filtered.length);
        input.set(pending);
        input.set(filtered, pending.length);
        const out: number[] = [];
        while (position + 1 < input.length) {
          const i = Math.floor(position);
          const frac = position - i;
          out.push(input[i]! + (input[i + 1]! - input[i]!) * frac);
          position += step;
        }
        // Keep the samples the next output still needs; the position may already lie past this block's end.
        const keep = Math.min(Math.floor(position), input.length);
        pending = input.slice(keep);
        position -= keep;
        return Float32Array.from(out);
      },
    };
  }

  /** The whole of a signal resampled at once (tests, recorded clips). */
  function resample(samples: Float32Array, fromRate: number, toRate: number = SPEECH_SAMPLE_RATE): Float32Array {
    return createResampler(fromRate, toRate).push(samples);
  }

  /** Cuts 16 kHz samples into frames of `frameMs` (100–200 ms). */
  function createFramer(frameMs: number = DEFAULT_FRAME_MS, rate: number = SPEECH_SAMPLE_RATE): Framer {
    if (frameMs < MIN_FRAME_MS || frameMs > MAX_FRAME_MS) {
      throw new RangeError(`frames are ${MIN_FRAME_MS}–${MAX_FRAME_MS} ms, not ${frameMs}`);
    }
    const size = Math.round((rate * frameMs) / 1000);
    let buffer = new Float32Array(size);
    let filled = 0;
    return {
      push(samples) {
        const frames: ArrayBuffer[] = [];
        let offset = 0;
        while (offset < samples.length) {
          const take = Math.min(size - filled, samples.length - offset);
          buffer.set(samples.subarray(offset, offset + take), filled);
          filled += take;
          offset += take;
          if (filled === size) {
            frames.push(floatTo16BitPcm(buffer));
            buffer = new Float32Array(size);
            filled = 0;
          }
        }
        return frames;
      },
      flush() {
        if (!filled) return [];
        const last = floatTo16BitPcm(buffer.subarray(0, filled));
        filled = 0;
        return [last];
      },
    };
  }

  /** The whole chain: down-mix → resample to 16 kHz → 16-bit PCM frames of `frameMs`. */
  function createPcmEncoder(inputRate: number, frameMs: number = DEFAULT_FRAME_MS): PcmEncoder {
    const resampler = createResampler(inputRate, SPEECH_SAMPLE_RATE);
    const framer = createFramer(frameMs);
    return {
      push: (channels) => framer.push(resampler.push(downmix(channels))),
      flush: () => framer.flush(),
    };
  }
  return {
    SPEECH_SAMPLE_RATE,
    DEFAULT_FRAME_MS,
    MIN_FRAME_MS,
    MAX_FRAME_MS,
    downmix,
    floatTo16BitPcm,
    createResampler,
    resample,
    createFramer,
    createPcmEncoder,
  };
}

export const {
  SPEECH_SAMPLE_RATE,
  DEFAULT_FRAME_MS,
  MIN_FRAME_MS,
  MAX_FRAME_MS,
  downmix,
  floatTo16BitPcm,
  createResampler,
  resample,
  createFramer,
  createPcmEncoder,
} = pcmToolkit();
