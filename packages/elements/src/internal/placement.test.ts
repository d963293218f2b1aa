import { expect, waitUntil } from '@open-wc/testing';
import { keepPlaced, place, type PlaceOptions } from './placement.ts';

const VIEWPORT = { width: 1000, height: 800 };
const SIZE = { width: 200, height: 300 };
const options = (more: Partial<PlaceOptions> = {}): PlaceOptions => ({
  placement: 'bottom-start',
  distance: 4,
  alignmentOffset: 0,
  edge: 8,
  ...more,
});
const anchorAt = (left: number, top: number, width = 100, height = 30) => ({ left, top, width, height });

describe('placement: where a popup goes', () => {
  it('goes below its anchor at its start, the gap apart', () => {
    expect(place(anchorAt(100, 50), SIZE, VIEWPORT, options())).to.deep.equal({
      x: 100,
      y: 84,
      placement: 'bottom-start',
    });
  });

  it('aligns at the end, moved inwards by the alignment offset; centres without an alignment', () => {
    const end = place(anchorAt(500, 50), SIZE, VIEWPORT, options({ placement: 'bottom-end', alignmentOffset: 16 }));
    expect(end.x).to.equal(500 + 100 - 200 - 16);
    expect(place(anchorAt(500, 50), SIZE, VIEWPORT, options({ placement: 'bottom' })).x).to.equal(450);
  });

  it('flips above when there is no room below and more above', () => {
    const placed = place(anchorAt(100, 700), SIZE, VIEWPORT, options());
    expect(placed.placement).to.equal('top-start');
    expect(placed.y).to.equal(700 - 4 - 300);
  });

  it('keeps the preferred side when the other side has even less room', () => {
    const placed = place(anchorAt(100, 370, 100, 30), { width: 200, height: 500 }, VIEWPORT, options());
    expect(placed.placement).to.equal('bottom-start');
  });

  it('takes the other alignment when its own leaves the viewport, and shifts what fits neither way', () => {
    const flipped = place(anchorAt(880, 50), SIZE, VIEWPORT, options());
    expect(flipped.placement).to.equal('bottom-end');
    expect(flipped.x).to.equal(880 + 100 - 200);
    // Too wide for either alignment: shifted to stay 8 px inside.
    const shifted = place(anchorAt(500, 50, 30, 30), { width: 700, height: 100 }, VIEWPORT, options());
    expect(shifted.x).to.equal(1000 - 8 - 700);
    // At the very left edge: shifted right to 8 px.
    expect(place(anchorAt(0, 50, 30, 30), { width: 400, height: 100 }, VIEWPORT, options()).x).to.equal(8);
  });

  it('caps the height to the room on its side, never below the minimum, and places a capped top popup by it', () => {
    const below = place(anchorAt(100, 500), { width: 200, height: 600 }, VIEWPORT, options({ minFitHeight: 120 }));
    // More room above (496 - 8) than below (800 - 530 - 4 - 8 = 258): flipped, capped to 488, placed by the cap.
    expect(below.placement).to.equal('top-start');
    expect(below.maxHeight).to.equal(500 - 4 - 8);
    expect(below.y).to.equal(500 - 4 - 488);
    const tiny = place(
      anchorAt(100, 20),
      { width: 200, height: 600 },
      { width: 1000, height: 150 },
      options({ minFitHeight: 120 }),
    );
    expect(tiny.maxHeight).to.equal(120);
  });

  it('places beside the anchor on the left or right, flipping horizontally', () => {
    expect(place(anchorAt(100, 100), SIZE, VIEWPORT, options({ placement: 'right-start' }))).to.deep.equal({
      x: 204,
      y: 100,
      placement: 'right-start',
    });
    expect(place(anchorAt(850, 100), SIZE, VIEWPORT, options({ placement: 'right-start' })).placement).to.equal(
      'left-start',
    );
  });
});

describe('placement: keeping a popup placed', () => {
  let stop: (() => void) | null = null;
  afterEach(() => {
    stop?.();
    stop = null;
    document.querySelectorAll('.placement-test').forEach((node) => node.remove());
  });

  function setUp() {
    const scroller = document.createElement('div');
    scroller.className = 'placement-test';
    Object.assign(scroller.style, { position: 'fixed', left: '0', top: '0', width: '300px', height: '200px' });
    scroller.style.overflow = 'auto';
    const anchor = document.createElement('button');
    anchor.textContent = 'anchor';
    Object.assign(anchor.style, { position: 'relative', left: '20px', top: '20px', marginBottom: '600px' });
    scroller.append(anchor);
    const popup = document.createElement('div');
    popup.className = 'placement-test';
    Object.assign(popup.style, { position: 'fixed', width: '50px', height: '40px' });
    document.body.append(scroller, popup);
    let calls = 0;
    stop = keepPlaced(anchor, popup, () => calls++);
    return { scroller, anchor, popup, calls: () => calls };
  }

  it('updates at once, then when an ancestor scrolls, the popup resizes, and the anchor moves by layout', async () => {
    const { scroller, anchor, popup, calls } = setUp();
    expect(calls()).to.be.at.least(1);
    let before = calls();
    scroller.scrollTop = 10;
    await waitUntil(() => calls() > before, 'scroll');
    before = calls();
    popup.style.height = '80px';
    await waitUntil(() => calls() > before, 'popup resize');
    before = calls();
    anchor.style.left = '120px';
    await waitUntil(() => calls() > before, 'anchor moved');
  });

  it('stops when told to', async () => {
    const { scroller, calls } = setUp();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    stop!();
    stop = null;
    const before = calls();
    scroller.scrollTop = 80;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls()).to.equal(before);
  });
});
