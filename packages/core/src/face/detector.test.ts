/** The detection Worker for real: face-api's TinyFaceDetector on the wasm backend, assets from /face-assets/. */
import { expect } from '@open-wc/testing';
import { createFaceDetector, type FaceDetector } from './detector.ts';

const SAMPLE = '/node_modules/@vladmandic/face-api/demo/sample1.jpg';

/** A 640 × 480 frame: the crop of sample1 with one face near the centre (TOOLCHAIN), or a plain grey one. */
async function frame(blank = false): Promise<ImageBitmap> {
  const canvas = new OffscreenCanvas(640, 480);
  const context = canvas.getContext('2d')!;
  if (blank) {
    context.fillStyle = '#8a8a8a';
    context.fillRect(0, 0, 640, 480);
  } else {
    const image = new Image();
    image.src = SAMPLE;
    await image.decode();
    context.drawImage(image, 621, 329, 640, 480, 0, 0, 640, 480);
  }
  return createImageBitmap(canvas);
}

describe('face detector (Worker, wasm)', function () {
  this.timeout(60_000);
  let detector: FaceDetector | undefined;
  afterEach(() => detector?.close());

  it('finds the face of a sample photo near the centre, in frame pixels, and none in a blank frame', async () => {
    detector = createFaceDetector();
    await detector.ready;
    const found = await detector.detectWithScore(await frame());
    expect(found.box, 'a face').to.not.equal(null);
    const box = found.box!;
    expect(found.score).to.be.greaterThan(0.5);
    expect(box.width).to.be.within(150, 300);
    expect(box.x + box.width / 2).to.be.within(220, 420);
    expect(box.y + box.height / 2).to.be.within(140, 340);
    expect(await detector.detect(await frame(true)), 'no face').to.equal(null);
  });

  it('rejects when its assets cannot be loaded, and after close', async () => {
    detector = createFaceDetector({ assetsBase: '/no-such-face-assets/' });
    let failure: unknown;
    await detector.ready.catch((error: unknown) => (failure = error));
    expect(String(failure)).to.match(/wasm|HTTP 404|model/i);
    const closed = createFaceDetector();
    closed.close();
    let late: unknown;
    await closed.detect(await frame(true)).catch((error: unknown) => (late = error));
    expect(String(late)).to.contain('closed');
  });
});
