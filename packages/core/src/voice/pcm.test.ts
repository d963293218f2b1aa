/** The PCM conversion against known signals: a microphone's 44.1 kHz stereo in, 16 kHz mono 16-bit frames out. */
import { expect } from '@open-wc/testing';
import {
  createFramer,
  createPcmEncoder,
  createResampler,
  downmix,
  floatTo16BitPcm,
  resample,
  SPEECH_SAMPLE_RATE,
} from './pcm.ts';
import { VOICE_BYTES_PER_MS } from '../constants.ts';

const sine = (rate: number, hz: number, seconds: number, amplitude: number, phase = 0) =>
  Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => amplitude * Math.sin(2 * Math.PI * hz * (i / rate) + phase),
  );

/** Samples of 16-bit little-endian PCM frames, as floats. */
function decode(frames: ArrayBuffer[]): Float32Array {
  const out: number[] = [];
  for (const frame of frames) {
    const view = new DataView(frame);
    for (let i = 0; i < frame.byteLength; i += 2) out.push(view.getInt16(i, true) / 32768);
  }
  return Float32Array.from(out);
}

const rms = (samples: Float32Array) => Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length);

/** The amplitude of the `hz` component (a single-bin DFT). */
function amplitudeAt(samples: Float32Array, rate: number, hz: number): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < samples.length; i++) {
    re += samples[i]! * Math.cos((2 * Math.PI * hz * i) / rate);
    im -= samples[i]! * Math.sin((2 * Math.PI * hz * i) / rate);
  }
  return (2 * Math.hypot(re, im)) / samples.length;
}

/** Frequency by counting rising zero crossings. */
function frequency(samples: Float32Array, rate: number): number {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i - 1]! < 0 && samples[i]! >= 0) crossings += 1;
  return (crossings * rate) / samples.length;
}

/** A microphone: blocks of 128 frames per channel, as an AudioWorklet gets them. */
function* blocks(channels: Float32Array[], size = 128): Generator<Float32Array[]> {
  for (let offset = 0; offset < channels[0]!.length; offset += size) {
    yield channels.map((channel) => channel.subarray(offset, offset + size));
  }
}

describe('PCM conversion', () => {
  it('turns a 1 kHz sine at 44.1 kHz stereo into 16 kHz mono 16-bit frames of 100 ms with the same tone', () => {
    const left = sine(44100, 1000, 1, 0.5);
    const right = sine(44100, 1000, 1, 0.3);
    const encoder = createPcmEncoder(44100);
    const frames: ArrayBuffer[] = [];
    for (const block of blocks([left, right])) frames.push(...encoder.push(block));
    frames.push(...encoder.flush());

    expect(frames.slice(0, -1).every((frame) => frame.byteLength === 3200)).to.equal(true, '100 ms = 1600 samples');
    const samples = decode(frames);
    // One second in, one second out (the filter's delay keeps a few samples back at most).
    expect(samples.length).to.be.within(SPEECH_SAMPLE_RATE - 4, SPEECH_SAMPLE_RATE);
    const steady = samples.subarray(800, 15000);
    expect(frequency(steady, SPEECH_SAMPLE_RATE)).to.be.within(995, 1005);
    // The mean of 0.5 and 0.3: amplitude 0.4, RMS 0.4/√2.
    expect(amplitudeAt(steady, SPEECH_SAMPLE_RATE, 1000)).to.be.within(0.39, 0.41);
    expect(rms(steady)).to.be.within(0.4 / Math.SQRT2 - 0.01, 0.4 / Math.SQRT2 + 0.01);
    expect(amplitudeAt(steady, SPEECH_SAMPLE_RATE, 3000)).to.be.below(0.005);
  });

  it('filters what 16 kHz cannot carry instead of folding it into speech (12 kHz would alias to 4 kHz)', () => {
    const out = resample(sine(44100, 12000, 0.5, 0.5), 44100);
    const steady = out.subarray(400, out.length - 400);
    expect(amplitudeAt(steady, SPEECH_SAMPLE_RATE, 4000)).to.be.below(0.02);
    expect(rms(steady)).to.be.below(0.02);
    // A 3 kHz tone, well inside the band, passes whole.
    const speechBand = resample(sine(48000, 3000, 0.5, 0.5), 48000).subarray(400, 7600);
    expect(amplitudeAt(speechBand, SPEECH_SAMPLE_RATE, 3000)).to.be.within(0.48, 0.52);
  });

  it('streams without seams: 128-sample blocks give the whole-signal result', () => {
    const signal = sine(48000, 440, 0.3, 0.6);
    const whole = resample(signal, 48000);
    const resampler = createResampler(48000);
    const parts: number[] = [];
    for (let offset = 0; offset < signal.length; offset += 128)
      parts.push(...resampler.push(signal.subarray(offset, offset + 128)));
    expect(parts.length).to.equal(whole.length);
    for (let i = 0; i < whole.length; i++) expect(Math.abs(parts[i]! - whole[i]!)).to.be.below(1e-6);
    // Up-sampling (an 8 kHz source) works too: 0.3 s in, 0.3 s out.
    expect(resample(sine(8000, 440, 0.3, 0.5), 8000).length).to.be.within(4795, 4800);
    // The gateway's own rate passes through untouched.
    expect(resample(signal, SPEECH_SAMPLE_RATE, SPEECH_SAMPLE_RATE)).to.equal(signal);
  });

  it('down-mixes channels by their mean', () => {
    const a = Float32Array.from([0.5, -0.5, 1]);
    const b = Float32Array.from([-0.5, -0.5, 0]);
    expect([...downmix([a, b])]).to.deep.equal([0, -0.5, 0.5]);
    expect(downmix([a])).to.equal(a);
    expect(downmix([]).length).to.equal(0);
  });

  it('writes 16-bit little-endian samples, clipped to the range', () => {
    const bytes = new Uint8Array(floatTo16BitPcm(Float32Array.from([1, -1, 0.5, 2, -2, 0])));
    expect([...bytes]).to.deep.equal([0xff, 0x7f, 0x00, 0x80, 0x00, 0x40, 0xff, 0x7f, 0x00, 0x80, 0x00, 0x00]);
  });

  it('frames of 100–200 ms only, and the rest as a shorter last frame', () => {
    expect(() => createFramer(50)).to.throw(RangeError);
    expect(() => createFramer(250)).to.throw(RangeError);
    const framer = createFramer(200);
    const frames = framer.push(new Float32Array(7000));
    expect(frames.map((f) => f.byteLength)).to.deep.equal([6400, 6400]);
    expect(framer.flush().map((f) => f.byteLength)).to.deep.equal([(7000 - 6400) * 2]);
    expect(framer.flush()).to.deep.equal([]);
  });
});

describe('the recorder’s audio limit', () => {
  it('counts the bytes the encoder writes: 16-bit samples at the rate it encodes to', () => {
    expect(VOICE_BYTES_PER_MS).to.equal((SPEECH_SAMPLE_RATE * 2) / 1000);
  });
});
