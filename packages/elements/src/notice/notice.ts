import { html, nothing, svg } from 'lit';
import { state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { msg } from '@lit/localize';
import type { Notice, NoticeType } from '@edu-portal/core/platform/notify.ts';
import { defineElement } from '../internal/define-element.ts';
import { EduElement } from '../internal/edu-element.ts';
import { containsFlat, deepActiveElement } from '../internal/focus.ts';
import {
  type Overlay,
  openOverlays,
  registerOverlay,
  subscribeOverlays,
  topModal,
  unregisterOverlay,
} from '../internal/overlay-stack.ts';
import { pageSingleton } from '../internal/page-singleton.ts';
import { noticeStyles } from './notice.styles.ts';

export type { Notice, NoticeType };

/** Spec part 1 §9: a notification stays 2000 ms unless told otherwise. */
export const DEFAULT_NOTICE_DURATION = 2000;

/** Time the fade-out takes before a closed notice leaves the DOM. */
const FADE_MS = 200;

/** Delay before a notice's text goes into its live region: a region that is filled as it appears may go unheard. */
const ANNOUNCE_DELAY_MS = 100;

export interface NoticeHandle {
  readonly id: number;
  /** Closes the notice now. */
  close(): void;
  /** Settles once the notice has left the screen. */
  readonly closed: Promise<void>;
}

interface Item {
  readonly id: number;
  readonly type: NoticeType;
  readonly message: string;
  readonly duration: number;
  remaining: number;
  startedAt: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  readonly pausedBy: Set<'hover' | 'focus'>;
  announced: boolean;
  closing: boolean;
  /** Where focus was before it went into this notice; it goes back there when the notice closes. */
  returnFocus: HTMLElement | null;
  readonly done: () => void;
}

const TYPES: readonly NoticeType[] = ['success', 'info', 'warning', 'error'];

const icons: Record<NoticeType, ReturnType<typeof svg>> = {
  success: svg`<path d="M8 0a8 8 0 1 1 0 16A8 8 0 0 1 8 0zm3.6 4.9L6.9 9.6 4.4 7.1l-1 1 3.5 3.5 5.7-5.7z"/>`,
  info: svg`<path d="M8 0a8 8 0 1 1 0 16A8 8 0 0 1 8 0zm-.8 6.5v6h1.6v-6zM8 3.2a1 1 0 1 0 0 2 1 1 0 0 0 0-2z"/>`,
  warning: svg`<path d="M8 .8 16 15H0zm-.8 5v5h1.6v-5zM8 12a1 1 0 1 0 0 2 1 1 0 0 0 0-2z"/>`,
  error: svg`<path d="M8 0a8 8 0 1 1 0 16A8 8 0 0 1 8 0zM5.2 4.1l-1.1 1.1L6.9 8l-2.8 2.8 1.1 1.1L8 9.1l2.8 2.8 1.1-1.1L9.1 8l2.8-2.8-1.1-1.1L8 6.9z"/>`,
};

const closeIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M3.3 2.3 8 7l4.7-4.7 1 1L9 8l4.7 4.7-1 1L8 9l-4.7 4.7-1-1L7 8 2.3 3.3z"/></svg>`;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

const supportsPopover = typeof HTMLElement !== 'undefined' && 'popover' in HTMLElement.prototype;

/** The page's one notice host, shared by every copy of this package on the page. */
const shared = pageSingleton('notice-host.v1', () => ({ host: null as EduNoticeApi | null, nextId: 1 }));

/** What `showNotice` needs of a host, so that a host defined by another copy of this package serves too. */
interface EduNoticeApi extends HTMLElement {
  show(notice: Notice): NoticeHandle;
  closeAll(): void;
}

/**
 * The notification stack (spec part 1 §9: 2000 ms by default, 16 px apart). One host per page shows every notice;
 * `showNotice()` creates it on first use, or uses one already in the page. It is a manual popover, so it is drawn
 * in the top layer above open dialogs, and it is raised again when a dialog opens after it. While a modal dialog is
 * open, the host moves into that dialog's tree: everything outside the top modal is inert, and an inert notice can
 * be neither hovered, closed nor heard.
 *
 * A notice pauses its countdown while hovered or focused, has a close button, and is announced politely (success,
 * info) or assertively (warning, error). Messages are text, never HTML.
 *
 * @summary Notification stack of the portal kit.
 * @tagname edu-notice
 *
 * @csspart stack - The column of notices.
 * @csspart notice - One notice; it also has the part `notice-<type>`.
 * @csspart notice-success - A success notice.
 * @csspart notice-info - An information notice.
 * @csspart notice-warning - A warning notice.
 * @csspart notice-error - An error notice.
 * @csspart icon - The type icon.
 * @csspart message - The visible message text.
 * @csspart close - The close button of a notice.
 *
 * @cssprop [--edu-notice-gap=16px] - Vertical gap between notices.
 * @cssprop [--edu-notice-top=20px] - Distance of the first notice from the top of the viewport.
 * @cssprop [--edu-notice-min-width=300px] - Smallest notice width.
 * @cssprop [--edu-notice-radius=4px] - Corner radius.
 * @cssprop [--edu-notice-shadow] - Shadow of a notice.
 * @cssprop [--edu-notice-success-color=#2e7d32] - Text and icon colour of success notices.
 * @cssprop [--edu-notice-success-background=#f0f9eb] - Background of success notices.
 * @cssprop [--edu-notice-success-border=#e1f3d8] - Border of success notices.
 * @cssprop [--edu-notice-info-color=#4b5563] - Text and icon colour of information notices.
 * @cssprop [--edu-notice-info-background=#f4f4f5] - Background of information notices.
 * @cssprop [--edu-notice-info-border=#e9e9eb] - Border of information notices.
 * @cssprop [--edu-notice-warning-color=#8a5300] - Text and icon colour of warnings.
 * @cssprop [--edu-notice-warning-background=#fdf6ec] - Background of warnings.
 * @cssprop [--edu-notice-warning-border=#faecd8] - Border of warnings.
 * @cssprop [--edu-notice-error-color=#b42318] - Text and icon colour of errors.
 * @cssprop [--edu-notice-error-background=#fef0f0] - Background of errors.
 * @cssprop [--edu-notice-error-border=#fde2e2] - Border of errors.
 * @cssprop [--edu-z-notice=10000] - Stacking order, used only where popovers are missing (rendered inline).
 */
export class EduNotice extends EduElement implements EduNoticeApi {
  static override styles = noticeStyles;

  @state() private items: Item[] = [];

  /** The stack entry of the host while it shows notices. */
  private readonly entry: Overlay = { element: this, kind: 'toast', modal: false };
  /** The modal whose tree holds the host now, or null when it sits in the document body. */
  private adoptedBy: Overlay | null = null;
  private moving = false;
  private placing = false;
  private unsubscribe: (() => void) | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.moving) return;
    if (!shared.host || !shared.host.isConnected) shared.host = this;
    if (supportsPopover && !this.hasAttribute('popover')) this.setAttribute('popover', 'manual');
    this.unsubscribe ??= subscribeOverlays(this.onStackChange);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // Our own moves between the body and a modal's tree keep everything running.
    if (this.moving) return;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.adoptedBy = null;
    unregisterOverlay(this.entry);
  }

  /** Shows a notice. Returns a handle to close it early. */
  show(notice: Notice): NoticeHandle {
    const type: NoticeType = TYPES.includes(notice.type) ? notice.type : 'info';
    const requested = Number(notice.duration);
    const duration = Number.isFinite(requested) && requested >= 0 ? requested : DEFAULT_NOTICE_DURATION;
    let done!: () => void;
    const closed = new Promise<void>((resolve) => (done = resolve));
    const item: Item = {
      id: shared.nextId++,
      type,
      // Text only: it is rendered through a text binding, never parsed as markup.
      message: String(notice.message ?? ''),
      duration,
      remaining: duration,
      startedAt: 0,
      timer: undefined,
      pausedBy: new Set(),
      announced: false,
      closing: false,
      returnFocus: null,
      done,
    };
    this.items = [...this.items, item];
    this.place();
    this.run(item);
    setTimeout(() => {
      item.announced = true;
      this.requestUpdate();
    }, ANNOUNCE_DELAY_MS);
    return { id: item.id, close: () => this.close(item.id), closed };
  }

  /** Closes one notice by its id. */
  close(id: number): void {
    const item = this.items.find((i) => i.id === id);
    if (!item || item.closing) return;
    item.closing = true;
    clearTimeout(item.timer);
    const el = this.renderRoot.querySelector<HTMLElement>(`[data-id="${id}"]`);
    if (el && containsFlat(el, deepActiveElement())) {
      // Focus must not fall to <body> (outside a modal dialog that is nowhere): it goes back where it came from.
      const back = item.returnFocus?.isConnected ? item.returnFocus : (topModal()?.focusRoot ?? null);
      back?.focus({ preventScroll: true });
    }
    this.requestUpdate();
    setTimeout(() => this.discard(item), prefersReducedMotion() ? 0 : FADE_MS);
  }

  /** Closes every notice. */
  closeAll(): void {
    for (const item of this.items) this.close(item.id);
  }

  private discard(item: Item): void {
    this.items = this.items.filter((i) => i !== item);
    item.done();
    if (!this.items.length) {
      unregisterOverlay(this.entry);
      if (supportsPopover && this.matches(':popover-open')) this.hidePopover();
    }
  }

  // ----- countdown -------------------------------------------------------------------------------------------

  private run(item: Item): void {
    if (item.duration === 0 || item.closing || item.pausedBy.size) return;
    item.startedAt = Date.now();
    item.timer = setTimeout(() => this.close(item.id), item.remaining);
  }

  private pause(item: Item, reason: 'hover' | 'focus'): void {
    if (item.closing) return;
    if (!item.pausedBy.size && item.timer !== undefined) {
      clearTimeout(item.timer);
      item.timer = undefined;
      item.remaining = Math.max(0, item.remaining - (Date.now() - item.startedAt));
    }
    item.pausedBy.add(reason);
  }

  private resume(item: Item, reason: 'hover' | 'focus'): void {
    if (!item.pausedBy.delete(reason) || item.pausedBy.size) return;
    this.run(item);
  }

  // ----- layering --------------------------------------------------------------------------------------------

  /** Puts the host where it can be seen, used and heard: the top modal's tree or the body, on top of the layer. */
  private place(): void {
    // Our own registration below notifies the stack's subscribers, this host among them.
    if (!this.items.length || this.placing) return;
    this.placing = true;
    try {
      this.placeNow();
    } finally {
      this.placing = false;
    }
  }

  private placeNow(): void {
    const modal = topModal();
    const home = modal?.adoptLayer ? modal : null;
    let raise = false;
    if (home !== this.adoptedBy || !this.isConnected) {
      this.adoptedBy = home;
      this.moving = this.isConnected;
      try {
        if (home) home.adoptLayer!(this);
        else (document.body ?? document.documentElement).append(this);
      } finally {
        this.moving = false;
      }
      raise = true;
    }
    const entries = openOverlays();
    if (entries[entries.length - 1] !== this.entry) {
      registerOverlay(this.entry);
      raise = true;
    }
    if (supportsPopover && (raise || !this.matches(':popover-open'))) {
      // Showing again puts the host last in the top layer, above whatever opened since.
      if (this.matches(':popover-open')) this.hidePopover();
      this.showPopover();
    }
  }

  private onStackChange = () => {
    this.place();
  };

  // ----- events ----------------------------------------------------------------------------------------------

  private itemOf(event: Event): Item | undefined {
    const id = Number((event.currentTarget as HTMLElement).dataset.id);
    return this.items.find((i) => i.id === id);
  }

  private onPointerEnter = (event: PointerEvent) => {
    const item = this.itemOf(event);
    if (item) this.pause(item, 'hover');
  };

  private onPointerLeave = (event: PointerEvent) => {
    const item = this.itemOf(event);
    if (item) this.resume(item, 'hover');
  };

  private onFocusIn = (event: FocusEvent) => {
    const item = this.itemOf(event);
    if (!item) return;
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !containsFlat(event.currentTarget as Node, from)) item.returnFocus = from;
    this.pause(item, 'focus');
  };

  private onFocusOut = (event: FocusEvent) => {
    const item = this.itemOf(event);
    if (item && !containsFlat(event.currentTarget as Node, event.relatedTarget as Node | null)) {
      this.resume(item, 'focus');
    }
  };

  // ----- rendering -------------------------------------------------------------------------------------------

  private typeLabel(type: NoticeType): string {
    switch (type) {
      case 'success':
        return msg('成功：', { id: 'notice.type.success' });
      case 'warning':
        return msg('警告：', { id: 'notice.type.warning' });
      case 'error':
        return msg('错误：', { id: 'notice.type.error' });
      default:
        return msg('提示：', { id: 'notice.type.info' });
    }
  }

  protected override render() {
    return html`<div part="stack" class="stack">
      ${repeat(
        this.items,
        (item) => item.id,
        (item) => {
          const urgent = item.type === 'warning' || item.type === 'error';
          return html`<div
            part="notice notice-${item.type}"
            class="notice ${item.type} ${item.closing ? 'closing' : ''}"
            data-id=${item.id}
            data-type=${item.type}
            @pointerenter=${this.onPointerEnter}
            @pointerleave=${this.onPointerLeave}
            @focusin=${this.onFocusIn}
            @focusout=${this.onFocusOut}
          >
            <svg part="icon" class="icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              ${icons[item.type]}
            </svg>
            <p part="message" class="message" aria-hidden="true">${item.message}</p>
            <div
              class="visually-hidden live"
              role=${urgent ? 'alert' : 'status'}
              aria-live=${urgent ? 'assertive' : 'polite'}
              aria-atomic="true"
            >
              ${item.announced ? `${this.typeLabel(item.type)}${item.message}` : nothing}
            </div>
            <button
              part="close"
              class="close"
              type="button"
              aria-label=${msg('关闭通知', { id: 'notice.close' })}
              @click=${() => this.close(item.id)}
            >
              ${closeIcon}
            </button>
          </div>`;
        },
      )}
    </div>`;
  }
}

