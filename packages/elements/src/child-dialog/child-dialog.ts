import { html, nothing, svg, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg } from '@lit/localize';
import { childToSelect } from '@edu-portal/core/identity/children.ts';
import { iconFallbackText } from '@edu-portal/core/desktop/icons.ts';
import { serverText } from '@edu-portal/core/i18n/server-text.ts';
import type { Child } from '@edu-portal/core/session/types.ts';
import { EduDialog } from '../dialog/dialog.ts';
import { EduEmpty } from '../empty/empty.ts';
import { DialogHost } from '../internal/dialog-host.ts';
import { EduElement } from '../internal/edu-element.ts';
import type { EduCloseSource } from '../internal/events.ts';
import { childDialogStyles } from './child-dialog.styles.ts';

export interface EduChildSelectDetail {
  /** The chosen child. */
  child: Child;
  /**
   * True when it already is the current child. Sent only by a `required` dialog, where confirming the current child
   * is a real answer (the host remembers it on this device, core `rememberChild`, without a server call).
   */
  current: boolean;
}
export type EduChildSelectEvent = CustomEvent<EduChildSelectDetail>;

const spinner = svg`<svg class="spinner" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M8 1.5A6.5 6.5 0 1 1 1.5 8" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>`;

/**
 * The child selection table of spec part 1 §2 ("Columns: name, grade, class, and an enter button"), for parents
 * (user type 3) only: the host shows it and passes the children with status 1 (core keeps only those). The current
 * child is marked "当前" and its button reads "已进入" and is disabled, as choosing it is ignored. Entering another
 * child fires `edu-child-select`; the host saves it (core `selectChild`).
 *
 * `required`: the dialog opened by itself on the first visit and no child is chosen yet (core
 * `shouldOpenChildSelection`). It then has no close button and Escape does nothing, so a child must be chosen; the
 * current child may be confirmed too (its button reads "进入"). With no children at all it closes normally.
 *
 * @summary Child selection table for parents.
 * @tagname edu-child-dialog
 *
 * @fires {CustomEvent<{child: Child, current: boolean}>} edu-child-select - A child was entered. Cancelable:
 *   without `preventDefault()` the dialog closes; a host that saves first calls it, sets `busy` while saving and
 *   then `open = false` (or leaves it open when the save failed).
 * @fires {CustomEvent<null>} edu-open - The dialog opened.
 * @fires {CustomEvent<{source: string}>} edu-request-close - The close button or Escape asks to close; cancelable.
 *   Not sent while `required`.
 * @fires {CustomEvent<{source: string}>} edu-close - The dialog closed.
 *
 * @csspart dialog - The `<edu-dialog>`.
 * @csspart table - The table.
 * @csspart row - Each child's row.
 * @csspart avatar - The circle with the name's first character.
 * @csspart current - The "当前" tag.
 * @csspart enter - Each enter button.
 * @csspart empty - The `<edu-empty>` shown when there are no children.
 *
 * @cssprop [--edu-child-dialog-width=600px] - Width of the dialog.
 * @cssprop [--edu-color-primary] - Focus rings.
 * @cssprop [--edu-color-primary-9] - Avatar and current row background.
 * @cssprop [--edu-color-primary-dark] - Avatar letter, "当前" tag and enter buttons.
 */
export class EduChildDialog extends DialogHost(EduElement) {
  static override styles = childDialogStyles;
  static override dependencies = { 'edu-dialog': EduDialog, 'edu-empty': EduEmpty };

  /**
   * The parent's children with status 1 (core `Child`: `{id, realName, gradeName, className}`). Named `students`
   * because `children` is the DOM's own property.
   */
  @property({ attribute: false }) students: readonly Child[] = [];

  /** The id of the current child (`''` for none). */
  @property({ attribute: 'current-id' }) currentId = '';

  /** The host is saving a choice: the enter buttons are disabled and the chosen one shows a spinner. */
  @property({ type: Boolean, reflect: true }) busy = false;

  /** A child must be chosen (first visit): no close button, Escape does nothing. */
  @property({ type: Boolean, reflect: true }) required = false;

