import { expect } from '@open-wc/testing';
import {
  FACE_CAPTURE_TIMEOUT_MS,
  FACE_GUIDE_RATIO,
  FACE_HITS_NEEDED,
  FACE_POSITION_TOLERANCE_PX,
} from '../constants.ts';
import { cameraAllowed, captureSize, createCaptureTracker, guideBox, isOnGuide, type FaceBox } from './capture.ts';
import { faceText } from './texts.ts';

const W = 480;
const H = 480;
/** The guide of a 480 × 480 frame: 168 px square at (156, 156). */
const guide = guideBox(W, H);
const onGuide: FaceBox = { ...guide };
const shifted = (dx: number, dy = 0, grow = 0): FaceBox => ({
  x: guide.x + dx - grow / 2,
  y: guide.y + dy - grow / 2,
  width: guide.width + grow,
  height: guide.height + grow,
});

describe('face capture rule', () => {
  it('uses the spec constants: more than 8 hits, about 50 px, 35 % guide, 15 s', () => {
    expect([FACE_HITS_NEEDED, FACE_POSITION_TOLERANCE_PX, FACE_GUIDE_RATIO, FACE_CAPTURE_TIMEOUT_MS]).to.deep.equal([
      8, 50, 0.35, 15_000,
    ]);
  });

  it('centres a guide of 35 % of the frame width', () => {
    expect(guide).to.deep.equal({ x: 156, y: 156, width: 168, height: 168 });
    expect(guideBox(640, 480)).to.deep.equal({ x: 208, y: 128, width: 224, height: 224 });
  });

  it('counts a face on the guide within 50 px of position and size, not beyond', () => {
    expect(isOnGuide(onGuide, guide)).to.equal(true);
    expect(isOnGuide(shifted(50, -50), guide)).to.equal(true);
    expect(isOnGuide(shifted(51), guide)).to.equal(false);
    expect(isOnGuide(shifted(0, 51), guide)).to.equal(false);
    expect(isOnGuide(shifted(0, 0, 50), guide)).to.equal(true);
    expect(isOnGuide(shifted(0, 0, -51), guide)).to.equal(false);
  });

  it('captures on the 9th consecutive hit, not the 8th', () => {
    const tracker = createCaptureTracker();
    tracker.start(0);
    for (let i = 1; i <= 8; i += 1) expect(tracker.observe(onGuide, W, H, i * 100)).to.equal('tracking');
    expect(tracker.hits).to.equal(8);
    expect(tracker.observe(onGuide, W, H, 900)).to.equal('capture');
    expect(tracker.observe(null, W, H, 1000), 'the verdict stays').to.equal('capture');
  });

  it('starts counting again after a miss or a face off the guide', () => {
    const tracker = createCaptureTracker();
    tracker.start(0);
    for (let i = 1; i <= 8; i += 1) tracker.observe(onGuide, W, H, i * 100);
    expect(tracker.observe(null, W, H, 900)).to.equal('tracking');
    expect(tracker.hits).to.equal(0);
    for (let i = 1; i <= 8; i += 1) tracker.observe(onGuide, W, H, 900 + i * 100);
    expect(tracker.observe(shifted(80), W, H, 1800)).to.equal('tracking');
    expect(tracker.hits).to.equal(0);
  });

  it('times out 15 s after the start without a capture; start() tries again', () => {
    const tracker = createCaptureTracker();
    tracker.start(1000);
    expect(tracker.observe(shifted(100), W, H, 1000 + 14_999)).to.equal('tracking');
    expect(tracker.observe(onGuide, W, H, 1000 + 15_000)).to.equal('timeout');
    expect(tracker.observe(onGuide, W, H, 1000 + 15_100)).to.equal('timeout');
    tracker.start(20_000);
    expect(tracker.observe(onGuide, W, H, 20_100)).to.equal('tracking');
  });

  it('takes its rule from options (a shortened timeout for tests)', () => {
    const tracker = createCaptureTracker({ timeoutMs: 500, hitsNeeded: 2 });
    tracker.start(0);
    tracker.observe(onGuide, W, H, 10);
    tracker.observe(onGuide, W, H, 20);
    expect(tracker.observe(onGuide, W, H, 30)).to.equal('capture');
    const slow = createCaptureTracker({ timeoutMs: 500 });
    slow.start(0);
    expect(slow.observe(null, W, H, 500)).to.equal('timeout');
  });

  it('captures 480 × 480, or the body size on screens 760 px wide or narrower', () => {
    expect(captureSize(1280, 1280, 900)).to.deep.equal({ width: 480, height: 480 });
    expect(captureSize(761, 761, 900)).to.deep.equal({ width: 480, height: 480 });
    expect(captureSize(760, 375.4, 667)).to.deep.equal({ width: 375, height: 667 });
  });

  it('allows the camera on https and localhost only', () => {
    expect(cameraAllowed({ protocol: 'https:', hostname: 'school.example' })).to.equal(true);
    expect(cameraAllowed({ protocol: 'http:', hostname: 'localhost' })).to.equal(true);
    expect(cameraAllowed({ protocol: 'http:', hostname: '127.0.0.1' })).to.equal(true);
    expect(cameraAllowed({ protocol: 'http:', hostname: 'school.example' })).to.equal(false);
  });

  it('has the face texts in three languages', () => {
    expect(faceText('faceTimeout', {}, 'en')).to.equal('Face detection timed out, click to retry');
    expect(faceText('faceNoCamera', {}, 'zh-CN')).to.equal('该设备未检测到摄像头');
    expect(faceText('faceLastCollected', { time: '2026-11-23 18:00' }, 'zh-HK')).to.equal(
      '最近採集時間：2026-11-23 18:00',
    );
  });
});
