import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg } from '@lit/localize';
import type { Client } from '@edu-portal/core/http/client.ts';
import { getLanguage } from '@edu-portal/core/i18n/language.ts';
import { notify } from '@edu-portal/core/platform/notify.ts';
import type { VersionInfo } from '@edu-portal/core/version/api.ts';
import { copyrightYears, versionNoteText } from '@edu-portal/core/version/text.ts';
import type { VersionMismatch } from '@edu-portal/core/version/compare.ts';
import { EduDialog } from '../dialog/dialog.ts';
import { DialogHost } from '../internal/dialog-host.ts';
import { EduElement } from '../internal/edu-element.ts';
import type { EduCloseSource } from '../internal/events.ts';
import { aboutDialogStyles } from './about-dialog.styles.ts';
import { safeUrl } from '@edu-portal/core/platform/safe-url.ts';
import { coreText } from '@edu-portal/core/i18n/messages.ts';
import { loadOnce } from '../internal/load-once.ts';

/** The three version calls and their comparison, loaded at the first opening with a code (size budgets). */
const loadVersions = loadOnce(() => import('@edu-portal/core/version/api.ts'));

/** Spec part 2 §9. */
export const ABOUT_DIALOG_WIDTH = '650px';

/** The localised notice for a service without a version call (spec part 2 §8). */
export function missingVersionText(): string {
  return msg('该微服务没有版本接口，请联系后端工程师。', { id: 'about.missing' });
}

/** The localised alert for each kind of front-end/server mismatch (spec part 2 §8). */
export function mismatchText(kind: VersionMismatch): string {
  return kind === 'needs-newer-server'
    ? msg('当前前端需要更新版本的后端服务，请联系后端工程师升级服务端。', { id: 'about.needsNewerServer' })
    : msg('当前后端需要更新版本的前端，请联系前端工程师升级前端。', { id: 'about.needsNewerWeb' });
}

/**
 * The about dialog of spec part 2 §2 (650 px wide): product logo and company line, the version list with dates and
 * numbered notes in the language in force, "no version info", the copyright line with a year range up to this year,
 * and the front-end and server versions.
 *
 * With a `code` it loads the three version calls of §7 on every opening (`loadVersionInfo` of core). A front end
 * and server that do not fit show the mismatch alert of §8 (versions compared by zero-padding each segment to 4
 * digits); a service without a version call (404) shows the notice "contact the back-end engineer". Without a `code`,
 * `info` can be given directly.
 *
 * @summary About dialog with version information.
 * @tagname edu-about-dialog
 *
 * @slot logo - The product logo, instead of the `logo` image.
 * @slot - Extra content under the versions (links to terms, a support line).
 *
 * @fires {CustomEvent<null>} edu-open - Opened.
 * @fires {CustomEvent<{source: 'close-button' | 'escape' | 'backdrop' | 'api'}>} edu-request-close - Asks to close;
 *   cancelable.
 * @fires {CustomEvent<{source: 'close-button' | 'escape' | 'backdrop' | 'api'}>} edu-close - Closed.
 * @fires {CustomEvent<{info: VersionInfo}>} edu-version-load - The version information was loaded.
 *
 * @csspart base - The `<edu-dialog>` inside.
 * @csspart dialog - The native dialog (exported from `<edu-dialog>`).
 * @csspart body - The dialog body (exported).
 * @csspart brand - The logo and company line.
 * @csspart logo - The logo image.
 * @csspart alert - Each mismatch alert.
 * @csspart versions - The version list.
 * @csspart facts - The front-end and server versions.
 * @csspart copyright - The copyright line.
 *
 * @cssprop [--edu-about-accent] - Version numbers and the list's rule; defaults to the theme colour.
 */
export class EduAboutDialog extends DialogHost(EduElement) {
  static override styles = aboutDialogStyles;
  static override dependencies = { 'edu-dialog': EduDialog };

  /** Service code whose versions are shown, e.g. `base`. */
  @property() code = '';

  /** Root path of the front end's files; empty means `area` for area codes, else the first path segment. */
  @property() root = '';

  /** Product name, shown beside the logo. */
  @property() product = '';

  /** Company line, shown under the product name and in the copyright line. */
  @property() company = '';

  /** Logo image URL. */
  @property() logo = '';

  /** First year of the copyright range; the range ends at the current year. */
  @property({ attribute: 'copyright-start', type: Number }) copyrightStart?: number;

  /** The dialog title; empty means "关于" / "About". */
  @property() override title = '';

  /** Version information given directly (or the last loaded). */
  @property({ attribute: false }) info: VersionInfo | null = null;

  /** The request client to load with; default core's page client. */
  @property({ attribute: false }) client?: Client;

  @state() private loading = false;

