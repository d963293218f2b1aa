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

/** Installs the notifier; returns the previous one so a caller can restore it. */
export function setNotifier(notifier: Notifier | null): Notifier {
  const previous = current;
  current = notifier ?? consoleNotifier;
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