function noticeHost(): EduNoticeApi {
  if (shared.host?.isConnected) return shared.host;
  const inPage = document.querySelector('edu-notice') as EduNoticeApi | null;
  if (inPage && typeof inPage.show === 'function') {
    shared.host = inPage;
    return inPage;
  }
  defineElement('edu-notice', EduNotice);
  const host = (shared.host ?? document.createElement('edu-notice')) as EduNoticeApi;
  shared.host = host;
  // Appended once; from then on the host places itself (body, or the tree of the top modal dialog).
  if (!host.isConnected) (document.body ?? document.documentElement).append(host);
  return host;
}

/** Shows a notice in the page's notice host (created on first use). Use it as core's notifier. */
export function showNotice(notice: Notice): NoticeHandle {
  return noticeHost().show(notice);
}

/** Closes every notice on the page. */
export function closeAllNotices(): void {
  if (shared.host) shared.host.closeAll();
}

/** Shortcuts: `notice.success('已保存')`, `notice.error(message, 0)` (0 keeps it until closed). */
export const notice = {
  show: showNotice,
  success: (message: string, duration?: number) => showNotice({ type: 'success', message, duration }),
  info: (message: string, duration?: number) => showNotice({ type: 'info', message, duration }),
  warning: (message: string, duration?: number) => showNotice({ type: 'warning', message, duration }),
  error: (message: string, duration?: number) => showNotice({ type: 'error', message, duration }),
  closeAll: closeAllNotices,
};

declare global {
  interface HTMLElementTagNameMap {
    'edu-notice': EduNotice;
  }
}
