import { html, nothing, svg, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { msg } from '@lit/localize';
import { EduDialog } from '../dialog/dialog.ts';
import { DialogHost } from '../internal/dialog-host.ts';
import { EduElement } from '../internal/edu-element.ts';
import { downloadDialogStyles } from './download-dialog.styles.ts';
import { safeUrl } from '@edu-portal/core/platform/safe-url.ts';

/**
 * The address a link may point to, or null: only http(s), absolute or relative to the page (a relative address on a
 * page served over http(s) is on the same site). `javascript:`, `data:`, `file:` and unreadable values are refused,
 * so an address from the server can never run script (core's one safe-URL rule, `safeUrl`). Answers the resolved
 * absolute address.
 */
export function safeLinkUrl(url: string | null | undefined): string | null {
  return safeUrl(url);
}

type Kind = 'installer' | 'portable';

const installerIcon = svg`<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect x="4" y="5" width="24" height="17" rx="2" fill="none" stroke="currentColor" stroke-width="2"/><path d="M11 27h10M16 22v5" stroke="currentColor" stroke-width="2" stroke-linecap="round"/><path d="M16 8v9m-4-4 4 4 4-4" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
const portableIcon = svg`<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><path d="M6 4h14l6 6v18H6z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/><path d="M20 4v6h6" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/><path d="M14 6h2v2h-2zm2 2h2v2h-2zm-2 2h2v2h-2zm2 2h2v2h-2zm-2 2h2v2h-2z" fill="currentColor"/><rect x="13" y="17" width="6" height="6" rx="1" fill="none" stroke="currentColor" stroke-width="1.6"/></svg>`;
const downloadIcon = svg`<svg class="arrow" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M8 2v8m-3.5-3.5L8 10l3.5-3.5M3 13h10" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

/**
 * The download dialog of spec part 1 §2: the Windows client as an installer and as a portable (green) package, each
 * a large link card with a short description and, when given, its size; the version and the system requirement
 * ("适用于 Windows 7 及以上") under them. Only http(s) addresses (absolute, or relative to the page) become links;
 * a card without an address, or with any other address (`javascript:` …), is shown disabled as "暂未提供".
 *
 * @summary Client download dialog (installer and portable Windows packages).
 * @tagname edu-download-dialog
 *
 * @fires {CustomEvent<null>} edu-open - The dialog opened.
 * @fires {CustomEvent<{source: string}>} edu-request-close - The close button or Escape asks to close; cancelable.
 * @fires {CustomEvent<{source: string}>} edu-close - The dialog closed.
 *
 * @csspart dialog - The `<edu-dialog>`.
 * @csspart cards - The row of the two cards.
 * @csspart card - Each card: an `<a download>` link, or a `<div>` when it is not offered.
 * @csspart card-title - The name of each card.
 * @csspart card-description - The description of each card.
 * @csspart meta - The version and requirement line.
 *
 * @cssprop [--edu-download-dialog-width=560px] - Width of the dialog.
 * @cssprop [--edu-color-primary] - Card hover border and focus ring.
 * @cssprop [--edu-color-primary-9] - Card hover background.
 * @cssprop [--edu-color-primary-dark] - Card icons and the "download" line.
 */
export class EduDownloadDialog extends DialogHost(EduElement) {
  static override styles = downloadDialogStyles;
  static override dependencies = { 'edu-dialog': EduDialog };

  /** Address of the installer package (http(s) or relative); anything else is not offered. */
  @property({ attribute: 'installer-url' }) installerUrl = '';

  /** Address of the portable package (http(s) or relative); anything else is not offered. */
  @property({ attribute: 'portable-url' }) portableUrl = '';

  /** Version text, e.g. `2.0.1`; not shown when empty. */
  @property() version = '';

  /** Size text of the installer, e.g. `86 MB`; not shown when empty. */
  @property({ attribute: 'installer-size' }) installerSize = '';

  /** Size text of the portable package; not shown when empty. */
  @property({ attribute: 'portable-size' }) portableSize = '';

  private renderCard(kind: Kind): TemplateResult {
    const href = safeLinkUrl(kind === 'installer' ? this.installerUrl : this.portableUrl);
    const size = (kind === 'installer' ? this.installerSize : this.portableSize).trim();
    const title =
      kind === 'installer'
        ? msg('安装版', { id: 'downloadDialog.installer' })
        : msg('免安装版 (绿色版)', { id: 'downloadDialog.portable' });
    const description =
      kind === 'installer'
        ? msg('安装到电脑，开机即可使用', { id: 'downloadDialog.installerDescription' })
        : msg('解压即用，无需安装', { id: 'downloadDialog.portableDescription' });
    const content = html`<span class="icon">${kind === 'installer' ? installerIcon : portableIcon}</span>
      <span class="text">
        <span part="card-title" class="title">${title}</span>
        <span part="card-description" class="description">${description}</span>
        ${
          href
            ? html`<span class="action"
                >${downloadIcon}<span>${msg('下载', { id: 'downloadDialog.download' })}</span>${
                  size ? html`<span class="size">(${size})</span>` : nothing
                }</span
              >`
            : html`<span class="action unavailable">${msg('暂未提供', { id: 'downloadDialog.unavailable' })}</span>`
        }
      </span>`;
    return href
      ? html`<a part="card" class="card" data-kind=${kind} href=${href} download>${content}</a>`
      : html`<div part="card" class="card disabled" data-kind=${kind} aria-disabled="true">${content}</div>`;
  }

  protected override render() {
    const version = this.version.trim();
    return html`<edu-dialog part="dialog" .open=${this.open} title=${msg('下载客户端', { id: 'downloadDialog.title' })}>
      ${
        this.open
          ? html`<div part="cards" class="cards">${this.renderCard('installer')}${this.renderCard('portable')}</div>
              <p part="meta" class="meta">
                ${
                  version
                    ? html`<span class="version">${msg('版本', { id: 'downloadDialog.version' })} ${version}</span>`
                    : nothing
                }
                <span class="requirement">${msg('适用于 Windows 7 及以上', { id: 'downloadDialog.requirement' })}</span>
              </p>`
          : nothing
      }
    </edu-dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-download-dialog': EduDownloadDialog;
  }
}
