/**
 * A module (or anything async) loaded on first use: one load per page however many callers ask, the loaded value
 * kept for synchronous use, and a failed load (the network was gone) forgotten so the next call tries again.
 * `load` should be a literal `import('…')` so bundlers still split it into its own chunk.
 */
export interface LoadOnce<T> {
  (): Promise<T>;
  /** The value once loaded, else null. */
  loaded(): T | null;
}

export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let pending: Promise<T> | null = null;
  let value: T | null = null;
  const get = () =>
    (pending ??= load().then(
      (result) => (value = result),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  return Object.assign(get, { loaded: () => value });
}