  /** The child entered last, which shows the spinner while `busy`. */
  @state() private chosenId: string | null = null;

  /** Whether the user cannot close it: required, and there is a child to choose. */
  private get blocking(): boolean {
    return this.required && this.students.length > 0;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('open') && this.open) this.chosenId = null;
  }

  private enter(child: Child): void {
    if (this.busy) return;
    const current = child.id === this.currentId;
    // Core's rule: the current child (or one not in the list) is ignored; a required dialog may confirm the current.
    const chosen = current && this.blocking ? child : childToSelect(this.students, this.currentId || null, child.id);
    if (!chosen) return;
    this.chosenId = chosen.id;
    if (!this.emit('edu-child-select', { child: chosen, current }, { cancelable: true })) return;
    this.open = false;
  }

  /** The dialog offers no way to close while blocking; this veto guards a close request the browser forced. */
  protected override allowClose(source: EduCloseSource): boolean {
    return !this.blocking && super.allowClose(source);
  }

  private renderRow(child: Child, index: number): TemplateResult {
    const current = child.id === this.currentId;
    const ignored = current && !this.blocking;
    const pending = this.busy && this.chosenId === child.id;
    // By position: ids from the server may hold characters an IDREF cannot.
    const nameId = `child-name-${index}`;
    // Names, grades and classes are the server's Chinese: shown in traditional characters in zh-HK.
    const name = serverText(child.realName);
    return html`<tr part="row" class=${current ? 'current' : ''} aria-current=${current ? 'true' : nothing}>
      <th scope="row">
        <span class="person">
          <span part="avatar" class="avatar" aria-hidden="true">${iconFallbackText(name)}</span>
          <span class="name" id=${nameId}>${name}</span>
          ${current ? html`<span part="current" class="tag">${msg('当前', { id: 'childDialog.current' })}</span>` : nothing}
        </span>
      </th>
      <td>${serverText(child.gradeName)}</td>
      <td>${serverText(child.className)}</td>
      <td class="action">
        <button
          part="enter"
          type="button"
          class=${pending ? 'enter pending' : 'enter'}
          data-id=${child.id}
          aria-describedby=${nameId}
          ?disabled=${ignored}
          aria-disabled=${this.busy && !ignored ? 'true' : nothing}
          @click=${() => this.enter(child)}
        >
          ${pending ? spinner : nothing}${
            ignored ? msg('已进入', { id: 'childDialog.entered' }) : msg('进入', { id: 'childDialog.enter' })
          }
        </button>
      </td>
    </tr>`;
  }

  private renderBody(): TemplateResult {
    if (!this.students.length) {
      return html`<edu-empty
        part="empty"
        description=${msg('没有可选择的孩子', { id: 'childDialog.empty' })}
      ></edu-empty>`;
    }
    return html`<table part="table" aria-busy=${this.busy ? 'true' : 'false'}>
      <caption>
        ${msg('请选择要查看的孩子', { id: 'childDialog.caption' })}
      </caption>
      <thead>
        <tr>
          <th scope="col">${msg('姓名', { id: 'childDialog.name' })}</th>
          <th scope="col">${msg('年级', { id: 'childDialog.grade' })}</th>
          <th scope="col">${msg('班级', { id: 'childDialog.class' })}</th>
          <th scope="col" class="action">${msg('操作', { id: 'childDialog.action' })}</th>
        </tr>
      </thead>
      <tbody>
        ${this.students.map((child, index) => this.renderRow(child, index))}
      </tbody>
    </table>`;
  }

  protected override render() {
    const blocking = this.blocking;
    return html`<edu-dialog
      part="dialog"
      class=${blocking ? 'blocking' : ''}
      .open=${this.open}
      .closeOnEscape=${!blocking}
      title=${msg('选择孩子', { id: 'childDialog.title' })}
    >
      ${this.open ? this.renderBody() : nothing}
    </edu-dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-child-dialog': EduChildDialog;
  }
  interface HTMLElementEventMap {
    'edu-child-select': EduChildSelectEvent;
  }
}
