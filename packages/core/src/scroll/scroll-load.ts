/**
 * The scroll-load helper of spec part 2 §1 and §9: when a scrolling box comes within 10 px of its bottom, load more.
 * Two ways to use it:
 *
 * - `createScrollLoad(box, {load})` calls `load()` (e.g. fetch the next page) and not again while it is pending;
 *   `load` answers `false` (or a promise of it) when there is nothing more.
 * - `createStepReveal(box, {total, onChange})` shows a long list that is already loaded 15 items more at a time
 *   (the spec's step), so a few thousand rows do not all render at once.
 *
 * After each load it looks again on the next frame: content that still does not fill the box would otherwise never
 * get a scroll event to load the rest.
 */

/** Distance from the bottom, in CSS pixels, at which loading starts (spec part 2 §9). */
export const SCROLL_LOAD_THRESHOLD_PX = 10;
/** Items revealed per step (spec part 2 §9 "Scroll step 15"). */
export const SCROLL_STEP = 15;

/** The scrolling box's distance from its bottom; 0 when it does not scroll. */
export function distanceToBottom(box: Element): number {
  return Math.max(0, box.scrollHeight - box.clientHeight - box.scrollTop);
}

/** Whether the box is scrolled to within `threshold` pixels of its bottom (or does not scroll at all). */
export function isNearBottom(box: Element, threshold: number = SCROLL_LOAD_THRESHOLD_PX): boolean {
  // scrollTop is fractional on zoomed or high-density screens; 1 px of slack keeps "at the bottom" reachable.
  return distanceToBottom(box) <= threshold + 1;
}

export interface ScrollLoadOptions {
  /** Called near the bottom; answer `false` when everything is loaded. Not called again while it is pending. */
  load: () => unknown;
  /** Default 10 px. */
  threshold?: number;
  /** Start with a check (default true): an empty or short box loads at once. */
  immediate?: boolean;
}

export interface ScrollLoad {
  /** Looks now and loads when near the bottom (after the host changed the content, say). */
  check(): void;
  /** Whether a load is pending. */
  readonly loading: boolean;
  /** Whether `load` said there is nothing more. */
  readonly finished: boolean;
  /** Starts over (a new query): loading may happen again. */
  reset(): void;
  /** Stops listening. */
  destroy(): void;
}

const nextFrame = (callback: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(() => callback());
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(callback, 16);
  return () => clearTimeout(id);
};

export function createScrollLoad(box: Element, options: ScrollLoadOptions): ScrollLoad {
  const threshold = options.threshold ?? SCROLL_LOAD_THRESHOLD_PX;
  let loading = false;
  let finished = false;
  let destroyed = false;
  let generation = 0;
  let cancelFrame: (() => void) | null = null;

  const schedule = () => {
    if (cancelFrame || destroyed) return;
    // One look per frame however many scroll events arrive.
    cancelFrame = nextFrame(() => {
      cancelFrame = null;
      check();
    });
  };

  /** After a load: finished on `false`; otherwise look again next frame if the load added something. */
  function afterLoad(value: unknown, heightBefore: number): void {
    if (value === false) {
      finished = true;
      return;
    }
    if (cancelFrame || destroyed) return;
    // Frameworks render on the next frame; a load that added nothing must not spin once per frame.
    cancelFrame = nextFrame(() => {
      cancelFrame = null;
      if (value === true || box.scrollHeight !== heightBefore) check();
    });
  }

  function check(): void {
    if (destroyed || loading || finished || !isNearBottom(box, threshold)) return;
    const mine = generation;
    const before = box.scrollHeight;
    let result: unknown;
    try {
      result = options.load();
    } catch (error) {
      console.error('[edu-core] scroll load', error);
      return;
    }
    if (!result || typeof (result as PromiseLike<unknown>).then !== 'function') {
      afterLoad(result, before);
      return;
    }
    loading = true;
    (result as PromiseLike<unknown>).then(
      (value) => {
        if (mine !== generation) return; // a reset came in between: this answer is for an old query
        loading = false;
        afterLoad(value, before);
      },
      (error: unknown) => {
        if (mine !== generation) return;
        loading = false;
        console.error('[edu-core] scroll load', error);
      },
    );
  }

  box.addEventListener('scroll', schedule, { passive: true });
  if (options.immediate !== false) schedule();

  return {
    check,
    get loading() {
      return loading;
    },
    get finished() {
      return finished;
    },
    reset() {
      generation++;
      loading = false;
      finished = false;
      cancelFrame?.();
      cancelFrame = null;
      schedule();
    },
    destroy() {
      destroyed = true;
      cancelFrame?.();
      cancelFrame = null;
      box.removeEventListener('scroll', schedule);
    },
  };
}

export interface StepRevealOptions {
  /** How many items there are. */
  total: number;
  /** Told the new count to show; render that many. */
  onChange: (shown: number) => void;
  /** Items per step, default 15. */
  step?: number;
  /** Default 10 px. */
  threshold?: number;
}

export interface StepReveal {
  /** Items shown now. */
  readonly shown: number;
  /** A new total (the list changed); what is shown shrinks with it but does not grow. */
  setTotal(total: number): void;
  /** Back to the first step (a new list). */
  reset(total?: number): void;
  destroy(): void;
}

export function createStepReveal(box: Element, options: StepRevealOptions): StepReveal {
  const step = Math.max(1, Math.floor(options.step ?? SCROLL_STEP));
  let total = Math.max(0, Math.floor(options.total));
  let shown = Math.min(step, total);
  options.onChange(shown);

  const loader = createScrollLoad(box, {
    threshold: options.threshold,
    immediate: false,
    load: () => {
      if (shown >= total) return false;
      shown = Math.min(total, shown + step);
      options.onChange(shown);
      return shown < total ? true : false;
    },
  });
  // The first step may not fill the box.
  loader.reset();

  return {
    get shown() {
      return shown;
    },
    setTotal(next: number) {
      total = Math.max(0, Math.floor(next));
      if (shown > total) {
        shown = total;
        options.onChange(shown);
      } else if (shown < step && shown < total) {
        shown = Math.min(step, total);
        options.onChange(shown);
      }
      loader.reset();
    },
    reset(next?: number) {
      if (next !== undefined) total = Math.max(0, Math.floor(next));
      shown = Math.min(step, total);
      options.onChange(shown);
      loader.reset();
    },
    destroy() {
      loader.destroy();
    },
  };
}
