/** One notifier hook for every message the kit shows (spec part 1 §8). Elements install `<edu-notice>` here. */
export type NoticeType = 'success' | 'info' | 'warning' | 'error';

export interface Notice {
  type: NoticeType;
  /** Plain text; never interpreted as HTML. */
  message: string;
  /** Milliseconds before it closes; 0 keeps it until closed. Default 2000 (spec part 1 §9). */
  duration?: number;
}

export type Notifier = (notice: Notice) => void;

const consoleNotifier: Notifier = ({ type, message }) => {
  const log = type === 'error' ? console.error : type === 'warning' ? console.warn : console.info;
  log(`[${type}] ${message}`);
};

let current: Notifier = consoleNotifier;

/** Installs the notifier; returns the previous one so a caller can restore it. A carried notice shows now. */
export function setNotifier(notifier: Notifier | null): Notifier {
  const previous = current;
  current = notifier ?? consoleNotifier;
  if (notifier) showCarriedNotice();
  return previous;
}

export function notify(notice: Notice): void {
  try {
    current(notice);
  } catch (error) {
    consoleNotifier({ type: 'error', message: String(error) });
    consoleNotifier(notice);
  }
}

/** Session-storage key of a notice carried to the next page of this tab. */
export const CARRIED_NOTICE_KEY = 'edu_carried_notice';
/** A notice is carried when this document is left within this time of it (a login's redirect)… */
export const CARRY_WINDOW_MS = 10_000;
/** …and shown on the next page only within this time of leaving (not on a return to the site much later). */
const CARRIED_LIFETIME_MS = 30_000;

function sessionArea(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Shows a notice now and, when this document is left within `CARRY_WINDOW_MS` (a login that lands on another
 * document), once more on the next page of this tab, when it installs its notifier ("login success" was once
 * lost with the login page). Staying on this document carries nothing.
 */
export function notifyAcrossPages(notice: Notice): void {
  notify(notice);
  const scope = globalThis as Partial<Pick<Window, 'addEventListener' | 'removeEventListener'>>;
  if (!scope.addEventListener || !scope.removeEventListener) return;
  const until = Date.now() + CARRY_WINDOW_MS;
  const carry = () => {
    if (Date.now() > until) return;
    try {
      sessionArea()?.setItem(CARRIED_NOTICE_KEY, JSON.stringify({ notice, at: Date.now() }));
    } catch {
      // Storage full or refused: the notice was shown here already.
    }
  };
  scope.addEventListener('pagehide', carry, { once: true });
  setTimeout(() => scope.removeEventListener?.('pagehide', carry), CARRY_WINDOW_MS);
}

/** Shows the notice carried from the previous page of this tab, once; nothing when there is none or it is stale. */
export function showCarriedNotice(): void {
  const area = sessionArea();
  let raw: string | null = null;
  try {
    raw = area?.getItem(CARRIED_NOTICE_KEY) ?? null;
    if (raw !== null) area?.removeItem(CARRIED_NOTICE_KEY);
  } catch {
    return;
  }
  if (raw === null) return;
  try {
    const { notice, at } = JSON.parse(raw) as { notice?: Partial<Notice>; at?: number };
    const types: readonly string[] = ['success', 'info', 'warning', 'error'];
    if (typeof at !== 'number' || Date.now() - at > CARRIED_LIFETIME_MS || Date.now() < at) return;
    if (!notice || typeof notice.message !== 'string' || !types.includes(String(notice.type))) return;
    notify({ type: notice.type as NoticeType, message: notice.message, duration: notice.duration });
  } catch {
    // Not ours or damaged: dropped.
  }
}