  private loadToken = 0;
  private abort: AbortController | null = null;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.abort?.abort();
  }

  /** Loads the versions of `code` again. Resolves with what was loaded, or null without a code. */
  async reload(): Promise<VersionInfo | null> {
    if (!this.code) return null;
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    const token = ++this.loadToken;
    this.loading = true;
    let loadVersionInfo;
    try {
      ({ loadVersionInfo } = await loadVersions());
    } catch {
      // Their code could not be loaded (the network is gone): said as the calls' own failure would be.
      if (token === this.loadToken) {
        this.loading = false;
        notify({ type: 'error', message: coreText('network') });
      }
      return null;
    }
    try {
      const info = await loadVersionInfo({
        code: this.code,
        root: this.root || null,
        client: this.client,
        signal: abort.signal,
      });
      if (token !== this.loadToken) return info;
      this.info = info;
      if (info.missing) notify({ type: 'warning', message: missingVersionText() });
      this.emit('edu-version-load', { info });
      return info;
    } catch {
      return null; // aborted: a newer load or a disconnect took over
    } finally {
      if (token === this.loadToken) this.loading = false;
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    // Every opening asks again (a deployment may have happened since), and so does a new service while open.
    if (this.open && this.code && (changed.has('open') || changed.has('code') || changed.has('root'))) {
      void this.reload();
    }
  }

  protected override dialogClosed(source: EduCloseSource): void {
    this.abort?.abort();
    super.dialogClosed(source);
  }

  private renderVersions(info: VersionInfo | null) {
    if (this.loading && !info?.versions.length) {
      return html`<p class="muted">${msg('正在加载版本信息…', { id: 'about.loading' })}</p>`;
    }
    if (!info || !info.versions.length) {
      return html`<p class="muted empty">${msg('暂无版本信息', { id: 'about.noVersions' })}</p>`;
    }
    const lang = getLanguage();
    return html`<ol part="versions" class="versions">
      ${info.versions.map(
        (record) =>
          html`<li class="version">
            <div class="version-head">
              <span class="version-number">V${record.version}</span>
              ${record.date ? html`<time datetime=${record.date}>${record.date}</time>` : nothing}
            </div>
            ${
              record.notes.length
                ? html`<ol class="notes">
                    ${record.notes.map((note) => html`<li>${versionNoteText(note, lang)}</li>`)}
                  </ol>`
                : nothing
            }
          </li>`,
      )}
    </ol>`;
  }

  private renderFacts(info: VersionInfo | null) {
    const unknown = '—';
    const serverText = info?.missing
      ? missingVersionText()
      : (info?.server?.serverVersion ?? (this.loading ? '…' : unknown));
    const colon = msg('：', { id: 'about.labelSeparator' });
    return html`<dl part="facts" class="facts">
      <div>
        <dt>${msg('前端版本', { id: 'about.webVersion' })}${colon}</dt>
        <dd>${info?.package?.appVersion || (this.loading ? '…' : unknown)}</dd>
      </div>
      <div>
        <dt>${msg('服务端版本', { id: 'about.serverVersion' })}${colon}</dt>
        <dd class=${info?.missing ? 'missing' : ''}>${serverText}</dd>
      </div>
    </dl>`;
  }

  protected override render() {
    const info = this.info;
    const failed = !!info && info.failed.length > 0;
    const years = copyrightYears(this.copyrightStart);
    const logo = safeUrl(this.logo, { image: true }) ? this.logo : '';
    return html`
      <edu-dialog
        part="base"
        exportparts="dialog,body"
        .open=${this.open}
        .title=${this.title || msg('关于', { id: 'about.title' })}
        .width=${ABOUT_DIALOG_WIDTH}
      >
        <div part="brand" class="brand">
          <slot name="logo"> ${logo ? html`<img part="logo" class="logo" src=${logo} alt="" />` : nothing} </slot>
          <div class="names">
            ${this.product ? html`<div class="product">${this.product}</div>` : nothing}
            ${this.company ? html`<div class="company">${this.company}</div>` : nothing}
          </div>
        </div>
        ${(info?.mismatches ?? []).map(
          (kind) => html`<p part="alert" class="alert" role="alert" data-kind=${kind}>${mismatchText(kind)}</p>`,
        )}
        <section class="section" aria-labelledby="versions-heading" aria-busy=${this.loading ? 'true' : 'false'}>
          <h3 id="versions-heading" class="heading">${msg('版本说明', { id: 'about.versions' })}</h3>
          ${this.renderVersions(info)}
          ${
            failed
              ? html`<p class="muted">
                  ${msg('部分版本信息加载失败。', { id: 'about.failed' })}
                  <button type="button" class="link" @click=${() => void this.reload()}>
                    ${msg('重试', { id: 'about.retry' })}
                  </button>
                </p>`
              : nothing
          }
        </section>
        ${this.renderFacts(info)}
        <slot></slot>
        <p part="copyright" class="copyright">
          ${msg('版权所有', { id: 'about.copyright' })} © ${years}${this.company ? ` ${this.company}` : ''}
        </p>
      </edu-dialog>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-about-dialog': EduAboutDialog;
  }
  interface HTMLElementEventMap {
    /** An about dialog loaded its version information. */
    'edu-version-load': CustomEvent<{ info: VersionInfo }>;
  }
}
