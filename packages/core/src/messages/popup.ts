/**
 * The pop-up to-do reminder panel (spec part 1 §2, §4 "Messages", §9): three per page with previous and next,
 * visible while there are items, closes itself after 15 s (the timer restarts on any action), closing by its icon
 * suppresses it for the session, and a page that empties steps back one page. A plain observable with an
 * injectable clock; the element renders the snapshot.
 */
import { POPUP_AUTO_CLOSE_MS, POPUP_PAGE_SIZE } from '../constants.ts';
import { readString, writeString } from '../platform/storage.ts';
import type { PopupItem, PopupPage } from './message.ts';

/** Time and timers, replaceable in tests. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** sessionStorage flag set when the user closes the panel by its icon. */
export const POPUP_SUPPRESSED_KEY = 'edu_popup_closed';

export interface PopupSnapshot {
  visible: boolean;
  /** 1-based. */
  page: number;
  pages: number;
  total: number;
  items: readonly PopupItem[];
  loading: boolean;
  /** Closed by its icon in this session: it stays closed. */
  suppressed: boolean;
  /** Clock time at which the panel closes by itself; null while hidden. */
  closesAt: number | null;
}

export interface PopupReminderOptions {
  /** `popUpBox_select {start: page, size}`. */
  loadPage: (page: number, size: number) => Promise<PopupPage>;
  /** `popUpBox_handle {id}`. */
  handleItem: (id: string) => Promise<unknown>;
  clock?: Clock;
  pageSize?: number;
  autoCloseMs?: number;
}

export interface PopupReminder {
  subscribe(listener: () => void): () => void;
  getSnapshot(): PopupSnapshot;
  /** Loads page 1 and shows the panel when there are items; nothing when suppressed for this session. */
  open(): Promise<void>;
  next(): Promise<void>;
  previous(): Promise<void>;
  /** Handles a to-do, then reloads the page (stepping back when it emptied, closing when nothing is left). */
  handle(id: string): Promise<void>;
  /** Any other user action (pointer, focus, keys) restarts the auto-close timer. */
  touch(): void;
  /** Closes the panel for now (it may open again). */
  close(): void;
  /** Closed by its icon: closes and suppresses it for the rest of the session. */
  dismiss(): void;
  dispose(): void;
}

export function isPopupSuppressed(): boolean {
  return readString('session', POPUP_SUPPRESSED_KEY) === '1';
}

export function createPopupReminder({
  loadPage,
  handleItem,
  clock = systemClock,
  pageSize = POPUP_PAGE_SIZE,
  autoCloseMs = POPUP_AUTO_CLOSE_MS,
}: PopupReminderOptions): PopupReminder {
  const listeners = new Set<() => void>();
  let snapshot: PopupSnapshot = Object.freeze({
    visible: false,
    page: 1,
    pages: 0,
    total: 0,
    items: Object.freeze([]),
    loading: false,
    suppressed: isPopupSuppressed(),
    closesAt: null,
  });
  let timer: unknown = null;
  let generation = 0;
  let disposed = false;

  function commit(patch: Partial<PopupSnapshot>): void {
    if (disposed) return;
    snapshot = Object.freeze({ ...snapshot, ...patch });
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        console.error(error);
      }
    }
  }

  function stopTimer(): void {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  function restartTimer(): void {
    stopTimer();
    if (!snapshot.visible || disposed) return;
    timer = clock.setTimeout(() => {
      timer = null;
      hide();
    }, autoCloseMs);
    commit({ closesAt: clock.now() + autoCloseMs });
  }

  function hide(): void {
    stopTimer();
    generation++;
    commit({ visible: false, loading: false, closesAt: null });
  }

  /** Shows `page`; an empty page above 1 steps back one page, an empty first page closes the panel. */
  async function show(page: number): Promise<void> {
    const mine = ++generation;
    commit({ loading: true });
    let target = Math.max(1, Math.floor(page));
    let result: PopupPage;
    try {
      for (;;) {
        result = await loadPage(target, pageSize);
        if (mine !== generation) return;
        if (result.list.length > 0 || target === 1) break;
        target -= 1;
      }
    } catch {
      // The client showed the failure; what was shown stays.
      if (mine === generation) commit({ loading: false });
      return;
    }
    if (result.list.length === 0) {
      stopTimer();
      commit({ visible: false, loading: false, items: Object.freeze([]), page: 1, pages: 0, total: 0, closesAt: null });
      return;
    }
    commit({
      visible: true,
      loading: false,
      page: target,
      pages: Math.max(result.pages, target),
      total: result.total,
      items: Object.freeze([...result.list]),
    });
    restartTimer();
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,

    async open() {
      if (disposed) return;
      if (isPopupSuppressed()) {
        if (!snapshot.suppressed) commit({ suppressed: true });
        return;
      }
      await show(1);
    },

    async next() {
      if (!snapshot.visible) return;
      restartTimer();
      if (snapshot.page < snapshot.pages) await show(snapshot.page + 1);
    },

    async previous() {
      if (!snapshot.visible) return;
      restartTimer();
      if (snapshot.page > 1) await show(snapshot.page - 1);
    },

    async handle(id) {
      if (!snapshot.visible) return;
      restartTimer();
      try {
        await handleItem(id);
      } catch {
        return; // notified by the client; the item stays
      }
      await show(snapshot.page);
    },

    touch() {
      if (snapshot.visible) restartTimer();
    },

    close: hide,

    dismiss() {
      writeString('session', POPUP_SUPPRESSED_KEY, '1');
      hide();
      commit({ suppressed: true });
    },

    dispose() {
      stopTimer();
      generation++;
      disposed = true;
      listeners.clear();
    },
  };
}
