/** The capture processor runs core's PCM encoder on the audio thread and posts ready 16 kHz 16-bit frames. */
import { expect } from '@open-wc/testing';
import { createPcmEncoder } from '@edu-portal/core/voice/pcm.ts';
import { CAPTURE_PROCESSOR, processorSource } from './capture.ts';

describe('voice capture processor', () => {
  it('posts the same Int16 frames as core’s encoder, from 44.1 kHz stereo in an AudioWorklet', async () => {
    const rate = 44100;
    const seconds = 1;
    const context = new OfflineAudioContext({ numberOfChannels: 1, length: rate * seconds, sampleRate: rate });
    const url = URL.createObjectURL(new Blob([await processorSource()], { type: 'text/javascript' }));
    await context.audioWorklet.addModule(url);
    URL.revokeObjectURL(url);
    const buffer = context.createBuffer(2, rate * seconds, rate);
    const left = buffer.getChannelData(0);
    const right = buffer.getChannelData(1);
    for (let i = 0; i < left.length; i++) {
      left[i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate);
      right[i] = 0.25 * Math.sin((2 * Math.PI * 1000 * i) / rate);
    }
    const source = new AudioBufferSourceNode(context, { buffer });
    const node = new AudioWorkletNode(context, CAPTURE_PROCESSOR, {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      channelCount: 2,
      channelCountMode: 'explicit',
      processorOptions: { inputRate: rate },
    });
    const posted: ArrayBuffer[] = [];
    node.port.onmessage = (event: MessageEvent<{ frames: ArrayBuffer[]; last: boolean }>) => {
      posted.push(...event.data.frames);
    };
    source.connect(node);
    node.connect(context.destination);
    source.start();
    await context.startRendering();
    // The processor's messages come after rendering; 1 s at 16 kHz makes ten whole 100 ms frames.
    const deadline = Date.now() + 2000;
    while (posted.length < 10 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));

    // The same encoder fed the same 128-sample render quanta on this thread.
    const encoder = createPcmEncoder(rate);
    const expected: ArrayBuffer[] = [];
    for (let at = 0; at < left.length; at += 128) {
      expected.push(...encoder.push([left.subarray(at, at + 128), right.subarray(at, at + 128)]));
    }
    expect(expected.length).to.equal(10);
    expect(posted.length).to.equal(expected.length);
    for (let i = 0; i < expected.length; i++) {
      expect(posted[i]!.byteLength).to.equal(3200); // 100 ms of 16 kHz 16-bit mono
      expect(Array.from(new Int16Array(posted[i]!))).to.deep.equal(Array.from(new Int16Array(expected[i]!)));
    }
  });
});
