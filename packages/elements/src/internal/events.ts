/** Shared event shapes of the `<edu-…>` overlays (DESIGN §3: `edu-<verb>`, bubbles, composed). */

/** What asked an overlay to close. */
export type EduCloseSource = 'close-button' | 'escape' | 'backdrop' | 'api';

export interface EduRequestCloseDetail {
  source: EduCloseSource;
}

export interface EduCloseDetail {
  source: EduCloseSource;
}

export type EduRequestCloseEvent = CustomEvent<EduRequestCloseDetail>;
export type EduCloseEvent = CustomEvent<EduCloseDetail>;
export type EduOpenEvent = CustomEvent<null>;

declare global {
  interface HTMLElementEventMap {
    /** An overlay opened. */
    'edu-open': EduOpenEvent;
    /** An overlay is about to close; `preventDefault()` keeps it open. */
    'edu-request-close': EduRequestCloseEvent;
    /** An overlay closed. */
    'edu-close': EduCloseEvent;
  }
}
