// Differential test of the kit's own placement (placement.ts) against Floating UI (@floating-ui/dom, a dev
// dependency used only here): on a matrix of layouts both must put the popup at the same place, on the same side,
// and agree whether its anchor is clipped out of view (Floating UI's `hide`, `referenceHidden`).
import { expect } from '@open-wc/testing';
import { computePosition, flip, hide, offset, shift } from '@floating-ui/dom';
import { clipped, place, type Placement, type Side } from './placement.ts';

const SIDES: Side[] = ['top', 'bottom', 'left', 'right'];
const PLACEMENTS: Placement[] = SIDES.flatMap((side) => [side, `${side}-start`, `${side}-end`] as Placement[]);
const DISTANCE = 4;
const EDGE = 8;
const ALIGNMENT_OFFSET = 6;

interface Layout {
  name: string;
  /** Styles of the box holding the anchor; the anchor sits at `at` inside it. */
  box: string;
  /** Styles of an element around the box (a transform, zoom, a second scroller). */
  outer?: string;
  dir?: 'rtl';
  /** Scroll the box (and the outer element) by this much after laying out. */
  scroll?: { top?: number; left?: number; outerTop?: number };
  /** Where the anchor goes inside the box, px. */
  at: { left: number; top: number };
}

const W = () => document.documentElement.clientWidth;
const H = () => document.documentElement.clientHeight;

/** Anchor positions over the viewport: middle, against each edge and in the corners (flip, shift, alignment). */
const SPOTS = () => [
  { left: W() / 2 - 40, top: H() / 2 - 15 },
  { left: W() - 90, top: H() / 2 },
  { left: 2, top: H() / 2 },
  { left: W() / 2, top: 4 },
  { left: W() / 2, top: H() - 40 },
  { left: W() - 90, top: H() - 40 },
  { left: 2, top: 4 },
];

function layouts(): Layout[] {
  const page = 'position: fixed; left: 0; top: 0; width: 100vw; height: 100vh;';
  const list: Layout[] = [];
  for (const [i, at] of SPOTS().entries()) {
    list.push({ name: `page, spot ${i}`, box: page, at });
    list.push({ name: `rtl page, spot ${i}`, box: page, dir: 'rtl', at });
    list.push({
      name: `transformed ancestor, spot ${i}`,
      box: page,
      outer: 'position: fixed; inset: 0; transform: translate(13px, -7px) scale(0.9);',
      at,
    });
    list.push({ name: `zoomed ancestor, spot ${i}`, box: page, outer: 'position: fixed; inset: 0; zoom: 1.25;', at });
  }
  const scroller = 'position: fixed; left: 200px; top: 150px; width: 300px; height: 200px; overflow: auto;';
  const tall = { left: 100, top: 400 };
  for (const [name, scroll, hidden] of [
    ['scroll container, anchor in view', { top: 300 }, false],
    ['scroll container, anchor scrolled out below', { top: 0 }, true],
    ['scroll container, anchor scrolled out above', { top: 480 }, true],
    ['scroll container, anchor half clipped', { top: 215 }, false],
    ['scroll container, anchor scrolled out sideways', { top: 300, left: 250 }, true],
  ] as const) {
    list.push({ name: `${name} (hidden: ${hidden})`, box: scroller, scroll, at: tall });
    list.push({ name: `rtl ${name}`, box: scroller, dir: 'rtl', scroll, at: tall });
  }
  list.push({
    name: 'nested scroll containers, the outer one clips',
    outer: 'position: fixed; left: 100px; top: 100px; width: 260px; height: 160px; overflow: hidden;',
    box: 'position: absolute; left: 0; top: 0; width: 600px; height: 400px; overflow: auto;',
    scroll: { top: 0 },
    at: { left: 380, top: 60 },
  });
  // Scaled boxes: the anchor in view only when the box's clip is scaled too (185 px down a 200 px box at 1.2 is
  // 222 px of 240), out of view further down.
  for (const [name, outer] of [
    ['transformed', 'position: fixed; inset: 0; transform: scale(1.2); transform-origin: 0 0;'],
    ['zoomed', 'position: fixed; inset: 0; zoom: 1.2;'],
  ]) {
    for (const top of [215, 120, 40]) {
      list.push({
        name: `scroll container inside a ${name} ancestor, scrolled ${top}`,
        outer,
        box: scroller,
        scroll: { top },
        at: tall,
      });
    }
  }
  return list;
}

