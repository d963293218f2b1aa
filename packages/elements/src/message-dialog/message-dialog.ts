import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, query } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { pickBilingual } from '@edu-portal/core/i18n/bilingual.ts';
import { msg } from '@lit/localize';
import type { DesktopMessage } from '@edu-portal/core/messages/message.ts';
import { EduDialog } from '../dialog/dialog.ts';
import { EduEmpty } from '../empty/empty.ts';
import { DialogHost } from '../internal/dialog-host.ts';
import { EduElement } from '../internal/edu-element.ts';
import { dateTemplate, importanceMarker, moduleLabel, type ModuleNames } from './message-parts.ts';
import { messageDialogStyles } from './message-dialog.styles.ts';
import { focusRowButton, focusedRow, rowAfterRemoval, type RowFocus } from './row-focus.ts';

export interface EduMessageDetail {
  /** The message the user acted on, as given in `messages`. */
  message: DesktopMessage;
}
export type EduMessageOpenEvent = CustomEvent<EduMessageDetail>;
export type EduMessageReadEvent = CustomEvent<EduMessageDetail>;

interface PendingFocus {
  row: RowFocus | null;
  before: string[];
  ignoreAll: boolean;
}

/**
 * The message dialog (spec part 1 §2 "Message dialog", §4 "Messages"): the unread messages, each with its importance
 * (colour and number, read as "重要程度 N"), text, module and date; the text opens a message, "标为已读" marks it
 * read, and "全部忽略" marks them all read. A message is read when opened, viewed or ignored: the host marks it on
 * the server (core `messages/api.ts`), then removes the row by setting `messages`. The element never removes rows
 * itself; when the row that had focus goes, focus moves to the next row, else the previous, else the dialog.
 *
 * @summary Unread messages with open, mark-read and ignore-all actions.
 * @tagname edu-message-dialog
 *
 * @fires {CustomEvent<{message: DesktopMessage}>} edu-message-open - A message's text was pressed. The host marks it
 *   read and does what core `messageAction` says (the module-expiry table, a URL, or nothing more).
 * @fires {CustomEvent<{message: DesktopMessage}>} edu-message-read - "标为已读" was pressed for a message.
 * @fires {CustomEvent<null>} edu-message-ignore-all - "全部忽略" was pressed (only offered while there are messages).
 * @fires {CustomEvent<null>} edu-message-reload - "重试" was pressed after a failed load (`error`).
 * @fires {CustomEvent<null>} edu-open - The dialog opened.
 * @fires {CustomEvent<{source: string}>} edu-request-close - The close buttons or Escape ask to close; cancelable.
 * @fires {CustomEvent<{source: string}>} edu-close - The dialog closed.
 *
 * @csspart dialog - The `<edu-dialog>`.
 * @csspart list - The list of messages.
 * @csspart row - Each message.
 * @csspart importance - Each importance marker.
 * @csspart text - Each message's text (a button that opens it).
 * @csspart module - Each message's module name.
 * @csspart date - Each message's date.
 * @csspart read - Each "标为已读" button.
 * @csspart status - The loading line.
 * @csspart error - The failed-load box.
 * @csspart retry - Its retry button.
 * @csspart empty - The `<edu-empty>` shown when there are no unread messages.
 * @csspart ignore-all - The "全部忽略" button.
 * @csspart close - The footer's close button.
 *
 * @cssprop [--edu-message-dialog-width=600px] - Width of the dialog.
 * @cssprop [--edu-color-importance-1=#909399] - Importance colours 1 (lowest) to 5 (highest); set by the theme.
 * @cssprop [--edu-color-primary] - Focus rings and the message texts.
 * @cssprop [--edu-color-primary-dark] - The close button and hovered message texts.
 */
export class EduMessageDialog extends DialogHost(EduElement) {
  static override styles = messageDialogStyles;
  static override dependencies = { 'edu-dialog': EduDialog, 'edu-empty': EduEmpty };

  /** The unread messages, in the order shown (core `DesktopMessage`, e.g. from `loadUnreadMessages`). */
  @property({ attribute: false }) messages: readonly DesktopMessage[] = [];

  /** Module code → localised module name (a record or a `Map`); a code not in it is shown as it is. */
  @property({ attribute: false }) moduleNames: ModuleNames = {};

  /** A load is under way: the list is marked busy and a loading line shows. */
  @property({ type: Boolean, reflect: true }) loading = false;

  /** The text of a failed load (already localised by the host); shown with a retry button. Empty: no failure. */
  @property() error = '';

  @query('edu-dialog') private dialogEl?: EduDialog | null;

