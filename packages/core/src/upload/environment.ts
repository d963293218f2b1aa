/** What an upload asks of the page it runs in: time (waits between retries) and whether the browser is online. */

export interface UploadClock {
  now(): number;
  /** Resolves after `ms`; rejects when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export interface NetworkStatus {
  online(): boolean;
  /** Calls `listener(online)` when the browser goes offline or online; returns the unsubscribe function. */
  subscribe(listener: (online: boolean) => void): () => void;
}

export const realClock: UploadClock = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason as Error);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    }),
};

export const browserNetwork: NetworkStatus = {
  online: () => globalThis.navigator?.onLine !== false,
  subscribe(listener) {
    const online = () => listener(true);
    const offline = () => listener(false);
    globalThis.addEventListener?.('online', online);
    globalThis.addEventListener?.('offline', offline);
    return () => {
      globalThis.removeEventListener?.('online', online);
      globalThis.removeEventListener?.('offline', offline);
    };
  },
};