/** Lays `layout` out: the anchor in its box and a popup of `size` fixed in the page, as the kit's popups are. */
function build(layout: Layout, size: { width: number; height: number }) {
  const root = document.createElement('div');
  if (layout.dir) root.dir = layout.dir;
  const outer = document.createElement('div');
  outer.style.cssText = layout.outer ?? '';
  const box = document.createElement('div');
  box.style.cssText = layout.box;
  const content = document.createElement('div');
  content.style.cssText = 'position: relative; width: 900px; height: 900px;';
  const anchor = document.createElement('button');
  anchor.textContent = 'anchor';
  anchor.style.cssText = `position: absolute; left: ${layout.at.left}px; top: ${layout.at.top}px; width: 80px; height: 30px; margin: 0;`;
  if (layout.dir) anchor.style.cssText += `right: auto;`;
  content.append(anchor);
  box.append(content);
  outer.append(box);
  const popup = document.createElement('div');
  popup.style.cssText = `position: fixed; left: 0; top: 0; margin: 0; width: ${size.width}px; height: ${size.height}px;`;
  root.append(outer, popup);
  document.body.append(root);
  if (layout.scroll) {
    box.scrollTop = layout.scroll.top ?? 0;
    box.scrollLeft = layout.dir ? -(layout.scroll.left ?? 0) : (layout.scroll.left ?? 0);
  }
  return { root, anchor, popup };
}

async function compare(layout: Layout, placement: Placement, size: { width: number; height: number }) {
  const { root, anchor, popup } = build(layout, size);
  try {
    const ours = place(
      anchor.getBoundingClientRect(),
      popup.getBoundingClientRect(),
      { width: W(), height: H() },
      { placement, distance: DISTANCE, alignmentOffset: ALIGNMENT_OFFSET, edge: EDGE, rtl: !!layout.dir },
    );
    const theirs = await computePosition(anchor, popup, {
      strategy: 'fixed',
      placement,
      middleware: [
        offset({ mainAxis: DISTANCE, alignmentAxis: ALIGNMENT_OFFSET }),
        flip({ padding: EDGE, crossAxis: 'alignment', fallbackAxisSideDirection: 'none' }),
        shift({ padding: EDGE }),
        hide(),
      ],
    });
    return {
      ours: {
        x: Math.round(ours.x),
        y: Math.round(ours.y),
        side: ours.placement.split('-')[0],
        hidden: clipped(anchor, { width: W(), height: H() }),
      },
      theirs: {
        x: Math.round(theirs.x),
        y: Math.round(theirs.y),
        side: theirs.placement.split('-')[0],
        hidden: !!theirs.middlewareData.hide?.referenceHidden,
      },
    };
  } finally {
    root.remove();
  }
}

describe('placement against Floating UI (computePosition with offset, flip, shift and hide)', () => {
  for (const size of [
    { width: 160, height: 120 },
    { width: 420, height: 260 },
  ]) {
    it(`agrees on every layout of the matrix, popup ${size.width}×${size.height}`, async () => {
      const differences: string[] = [];
      let cases = 0;
      let hiddenCases = 0;
      for (const layout of layouts()) {
        for (const placement of PLACEMENTS) {
          cases++;
          const { ours, theirs } = await compare(layout, placement, size);
          if (theirs.hidden) hiddenCases++;
          const near = Math.abs(ours.x - theirs.x) <= 1 && Math.abs(ours.y - theirs.y) <= 1;
          if (!near || ours.side !== theirs.side || ours.hidden !== theirs.hidden) {
            differences.push(
              `${layout.name} ${placement}: ours ${JSON.stringify(ours)}, theirs ${JSON.stringify(theirs)}`,
            );
          }
        }
      }
      expect(cases).to.be.greaterThan(400);
      // The matrix does hold clipped anchors, both in and out of view.
      expect(hiddenCases).to.be.greaterThan(50);
      expect(differences.slice(0, 12), `${differences.length} of ${cases} differ`).to.deep.equal([]);
    });
  }
});
