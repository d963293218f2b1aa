import { html, nothing, svg } from 'lit';
import { property } from 'lit/decorators.js';
import { msg } from '@lit/localize';
import { safeUrl } from '@edu-portal/core/platform/safe-url.ts';
import { EduDialog } from '../dialog/dialog.ts';
import { DialogHost } from '../internal/dialog-host.ts';
import { EduElement } from '../internal/edu-element.ts';
import { licenceDialogStyles } from './licence-dialog.styles.ts';

const warningIcon = svg`<svg viewBox="0 0 48 48" aria-hidden="true" focusable="false"><circle cx="24" cy="24" r="22" fill="currentColor"/><path d="M24 12v15" stroke="#fff" stroke-width="4" stroke-linecap="round"/><circle cx="24" cy="34.5" r="2.6" fill="#fff"/></svg>`;

/**
 * The licence-expired blocking dialog of spec part 1 §2 and §8: "该模块已过期，请联系管理员！" / "This module has
 * expired, please contact the administrator!" (core `licenceExpiredText`, same wording in all three languages, live
 * with the language in force). It blocks: modal, no close button, Escape and outside clicks do nothing, focus stays
 * inside. The only way out is the "返回桌面" link when `homeHref` is set; otherwise only the host (`open = false`).
 * The host decides when to show it (core `checkModuleLicence` answered `expired`).
 *
 * @summary Licence-expired blocking dialog.
 * @tagname edu-licence-dialog
 *
 * @fires {CustomEvent<null>} edu-open - The dialog opened.
 * @fires {CustomEvent<{source: string}>} edu-close - The dialog closed (only when the host set `open = false`).
 *
 * @csspart dialog - The `<edu-dialog>`.
 * @csspart icon - The warning picture.
 * @csspart message - The text.
 * @csspart module - The module's name line.
 * @csspart home - The "返回桌面" link.
 *
 * @cssprop [--edu-licence-dialog-width=420px] - Width of the dialog.
 * @cssprop [--edu-licence-dialog-icon-color=#d93026] - Colour of the warning picture.
 * @cssprop [--edu-color-primary-dark] - Background of the "返回桌面" link.
 * @cssprop [--edu-color-primary] - Focus ring of the link.
 */
export class EduLicenceDialog extends DialogHost(EduElement) {
  static override styles = licenceDialogStyles;
  static override dependencies = { 'edu-dialog': EduDialog };

  /** Address of the desktop (http(s) or relative): shows a "返回桌面" link there. Other addresses show nothing. */
  @property({ attribute: 'home-href' }) homeHref = '';

  /** The expired module's name, shown under the text when given. */
  @property({ attribute: 'module-name' }) moduleName = '';

  /**
   * Nothing the user does closes it: there is no close button, Escape is off and the backdrop does not close; this
   * veto is the last guard (a close request the browser forced, `requestClose()`).
   */
  protected override allowClose(): boolean {
    return false;
  }

  protected override render() {
    const home = safeUrl(this.homeHref);
    const moduleName = this.moduleName.trim();
    return html`<edu-dialog
      part="dialog"
      class="blocking"
      .open=${this.open}
      title=${msg('模块已过期', { id: 'licenceDialog.title' })}
      no-escape
      no-drag
    >
      ${
        this.open
          ? html`<div class="content">
              <span part="icon" class="icon">${warningIcon}</span>
              <div class="text">
                <p part="message" class="message">
                  ${msg('该模块已过期，请联系管理员！', { id: 'licenceDialog.message' })}
                </p>
                ${
                  moduleName
                    ? html`<p part="module" class="module">
                        <span>${msg('模块：', { id: 'licenceDialog.module' })}</span
                        ><span class="name">${moduleName}</span>
                      </p>`
                    : nothing
                }
              </div>
            </div>`
          : nothing
      }
      ${
        this.open && home
          ? html`<div slot="footer" class="actions">
              <a part="home" class="home" href=${home}>${msg('返回桌面', { id: 'licenceDialog.home' })}</a>
            </div>`
          : nothing
      }
    </edu-dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-licence-dialog': EduLicenceDialog;
  }
}
