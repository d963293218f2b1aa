/**
 * Where a popup goes beside its anchor, in viewport coordinates (`position: fixed` in the top layer), and keeping it
 * there while it is open. What the kit's popups need and no more (it replaced Floating UI, about 6 kB gzip on every
 * page with a header; size budgets): a preferred side and alignment, a gap, an inward offset along the anchor's edge,
 * flipping to the other side when the preferred one has no room (the side that overflows less when neither has),
 * the other alignment or a shift along the edge to stay a margin inside the viewport, optionally a height capped
 * to the room left, and hiding while the anchor is scrolled out of view (`clipped`). placement-floating-ui.test.ts
 * holds it to Floating UI's computePosition (offset, flip, shift, hide) on a matrix of layouts.
 */

export type Side = 'top' | 'bottom' | 'left' | 'right';
export type Placement = Side | `${Side}-start` | `${Side}-end`;

/** An anchor: an element, or anything with a viewport rectangle (a caret, a point). */
export interface ReferenceElement {
  getBoundingClientRect(): DOMRect;
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface PlaceOptions {
  placement: Placement;
  /** Gap between anchor and popup, px. */
  distance: number;
  /** Moves a `-start` / `-end` popup along the anchor's edge, inwards, px. */
  alignmentOffset: number;
  /** Room kept from the viewport's edges, px. */
  edge: number;
  /** When set, the height is capped to the room on the chosen side, but never below this, px. */
  minFitHeight?: number;
  /** Right to left: above or below the anchor, `-start` aligns at its right edge (as Floating UI does). */
  rtl?: boolean;
}

export interface Placed {
  x: number;
  y: number;
  placement: Placement;
  /** Only with `minFitHeight`: the most height the popup may take. */
  maxHeight?: number;
}

const OPPOSITE: Record<Side, Side> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };

/** Where a popup of `size` goes beside `anchor` in a viewport of `viewport` (all in px). Pure, for tests. */
export function place(
  anchor: Rect,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  options: PlaceOptions,
): Placed {
  const [preferred, align] = options.placement.split('-') as [Side, 'start' | 'end' | undefined];
  const vertical = preferred === 'top' || preferred === 'bottom';
  const { distance, edge } = options;
  const room: Record<Side, number> = {
    top: anchor.top - distance - edge,
    bottom: viewport.height - (anchor.top + anchor.height) - distance - edge,
    left: anchor.left - distance - edge,
    right: viewport.width - (anchor.left + anchor.width) - distance - edge,
  };
  const extent = vertical ? size.height : size.width;
  // Flip when the preferred side is too small and the other side is larger (Floating UI's best fit).
  let side = preferred;
  if (extent > room[preferred] && room[OPPOSITE[preferred]] > room[preferred]) side = OPPOSITE[preferred];

  let height = size.height;
  let maxHeight: number | undefined;
  if (options.minFitHeight !== undefined) {
    const available = vertical ? room[side] : viewport.height - 2 * edge;
    maxHeight = Math.max(options.minFitHeight, Math.floor(available));
    height = Math.min(height, maxHeight);
  }

  // Along the anchor's edge: aligned at its start or end (moved inwards), or centred; an aligned popup that would
  // leave the viewport takes the other alignment when that fits (Floating UI's default), and what still does not
  // fit is shifted to stay `edge` inside (the start edge wins when it cannot fit at all).
  let alignment = align;
  const cross = (start: number, length: number, own: number, limit: number) => {
    const at = (which: typeof align) =>
      which && (which === 'start') !== (vertical && !!options.rtl)
        ? start + options.alignmentOffset
        : which
          ? start + length - own - options.alignmentOffset
          : start + length / 2 - own / 2;
    const fits = (value: number) => value >= edge && value + own <= limit - edge;
    let value = at(alignment);
    if (alignment && !fits(value)) {
      const other = alignment === 'start' ? 'end' : 'start';
      if (fits(at(other))) {
        alignment = other;
        value = at(other);
      }
    }
    return Math.max(edge, Math.min(value, limit - edge - own));
  };

  let x: number;
  let y: number;
  if (vertical) {
    x = cross(anchor.left, anchor.width, size.width, viewport.width);
    y = side === 'bottom' ? anchor.top + anchor.height + distance : anchor.top - distance - height;
  } else {
    y = cross(anchor.top, anchor.height, height, viewport.height);
    x = side === 'right' ? anchor.left + anchor.width + distance : anchor.left - distance - size.width;
  }
  const placement = (alignment ? `${side}-${alignment}` : side) as Placement;
  return maxHeight === undefined ? { x, y, placement } : { x, y, placement, maxHeight };
}

