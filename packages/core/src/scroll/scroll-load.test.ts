/** The scroll-load helper: 10 px threshold, 15-item steps, no second load while one is pending. */
import { expect } from '@open-wc/testing';
import {
  SCROLL_LOAD_THRESHOLD_PX,
  SCROLL_STEP,
  createScrollLoad,
  createStepReveal,
  distanceToBottom,
  isNearBottom,
} from './scroll-load.ts';

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const frames = async (n: number) => {
  for (let i = 0; i < n; i++) await frame();
};

/** A 100 px high scrolling box with `rows` rows of 20 px. */
function box(rows: number): { el: HTMLDivElement; add(n: number): void; rows(): number } {
  const el = document.createElement('div');
  el.style.cssText = 'height:100px;overflow:auto;width:200px';
  document.body.append(el);
  const add = (n: number) => {
    for (let i = 0; i < n; i++) {
      const row = document.createElement('div');
      row.style.height = '20px';
      el.append(row);
    }
  };
  add(rows);
  return { el, add, rows: () => el.children.length };
}

async function scrollTo(el: Element, top: number): Promise<void> {
  el.scrollTop = top;
  el.dispatchEvent(new Event('scroll'));
  await frames(2);
}

describe('scroll-load helper', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('has the spec constants', () => {
    expect(SCROLL_LOAD_THRESHOLD_PX).to.equal(10);
    expect(SCROLL_STEP).to.equal(15);
  });

  it('measures the distance to the bottom against the 10 px threshold', () => {
    const { el } = box(10); // 200 px of content in 100 px
    expect(distanceToBottom(el)).to.equal(100);
    expect(isNearBottom(el)).to.equal(false);
    el.scrollTop = 85; // 15 px left
    expect(isNearBottom(el)).to.equal(false);
    el.scrollTop = 90; // 10 px left
    expect(isNearBottom(el)).to.equal(true);
    el.scrollTop = 80;
    expect(isNearBottom(el, 20)).to.equal(true);
  });

  it('loads when scrolled near the bottom, not before, and not twice while pending', async () => {
    const b = box(10);
    let calls = 0;
    let release: () => void = () => {};
    const loader = createScrollLoad(b.el, {
      immediate: false,
      load: () => {
        calls++;
        return new Promise<void>((resolve) => {
          release = () => {
            b.add(10);
            resolve();
          };
        });
      },
    });
    await scrollTo(b.el, 50);
    expect(calls).to.equal(0);
    await scrollTo(b.el, 95);
    expect(calls).to.equal(1);
    expect(loader.loading).to.equal(true);
    await scrollTo(b.el, 100);
    expect(calls).to.equal(1);
    release();
    await frames(3);
    expect(loader.loading).to.equal(false);
    expect(b.rows()).to.equal(20);
    // Not at the bottom any more: nothing more until the user scrolls there.
    expect(calls).to.equal(1);
    await scrollTo(b.el, 400);
    expect(calls).to.equal(2);
    loader.destroy();
  });

  it('fills a short box by loading again until it scrolls, and stops when load answers false', async () => {
    const b = box(0);
    let calls = 0;
    const loader = createScrollLoad(b.el, {
      load: async () => {
        calls++;
        b.add(2); // 40 px a load: three loads fill 100 px
        return calls < 10;
      },
    });
    await frames(12);
    expect(b.rows()).to.be.greaterThan(4);
    expect(b.el.scrollHeight).to.be.greaterThan(b.el.clientHeight);
    const settled = calls;
    await frames(5);
    expect(calls).to.equal(settled);
    await scrollTo(b.el, 10_000);
    expect(calls).to.equal(settled + 1);
    loader.destroy();

    const c = box(0);
    let n = 0;
    const done = createScrollLoad(c.el, { load: () => (n++, false) });
    await frames(4);
    expect(n).to.equal(1);
    expect(done.finished).to.equal(true);
    await scrollTo(c.el, 10);
    expect(n).to.equal(1);
    done.reset();
    await frames(2);
    expect(n).to.equal(2);
    done.destroy();
  });

  it('does not spin when a load adds nothing', async () => {
    const b = box(0);
    let calls = 0;
    const loader = createScrollLoad(b.el, { load: () => void calls++ });
    await frames(10);
    expect(calls).to.equal(1);
    loader.destroy();
  });

  it('drops an answer that arrives after a reset', async () => {
    const b = box(0);
    const resolvers: Array<(v: boolean) => void> = [];
    const loader = createScrollLoad(b.el, { load: () => new Promise<boolean>((r) => resolvers.push(r)) });
    await frames(2);
    expect(resolvers.length).to.equal(1);
    loader.reset();
    await frames(2);
    expect(resolvers.length).to.equal(2);
    resolvers[0]!(false); // the old query said "finished": ignored
    await frames(1);
    expect(loader.finished).to.equal(false);
    loader.destroy();
  });

  it('stops listening after destroy', async () => {
    const b = box(10);
    let calls = 0;
    const loader = createScrollLoad(b.el, { immediate: false, load: () => void calls++ });
    loader.destroy();
    await scrollTo(b.el, 1000);
    expect(calls).to.equal(0);
  });

  it('reveals a loaded list 15 items at a time as the user scrolls', async () => {
    const el = document.createElement('div');
    el.style.cssText = 'height:100px;overflow:auto';
    document.body.append(el);
    const counts: number[] = [];
    const render = (shown: number) => {
      counts.push(shown);
      while (el.children.length < shown) {
        const row = document.createElement('div');
        row.style.height = '20px';
        el.append(row);
      }
      while (el.children.length > shown) el.lastElementChild!.remove();
    };
    const reveal = createStepReveal(el, { total: 40, onChange: render });
    await frames(3);
    expect(reveal.shown).to.equal(15); // 300 px already fills the box
    await scrollTo(el, 10_000);
    expect(reveal.shown).to.equal(30);
    await scrollTo(el, 10_000);
    expect(reveal.shown).to.equal(40);
    await scrollTo(el, 10_000);
    expect(reveal.shown).to.equal(40);
    expect(counts).to.deep.equal([15, 30, 40]);

    reveal.setTotal(20);
    expect(reveal.shown).to.equal(20);
    reveal.reset(100);
    expect(reveal.shown).to.equal(15);
    reveal.destroy();
  });

  it('reveals more steps at once when one step does not fill the box', async () => {
    const el = document.createElement('div');
    el.style.cssText = 'height:400px;overflow:auto';
    document.body.append(el);
    const reveal = createStepReveal(el, {
      total: 100,
      step: 5,
      onChange: (shown) => {
        while (el.children.length < shown) {
          const row = document.createElement('div');
          row.style.height = '20px';
          el.append(row);
        }
      },
    });
    await frames(10);
    // 20 rows of 20 px are exactly 400 px: revealing goes on until the box scrolls.
    expect(reveal.shown).to.be.greaterThan(20);
    expect(reveal.shown).to.be.lessThan(100);
    reveal.destroy();
  });
});
