/** The upload's progress figures: bytes held and on their way, the speed over a sliding window, stalls. */
import { expect } from '@open-wc/testing';
import { SPEED_MIN_SPAN_MS, SPEED_STALL_MS, SPEED_WINDOW_MS, createProgress } from './progress.ts';

const KIB = 1024;

function timed(size: number) {
  let t = 0;
  const progress = createProgress(size, () => t);
  return { progress, at: (ms: number) => (t = ms) };
}

describe('upload progress', () => {
  it('counts bytes as they are sent, and what the server holds apart from them', () => {
    const { progress, at } = timed(1000 * KIB);
    at(0);
    progress.sending(1, 100 * KIB);
    progress.sending(2, 50 * KIB);
    expect(progress.figures()).to.include({ uploadedBytes: 0, sentBytes: 150 * KIB });
    at(500);
    progress.accepted(1, 200 * KIB);
    expect(progress.figures()).to.include({ uploadedBytes: 200 * KIB, sentBytes: 250 * KIB });
    // A request that fails: its bytes are no longer on their way.
    progress.dropped(2);
    expect(progress.figures()).to.include({ uploadedBytes: 200 * KIB, sentBytes: 200 * KIB });
  });

  it('tells the speed of the last window from progress events, not from chunks finishing together', () => {
    // 512 KiB/s through three requests at once, each finishing only at the end: progress events every 250 ms.
    const { progress, at } = timed(100 * 1024 * KIB);
    const loaded = [0, 0, 0];
    for (let ms = 250; ms <= 8000; ms += 250) {
      at(ms);
      const key = (ms / 250) % 3;
      loaded[key]! += 128 * KIB;
      progress.sending(key, loaded[key]!);
    }
    const { speed, timeLeftMs, sentBytes } = progress.figures();
    expect(speed).to.be.closeTo(512 * KIB, 512 * KIB * 0.05);
    expect(timeLeftMs).to.be.closeTo(((100 * 1024 * KIB - sentBytes) / speed) * 1000, 1);
  });

  it('forgets a fast start once the window has moved past it', () => {
    const { progress, at } = timed(100 * 1024 * KIB);
    // The socket's buffer takes 4 MiB at once, then 256 KiB/s.
    at(0);
    progress.sending(1, 4096 * KIB);
    for (let ms = 1000; ms <= SPEED_WINDOW_MS + 3000; ms += 1000) {
      at(ms);
      progress.sending(1, 4096 * KIB + (ms / 1000) * 256 * KIB);
    }
    expect(progress.figures().speed).to.be.closeTo(256 * KIB, 256 * KIB * 0.05);
  });

  it('tells no speed before it can be measured, nor once nothing has moved for a while', () => {
    const { progress, at } = timed(10 * 1024 * KIB);
    at(0);
    progress.sending(1, 64 * KIB);
    at(SPEED_MIN_SPAN_MS / 2);
    progress.sending(1, 128 * KIB);
    expect(progress.figures()).to.include({ speed: 0, timeLeftMs: null });
    at(SPEED_MIN_SPAN_MS);
    expect(progress.figures().speed).to.be.greaterThan(0);
    at(SPEED_MIN_SPAN_MS / 2 + SPEED_STALL_MS + 1);
    expect(progress.figures()).to.include({ speed: 0, timeLeftMs: null });
  });

  it('measures afresh after a stall or a stop (a retry waiting, a pause)', () => {
    const { progress, at } = timed(10 * 1024 * KIB);
    at(0);
    progress.sending(1, 64 * KIB);
    at(1500);
    progress.sending(1, 1024 * KIB);
    expect(progress.figures().speed).to.be.greaterThan(0);
    progress.stall();
    expect(progress.figures()).to.include({ speed: 0, timeLeftMs: null, sentBytes: 1024 * KIB });
    progress.stopAll();
    expect(progress.figures()).to.include({ speed: 0, sentBytes: 0 });
  });

  it('holds found chunks without counting them as sent, and all of a second upload', () => {
    const { progress, at } = timed(300 * KIB);
    at(0);
    progress.found(100 * KIB);
    at(2000);
    expect(progress.figures()).to.include({ uploadedBytes: 100 * KIB, speed: 0 });
    progress.complete();
    expect(progress.figures()).to.include({ uploadedBytes: 300 * KIB, timeLeftMs: 0 });
    progress.forget();
    expect(progress.figures().uploadedBytes).to.equal(0);
  });
});
