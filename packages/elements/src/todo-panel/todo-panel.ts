import { html, nothing, svg, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { pickBilingual } from '@edu-portal/core/i18n/bilingual.ts';
import { msg } from '@lit/localize';
import type { PopupItem } from '@edu-portal/core/messages/message.ts';
import type { PopupReminder, PopupSnapshot } from '@edu-portal/core/messages/popup.ts';
import { PopupController } from '../internal/popup-controller.ts';
import { dateTemplate, importanceMarker, moduleLabel, type ModuleNames } from '../message-dialog/message-parts.ts';
import { focusRowButton, focusedRow, rowAfterRemoval, type RowFocus } from '../message-dialog/row-focus.ts';
import { EduElement } from '../internal/edu-element.ts';
import { todoPanelStyles } from './todo-panel.styles.ts';

export interface EduTodoOpenDetail {
  /** The to-do whose "查看" was pressed (it has a `url`). */
  item: PopupItem;
}
export type EduTodoOpenEvent = CustomEvent<EduTodoOpenDetail>;

/** Like the notice: a live region that appears already filled is often not announced, so it is filled a bit later. */
const ANNOUNCE_DELAY_MS = 100;

const closeIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M3.3 2.3 8 7l4.7-4.7 1 1L9 8l4.7 4.7-1 1L8 9l-4.7 4.7-1-1L7 8 2.3 3.3z"/></svg>`;

interface PendingFocus {
  row: RowFocus | null;
  before: string[];
  /** `data-action` of a focused pager button. */
  pager: string | null;
}

/**
 * The pop-up to-do reminder panel (spec part 1 §2, §4 "Messages", §9): a non-modal panel at the bottom-right corner
 * with the to-dos three per page, previous and next, "处理" (handle) on each and "查看" for those with a URL. It
 * renders a core `PopupReminder` (`createPopupReminder`), which holds every rule: shown while there are items,
 * closing itself after 15 s (any pointer, key or focus inside the panel restarts the timer through `touch()`), the
 * close icon suppressing it for the session (`dismiss()`), a page that empties stepping back. The page stays usable;
 * the panel never takes focus, and its appearance is announced politely.
 *
 * It is a non-modal layer of the page's overlay stack, drawn in the top layer: a click or focus elsewhere leaves it
 * open, and Escape closes it for now (`close()`, like the timer) only while focus is inside it, giving focus back
 * to where it came from; otherwise Escape goes to the dialog or popup below. Opened while a modal dialog is up, it
 * waits for the dialog to close instead of showing above it, out of reach.
 *
 * @summary Pop-up to-do reminder panel.
 * @tagname edu-todo-panel
 *
 * @fires {CustomEvent<{item: PopupItem}>} edu-todo-open - "查看" was pressed on a to-do with a URL; the host opens it.
 *
 * @csspart base - The panel (a labelled region).
 * @csspart header - The title bar.
 * @csspart title - The title with the total count.
 * @csspart count - The total count.
 * @csspart close - The close icon button (suppresses the panel for the session).
 * @csspart list - The list of to-dos.
 * @csspart item - Each to-do.
 * @csspart importance - Each importance marker.
 * @csspart item-title - Each to-do's title.
 * @csspart content - Each to-do's content.
 * @csspart module - Each to-do's module name.
 * @csspart date - Each to-do's date.
 * @csspart open - Each "查看" button.
 * @csspart handle - Each "处理" button.
 * @csspart pager - The pager (shown when there is more than one page).
 * @csspart previous - The previous-page button.
 * @csspart next - The next-page button.
 * @csspart pages - The "page / pages" text.
 *
 * @cssprop [--edu-todo-panel-width=340px] - Width of the panel.
 * @cssprop [--edu-todo-panel-offset=16px] - Distance from the bottom and right edges of the window.
 * @cssprop [--edu-z-popup=10000] - Stacking order of the panel.
 * @cssprop [--edu-color-primary] - Focus rings and the title bar's accent.
 * @cssprop [--edu-color-primary-dark] - The title bar and the handle buttons.
 * @cssprop [--edu-color-importance-1=#909399] - Importance colours 1 (lowest) to 5 (highest); set by the theme.
 */
export class EduTodoPanel extends EduElement {
  static override styles = todoPanelStyles;

  /** The reminder to render (core `createPopupReminder`); the host creates it and calls `open()`. */
  @property({ attribute: false }) reminder: PopupReminder | null = null;

  /** Module code → localised module name (a record or a `Map`); a code not in it is shown as it is. */
  @property({ attribute: false }) moduleNames: ModuleNames = {};

  @state() private snapshot: PopupSnapshot | null = null;
  /** Whether the live region holds the announcement; its text is rendered in the language in force. */
  @state() private announcing = false;

  private subscribed: PopupReminder | null = null;
  private unsubscribe: (() => void) | null = null;
  private announceTimer: ReturnType<typeof setTimeout> | null = null;
  private pendingFocus: PendingFocus | null = null;
  /** Set while the element moves focus itself: that is no user action, and it must not update in `updated()`. */
  private movingFocus = false;

  /** The panel as a non-modal layer of the overlay stack. */
  private readonly layer = new PopupController(this, {
    popup: () => this.shadowRoot?.querySelector<HTMLElement>('.panel'),
    mode: 'layer',
    onDismiss: () => this.subscribed?.close(),
  });

  override connectedCallback(): void {
    super.connectedCallback();
    this.follow();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.follow();
    this.stopAnnouncing();
  }

  /** Whether the panel is showing (the reminder's snapshot says visible). */
  get visible(): boolean {
    return this.snapshot?.visible ?? false;
  }

  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has('reminder')) this.follow();
    if (changed.has('snapshot') && this.hasUpdated && this.shadowRoot) {
      const before = ((changed.get('snapshot') as PopupSnapshot | null | undefined)?.items ?? []).map((i) => i.id);
      const active = this.shadowRoot.activeElement;
      const action = active instanceof HTMLElement ? active.dataset['action'] : undefined;
      this.pendingFocus = {
        row: focusedRow(this.shadowRoot, before),
        before,
        pager: action === 'previous' || action === 'next' ? action : null,
      };
    }
  }

  protected override updated(): void {
    if (this.visible) this.layer.show();
    else this.layer.hide();
    const pending = this.pendingFocus;
    this.pendingFocus = null;
    if (!pending || !this.visible || !this.shadowRoot) return;
    this.movingFocus = true;
    try {
      this.restoreFocus(pending, this.shadowRoot);
    } finally {
      this.movingFocus = false;
    }
  }

  /** Keeps focus in the panel when the row or pager button that had it went away or was disabled. */
  private restoreFocus(pending: PendingFocus, root: ShadowRoot): void {
    const focus = (selector: string) => {
      const target = root.querySelector<HTMLElement>(selector);
      if (!target) return false;
      target.focus();
      return true;
    };
    if (pending.row) {
      const key = rowAfterRemoval(
        pending.row,
        pending.before,
        this.snapshot!.items.map((i) => i.id),
      );
      if (key === undefined) return;
      if (key !== null && focusRowButton(root, key, pending.row.action)) return;
      focus('[data-action="dismiss"]');
    } else if (pending.pager) {
      // At the first or last page the button pressed is disabled now: the other one, else the close icon.
      if (focus(`[data-action="${pending.pager}"]:not(:disabled)`)) return;
      const other = pending.pager === 'next' ? 'previous' : 'next';
      if (!focus(`[data-action="${other}"]:not(:disabled)`)) focus('[data-action="dismiss"]');
    }
  }

  /** Subscribes to `reminder` while connected, and to nothing otherwise. */
  private follow(): void {
    const target = this.isConnected ? this.reminder : null;
    if (target === this.subscribed) return;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.subscribed = target;
    if (target) this.unsubscribe = target.subscribe(this.onSnapshot);
    this.onSnapshot();
  }

  private onSnapshot = () => {
    const next = this.subscribed?.getSnapshot() ?? null;
    const wasVisible = this.visible;
    this.snapshot = next;
    if (next?.visible && !wasVisible) this.announce();
    else if (!next?.visible) this.stopAnnouncing();
  };

  private announce(): void {
    this.stopAnnouncing();
    this.announceTimer = setTimeout(() => {
      this.announceTimer = null;
      this.announcing = true;
    }, ANNOUNCE_DELAY_MS);
  }

  private stopAnnouncing(): void {
    if (this.announceTimer !== null) clearTimeout(this.announceTimer);
    this.announceTimer = null;
    this.announcing = false;
  }

  /** Any pointer, key or focus inside the panel restarts the 15 s timer. */
  private onActivity = () => {
    if (!this.movingFocus) this.subscribed?.touch();
  };

  private renderItem(item: PopupItem, index: number): TemplateResult {
    const titleId = `todo-${index}`;
    // Server texts: the language's part, in traditional characters for zh-HK (core pickBilingual).
    const title = pickBilingual(item.title.trim() || item.content.trim());
    const content = item.title.trim() ? pickBilingual(item.content.trim()) : '';
    return html`<li part="item" class="item" data-key=${item.id}>
      ${importanceMarker(item.importance)}
      <div class="main">
        <p part="item-title" class="item-title" id=${titleId}>
          ${title || html`<span class="untitled">${msg('（无标题）', { id: 'todoPanel.untitled' })}</span>`}
        </p>
        ${content ? html`<p part="content" class="content">${content}</p>` : nothing}
        <div class="meta">
          ${
            item.module
              ? html`<span part="module" class="module">${moduleLabel(item.module, this.moduleNames)}</span>`
              : nothing
          }
          ${dateTemplate(item.date)}
        </div>
        <div class="item-actions">
          ${
            item.url.trim()
              ? html`<button
                  part="open"
                  class="button"
                  type="button"
                  data-action="open"
                  aria-describedby=${titleId}
                  @click=${() => this.emit('edu-todo-open', { item })}
                >
                  ${msg('查看', { id: 'todoPanel.open' })}
                </button>`
              : nothing
          }
          <button
            part="handle"
            class="button primary"
            type="button"
            data-action="handle"
            aria-describedby=${titleId}
            @click=${() => void this.subscribed?.handle(item.id)}
          >
            ${msg('处理', { id: 'todoPanel.handle' })}
          </button>
        </div>
      </div>
    </li>`;
  }

  private renderPager(snapshot: PopupSnapshot): TemplateResult | typeof nothing {
    if (snapshot.pages <= 1) return nothing;
    return html`<div part="pager" class="pager" role="group" aria-label=${msg('翻页', { id: 'todoPanel.pager' })}>
      <button
        part="previous"
        class="button"
        type="button"
        data-action="previous"
        ?disabled=${snapshot.page <= 1}
        @click=${() => void this.subscribed?.previous()}
      >
        ${msg('上一页', { id: 'todoPanel.previous' })}
      </button>
      <span part="pages" class="pages"
        ><span class="visually-hidden">${msg('页码', { id: 'todoPanel.page' })} </span>${snapshot.page} /
        ${snapshot.pages}</span
      >
      <button
        part="next"
        class="button"
        type="button"
        data-action="next"
        ?disabled=${snapshot.page >= snapshot.pages}
        @click=${() => void this.subscribed?.next()}
      >
        ${msg('下一页', { id: 'todoPanel.next' })}
      </button>
    </div>`;
  }

  protected override render() {
    const snapshot = this.snapshot;
    const visible = snapshot?.visible ?? false;
    return html`
      <div class="visually-hidden" role="status" aria-live="polite">
        ${this.announcing ? msg('您有新的待办提醒', { id: 'todoPanel.announce' }) : ''}
      </div>
      ${
        visible && snapshot
          ? html`<section
              part="base"
              class="panel"
              popover="manual"
              aria-label=${msg('待办提醒', { id: 'todoPanel.title' })}
              aria-busy=${snapshot.loading ? 'true' : 'false'}
              @pointerdown=${this.onActivity}
              @pointerover=${this.onActivity}
              @keydown=${this.onActivity}
              @focusin=${this.onActivity}
            >
              <div part="header" class="header">
                <h2 part="title" class="title">
                  ${msg('待办提醒', { id: 'todoPanel.title' })}
                  <span part="count" class="count">${snapshot.total}</span>
                </h2>
                <button
                  part="close"
                  class="close"
                  type="button"
                  data-action="dismiss"
                  aria-label=${msg('关闭提醒', { id: 'todoPanel.dismiss' })}
                  @click=${() => this.subscribed?.dismiss()}
                >
                  ${closeIcon}
                </button>
              </div>
              <ul part="list" class="list">
                ${repeat(
                  snapshot.items,
                  (item) => item.id,
                  (item, index) => this.renderItem(item, index),
                )}
              </ul>
              ${this.renderPager(snapshot)}
            </section>`
          : nothing
      }
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-todo-panel': EduTodoPanel;
  }
  interface HTMLElementEventMap {
    'edu-todo-open': EduTodoOpenEvent;
  }
}
