/**
 * Leading and trailing throttle: the first call runs at once, calls within `ms` after it collapse into one more run at
 * the end of the window, so the last size always wins (chart resize: spec part 2 §9, 50 ms).
 */
export interface Throttled {
  (): void;
  /** Drops a pending trailing run. */
  cancel(): void;
}

export function throttle(run: () => void, ms: number): Throttled {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  const release = () => {
    if (pending) {
      pending = false;
      run();
      timer = setTimeout(release, ms);
    } else {
      timer = undefined;
    }
  };
  const throttled = (() => {
    if (timer !== undefined) {
      pending = true;
      return;
    }
    run();
    timer = setTimeout(release, ms);
  }) as Throttled;
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = false;
  };
  return throttled;
}