  private pendingFocus: PendingFocus | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('messages') || !this.hasUpdated || !this.shadowRoot) return;
    const before = ((changed.get('messages') as readonly DesktopMessage[] | undefined) ?? []).map((m) => m.id);
    const active = this.shadowRoot.activeElement;
    this.pendingFocus = {
      row: focusedRow(this.shadowRoot, before),
      before,
      ignoreAll: active instanceof HTMLElement && active.dataset['action'] === 'ignore-all',
    };
  }

  protected override updated(): void {
    const pending = this.pendingFocus;
    this.pendingFocus = null;
    if (!pending || !this.open || !this.shadowRoot) return;
    if (pending.row) {
      const key = rowAfterRemoval(
        pending.row,
        pending.before,
        this.messages.map((m) => m.id),
      );
      if (key === undefined) return;
      if (key !== null && focusRowButton(this.shadowRoot, key, pending.row.action)) return;
      this.focusDialog();
    } else if (pending.ignoreAll && this.messages.length === 0) {
      this.shadowRoot.querySelector<HTMLElement>('[data-action="close"]')?.focus();
    }
  }

  private focusDialog(): void {
    this.dialogEl?.shadowRoot?.querySelector<HTMLElement>('dialog')?.focus({ preventScroll: true });
  }

  private renderRow(message: DesktopMessage, index: number): TemplateResult {
    const textId = `message-${index}`;
    const text = pickBilingual(message.text.trim());
    return html`<li part="row" class="row" data-key=${message.id}>
      ${importanceMarker(message.importance)}
      <div class="main">
        <button
          part="text"
          class="text"
          type="button"
          id=${textId}
          data-action="open"
          @click=${() => this.emit('edu-message-open', { message })}
        >
          ${
            text
              ? html`<span class="lines">${text}</span>`
              : html`<span class="untitled">${msg('（无内容）', { id: 'messageDialog.noText' })}</span>`
          }
        </button>
        <div class="meta">
          ${
            message.module
              ? html`<span part="module" class="module">${moduleLabel(message.module, this.moduleNames)}</span>`
              : nothing
          }
          ${dateTemplate(message.date)}
        </div>
      </div>
      <button
        part="read"
        class="button read"
        type="button"
        data-action="read"
        aria-describedby=${textId}
        @click=${() => this.emit('edu-message-read', { message })}
      >
        ${msg('标为已读', { id: 'messageDialog.markRead' })}
      </button>
    </li>`;
  }

  private renderBody(): TemplateResult {
    const error = this.error.trim();
    const showList = this.messages.length > 0;
    return html`
      <p part="status" class="status ${this.loading ? 'busy' : ''}" role="status">
        ${
          this.loading
            ? html`<span class="spinner" aria-hidden="true"></span
                >${msg('正在加载消息…', { id: 'messageDialog.loading' })}`
            : nothing
        }
      </p>
      ${
        error
          ? html`<div part="error" class="error" role="alert">
              <span class="error-text">${error}</span>
              <button
                part="retry"
                class="button retry"
                type="button"
                data-action="retry"
                ?disabled=${this.loading}
                @click=${() => this.emit('edu-message-reload', null)}
              >
                ${msg('重试', { id: 'messageDialog.retry' })}
              </button>
            </div>`
          : nothing
      }
      ${
        showList
          ? html`<ul
              part="list"
              class="list"
              aria-label=${msg('未读消息', { id: 'messageDialog.title' })}
              aria-busy=${this.loading ? 'true' : 'false'}
            >
              ${repeat(
                this.messages,
                (message) => message.id,
                (message, index) => this.renderRow(message, index),
              )}
            </ul>`
          : !this.loading && !error
            ? html`<edu-empty
                part="empty"
                description=${msg('没有未读消息', { id: 'messageDialog.empty' })}
              ></edu-empty>`
            : nothing
      }
    `;
  }

  protected override render() {
    const count = this.messages.length;
    const title = msg('未读消息', { id: 'messageDialog.title' });
    return html`<edu-dialog part="dialog" .open=${this.open} .title=${count ? `${title} (${count})` : title}>
      ${this.open ? this.renderBody() : nothing}
      <div slot="footer" class="actions">
        <button
          part="ignore-all"
          class="ignore-all"
          type="button"
          data-action="ignore-all"
          ?disabled=${count === 0}
          @click=${() => this.emit('edu-message-ignore-all', null)}
        >
          ${msg('全部忽略', { id: 'messageDialog.ignoreAll' })}
        </button>
        <button part="close" class="primary" type="button" data-action="close" @click=${() => void this.requestClose()}>
          ${msg('关闭', { id: 'messageDialog.close' })}
        </button>
      </div>
    </edu-dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-message-dialog': EduMessageDialog;
  }
  interface HTMLElementEventMap {
    'edu-message-open': EduMessageOpenEvent;
    'edu-message-read': EduMessageReadEvent;
    'edu-message-ignore-all': CustomEvent<null>;
    'edu-message-reload': CustomEvent<null>;
  }
}