/**
 * The elements that scroll or clip `node`: its ancestors across shadow roots and slots whose overflow is not
 * visible.
 */
function overflowAncestors(node: Element): HTMLElement[] {
  const found: HTMLElement[] = [];
  let current: Node | null = node;
  while (current) {
    const next: Node | null =
      current instanceof Element && current.assignedSlot
        ? current.assignedSlot
        : current.parentNode instanceof ShadowRoot
          ? current.parentNode.host
          : current.parentNode;
    if (next instanceof HTMLElement) {
      // The shorthand reads "visible" only when neither axis scrolls or clips.
      const { overflow, display } = getComputedStyle(next);
      if (overflow !== 'visible' && !/^(inline|contents)$/.test(display)) found.push(next);
    }
    current = next;
  }
  return found;
}

/**
 * Whether `anchor` is wholly out of view: outside what its clipping ancestors show (their padding box, scrollbars
 * left out) or outside the viewport. A popup whose anchor is so clipped is hidden, as Floating UI's `hide` does
 * (`referenceHidden`): a colour picker does not stay drawn over the page after its trigger scrolled out of its box.
 */
export function clipped(anchor: Element, viewport: { width: number; height: number }): boolean {
  const box = anchor.getBoundingClientRect();
  let [left, top, right, bottom] = [0, 0, viewport.width, viewport.height];
  for (const el of overflowAncestors(anchor)) {
    // The viewport stands for the page's own scrolling (`<body>`, `<html>`).
    if (el === document.body || el === document.documentElement) continue;
    const r = el.getBoundingClientRect();
    // Transforms and zoom scale the box: its padding box is scaled alike.
    const scale = r.width / el.offsetWidth || 1;
    left = Math.max(left, r.left + el.clientLeft * scale);
    top = Math.max(top, r.top + el.clientTop * scale);
    right = Math.min(right, r.left + (el.clientLeft + el.clientWidth) * scale);
    bottom = Math.min(bottom, r.top + (el.clientTop + el.clientHeight) * scale);
  }
  return box.bottom <= top || box.top >= bottom || box.right <= left || box.left >= right;
}

/**
 * Calls `update` whenever the popup may have to move while open: scrolling of any ancestor of the anchor, the window
 * resized, the anchor or the popup resized, and the anchor moved by the page's layout. Returns the stop function.
 */
export function keepPlaced(anchor: ReferenceElement, popup: HTMLElement, update: () => void): () => void {
  const targets: EventTarget[] = [window, ...(anchor instanceof Element ? overflowAncestors(anchor) : [])];
  for (const target of targets) target.addEventListener('scroll', update, { passive: true });
  window.addEventListener('resize', update);
  const resized = new ResizeObserver(update);
  resized.observe(popup);
  let watching: IntersectionObserver | null = null;
  if (anchor instanceof Element) {
    resized.observe(anchor);
    // A move without scroll or resize (the page's layout changed): an observer whose root margin hugs the anchor's
    // current box sees it leave that box; it is then set up again around the new one.
    const watchMoves = (threshold = 1) => {
      watching?.disconnect();
      watching = null;
      const box = anchor.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) return;
      const { clientWidth, clientHeight } = document.documentElement;
      const margin = [box.top, clientWidth - box.right, clientHeight - box.bottom, box.left]
        .map((n) => `${-Math.floor(n)}px`)
        .join(' ');
      let first = true;
      try {
        watching = new IntersectionObserver(
          ([entry]) => {
            const ratio = entry?.intersectionRatio ?? 0;
            if (first) {
              // The first call reports the state at setup. Fully seen: steady. Partly clipped by a scrolling
              // ancestor: watch for changes from that share instead (else this would fire again at once).
              first = false;
              if (ratio > 0.99 || ratio === 0 || Math.abs(ratio - threshold) < 0.01) return;
              watchMoves(ratio);
              return;
            }
            update();
            watchMoves();
          },
          { rootMargin: margin, threshold },
        );
        watching.observe(anchor);
      } catch {
        // A margin the browser refuses: scrolling and resizing still place the popup.
        watching = null;
      }
    };
    watchMoves();
  }
  update();
  return () => {
    for (const target of targets) target.removeEventListener('scroll', update);
    window.removeEventListener('resize', update);
    resized.disconnect();
    watching?.disconnect();
  };
}
