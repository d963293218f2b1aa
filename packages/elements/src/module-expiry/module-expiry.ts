import { html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { msg } from '@lit/localize';
import {
  MODULE_EXPIRED,
  MODULE_EXPIRING,
  sortModuleExpiry,
  type ModuleExpiry,
  type ModuleExpiryStatus,
} from '@edu-portal/core/messages/expiry.ts';
import { EduDialog } from '../dialog/dialog.ts';
import { EduEmpty } from '../empty/empty.ts';
import { messageButtonStyles } from '../message-dialog/message-parts.ts';
import { DialogHost } from '../internal/dialog-host.ts';
import { EduElement } from '../internal/edu-element.ts';
import { moduleExpiryStyles } from './module-expiry.styles.ts';

/** `yyyy-MM-dd` in local time; '' for an unreadable time. */
function day(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const STATUS_CLASS: Readonly<Record<ModuleExpiryStatus, string>> = {
  3: 'expired',
  2: 'expiring',
  1: 'in-use',
};

/**
 * The module-expiry dialog (spec part 1 §2 "Module-expiry table", §4 "Module expiry status"): a table of modules with
 * name, expiry date (`yyyy-MM-dd`) and status: 已过期 (expired, red), 即将到期 (expiring within 90 days, orange),
 * 使用中 (in use, green), ordered expired, expiring, in use (core `sortModuleExpiry`, applied again here whatever
 * order the entries come in). The host builds the entries with core `parseModuleExpiry` from a message whose
 * `openWay` is 1 (core `messageAction`). A closing line asks the user to contact the administrator to renew.
 *
 * @summary Module-expiry table in a dialog.
 * @tagname edu-module-expiry-dialog
 *
 * @fires {CustomEvent<null>} edu-open - The dialog opened.
 * @fires {CustomEvent<{source: string}>} edu-request-close - The close buttons or Escape ask to close; cancelable.
 * @fires {CustomEvent<{source: string}>} edu-close - The dialog closed.
 *
 * @csspart dialog - The `<edu-dialog>`.
 * @csspart table - The table.
 * @csspart row - Each module's row.
 * @csspart status - Each status tag.
 * @csspart empty - The `<edu-empty>` shown when there are no entries.
 * @csspart note - The closing line about renewing.
 * @csspart close - The footer's close button.
 *
 * @cssprop [--edu-module-expiry-width=560px] - Width of the dialog.
 * @cssprop [--edu-color-primary] - Focus rings.
 * @cssprop [--edu-color-primary-dark] - The close button.
 * @cssprop [--edu-color-primary-9] - Background of the table's header.
 */
export class EduModuleExpiryDialog extends DialogHost(EduElement) {
  static override styles = [messageButtonStyles, moduleExpiryStyles];
  static override dependencies = { 'edu-dialog': EduDialog, 'edu-empty': EduEmpty };

  /** The modules (core `ModuleExpiry`, e.g. from `parseModuleExpiry`); shown sorted by `sortModuleExpiry`. */
  @property({ attribute: false }) entries: readonly ModuleExpiry[] = [];

  private statusText(status: ModuleExpiryStatus): string {
    if (status === MODULE_EXPIRED) return msg('已过期', { id: 'moduleExpiry.expired' });
    if (status === MODULE_EXPIRING) return msg('即将到期', { id: 'moduleExpiry.expiring' });
    return msg('使用中', { id: 'moduleExpiry.inUse' });
  }

  private renderTable(): TemplateResult {
    const rows = sortModuleExpiry(this.entries);
    return html`<table part="table">
      <caption>
        ${msg('模块到期情况', { id: 'moduleExpiry.caption' })}
      </caption>
      <thead>
        <tr>
          <th scope="col">${msg('模块名称', { id: 'moduleExpiry.name' })}</th>
          <th scope="col">${msg('到期时间', { id: 'moduleExpiry.endTime' })}</th>
          <th scope="col">${msg('状态', { id: 'moduleExpiry.status' })}</th>
        </tr>
      </thead>
      <tbody>
        ${rows.map((entry) => {
          const date = day(entry.endTime);
          return html`<tr part="row" data-code=${entry.code} data-status=${entry.status}>
            <th scope="row">${entry.name || entry.code}</th>
            <td>${date ? html`<time datetime=${date}>${date}</time>` : nothing}</td>
            <td>
              <span part="status" class="status ${STATUS_CLASS[entry.status] ?? 'in-use'}"
                >${this.statusText(entry.status)}</span
              >
            </td>
          </tr>`;
        })}
      </tbody>
    </table>`;
  }

  private renderBody(): TemplateResult {
    return html`
      ${this.entries.length ? this.renderTable() : html`<edu-empty part="empty"></edu-empty>`}
      <p part="note" class="note">${msg('如需续期，请联系管理员。', { id: 'moduleExpiry.contact' })}</p>
    `;
  }

  protected override render() {
    return html`<edu-dialog
      part="dialog"
      .open=${this.open}
      .title=${msg('模块到期提醒', { id: 'moduleExpiry.title' })}
    >
      ${this.open ? this.renderBody() : nothing}
      <div slot="footer" class="actions">
        <button part="close" class="primary" type="button" @click=${() => void this.requestClose()}>
          ${msg('关闭', { id: 'moduleExpiry.close' })}
        </button>
      </div>
    </edu-dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-module-expiry-dialog': EduModuleExpiryDialog;
  }
}
