import { html, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { msg } from '@lit/localize';
import { pickBilingual } from '@edu-portal/core/i18n/bilingual.ts';
import { getLanguage } from '@edu-portal/core/i18n/language.ts';
import { isRecord } from '@edu-portal/core/platform/guards.ts';
import type { EduAboutDialog } from '../about-dialog/about-dialog.ts';
import { EduElement } from '../internal/edu-element.ts';
import { footerStyles } from './footer.styles.ts';
import { safeUrl } from '@edu-portal/core/platform/safe-url.ts';

/** A record-filing entry (spec part 1 §3 "Login configuration", `footerMsg.baList`), wire names kept. */
export interface RecordFiling {
  baUrl?: string;
  baImg?: string;
  baContent?: string;
  showImg?: boolean;
}

/** `decorationSet.footerMsg` of the login configuration, as it travels. */
export interface FooterMessage {
  show?: boolean;
  showBaMsg?: boolean;
  baList?: RecordFiling[];
  /** `中文|||English` text. */
  copyright?: string;
  helpCenter?: boolean;
  /** The contact line, `中文|||English`. */
  conectNZ?: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Only web addresses become links (core's safe-URL rule): a server value such as `javascript:` is shown as text. */
const safeHref = (url: string): string | null => safeUrl(url);

// At module level: tsc rewrites the extension of a dynamic import here, not in a static field (the published build).
const loadAboutDialog = () => import('../about-dialog/about-dialog.ts').then((m) => m.EduAboutDialog);

/**
 * The footer of spec part 1 §2 and part 2 §2: copyright text, the record-filing entries (`baUrl`, `baImg`,
 * `baContent`, `showImg`), a help-centre link and the version. Give it the login configuration's `footerMsg` as it
 * is (`show`, `showBaMsg`, `baList`, `copyright`, `helpCenter`, `conectNZ`), or set the properties one by one;
 * `中文|||English` texts show in the language in force.
 *
 * The version opens the about dialog of `code` (an `<edu-about-dialog>` inside the footer) unless a listener of
 * `edu-show-about` prevents it; that dialog's own events stay inside the footer. The help centre is a link when `help-href` is set (core's `helpCentreLink` builds
 * it), otherwise a button that fires `edu-help`. A plain click on the link fires `edu-help` too, cancelable: a host that
 * prevents it opens the help centre itself (core's `openHelpCentre`, with a fresh handover token), and the link does
 * not navigate; a click with a modifier key or another button is the browser's.
 *
 * @summary Page footer: copyright, record filing, help centre, version.
 * @tagname edu-footer
 *
 * @slot - Extra content at the end of the footer.
 *
 * @fires {CustomEvent<null>} edu-help - The help-centre button was pressed, or its link clicked plainly; cancelable on
 *   the link, where preventing it stops the link's navigation.
 * @fires {CustomEvent<null>} edu-show-about - The version was pressed; cancelable, the default opens the about dialog.
 *
 * @csspart base - The `<footer>`.
 * @csspart copyright - The copyright line.
 * @csspart contact - The contact line.
 * @csspart filings - The list of record-filing entries.
 * @csspart filing - Each record-filing entry.
 * @csspart filing-image - The badge of an entry.
 * @csspart help - The help-centre link or button.
 * @csspart version - The version button.
 * @csspart about - The `<edu-about-dialog>`.
 *
 * @cssprop [--edu-footer-color=#6b6e75] - Text colour.
 * @cssprop [--edu-footer-link-color=#4c4f55] - Colour of links and buttons.
 * @cssprop [--edu-footer-background=transparent] - Background.
 * @cssprop [--edu-footer-font-size=12px] - Text size.
 * @cssprop [--edu-footer-padding=16px 24px] - Padding.
 */
export class EduFooter extends EduElement {
  static override styles = footerStyles;
  // The about dialog loads when the version is first pressed: most visitors never open it.
  static override lazyDependencies = { 'edu-about-dialog': loadAboutDialog };

  /** The login configuration's `footerMsg`; the properties below override its fields when set. */
  @property({ attribute: false }) footerMsg: FooterMessage | null = null;

  /** Copyright text; `中文|||English` is picked by language. */
  @property() copyright?: string;

  /** Contact line; `中文|||English` is picked by language. */
  @property() contact?: string;

  /** Record-filing entries. */
  @property({ attribute: false }) baList?: RecordFiling[];

  /** Shows the record-filing entries (`showBaMsg`). */
  @property({ attribute: 'show-ba-msg', type: Boolean }) showBaMsg?: boolean;

  /** Shows the help-centre link (`helpCenter`). */
  @property({ attribute: 'help-center', type: Boolean }) helpCenter?: boolean;

  /** The help centre's address; without it the help entry is a button that fires `edu-help`. */
  @property({ attribute: 'help-href' }) helpHref = '';

  /** Where the help centre opens: `_blank` on the desktop, `_self` on mobile (spec part 2 §7). */
  @property({ attribute: 'help-target' }) helpTarget: '_blank' | '_self' = '_blank';

  /** The front-end version shown, e.g. `2.0.0`; no version entry without it. */
  @property() version = '';

  /** Service code for the about dialog. */
  @property() code = '';

  /** Root path for the about dialog's calls. */
  @property() root = '';

  /** Product name, logo, company and first copyright year for the about dialog. */
  @property() product = '';
  @property() logo = '';
  @property() company = '';
  @property({ attribute: 'copyright-start', type: Number }) copyrightStart?: number;

  @query('edu-about-dialog') private aboutEl!: EduAboutDialog | null;
  /** The about dialog is rendered from its first opening on (then it keeps its state, as an eager one would). */
  @state() private aboutWanted = false;

  /** Opens the about dialog (loading it the first time). */
  async showAbout(): Promise<void> {
    if (!(await this.loadDependency('edu-about-dialog'))) return;
    this.aboutWanted = true;
    await this.updateComplete;
    await this.aboutEl?.show();
  }

  private get message(): FooterMessage {
    return isRecord(this.footerMsg) ? this.footerMsg : {};
  }

  private filings(): RecordFiling[] {
    const list = this.baList ?? this.message.baList;
    return Array.isArray(list) ? list.filter(isRecord) : [];
  }

  /** The inner about dialog's events stay inside: a footer in a dialog must not seem to close it. */
  private stopInner = (event: Event) => {
    event.stopPropagation();
  };

  private onHelp = () => {
    this.emit('edu-help', null);
  };

  /** A plain click on the help link: a host that prevents `edu-help` opens the help centre itself. */
  private onHelpLink = (event: MouseEvent) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    if (!this.emit('edu-help', null, { cancelable: true })) event.preventDefault();
  };

  private onVersion = () => {
    if (this.emit('edu-show-about', null, { cancelable: true }) && this.code) void this.showAbout();
  };

  private renderFiling(entry: RecordFiling) {
    const content = text(entry.baContent);
    const image = entry.showImg && text(entry.baImg) ? safeUrl(text(entry.baImg), { image: true }) : null;
    const body = html`${image ? html`<img part="filing-image" class="badge" src=${image} alt="" />` : nothing}${content}`;
    const href = text(entry.baUrl) ? safeHref(text(entry.baUrl)) : null;
    return html`<li part="filing" class="filing">
      ${href ? html`<a href=${href} target="_blank" rel="noopener noreferrer">${body}</a>` : html`<span>${body}</span>`}
    </li>`;
  }

  protected override render() {
    const message = this.message;
    if (message.show === false) return nothing;
    const lang = getLanguage();
    const copyright = pickBilingual(this.copyright ?? text(message.copyright), lang);
    const contact = pickBilingual(this.contact ?? text(message.conectNZ), lang);
    const showFilings = this.showBaMsg ?? message.showBaMsg ?? true;
    const filings = showFilings ? this.filings() : [];
    const help = this.helpCenter ?? message.helpCenter ?? false;
    const helpHref = this.helpHref ? safeHref(this.helpHref) : null;
    const helpLabel = msg('帮助中心', { id: 'footer.help' });
    return html`
      <footer part="base" class="base">
        <div class="line">
          ${copyright ? html`<span part="copyright">${copyright}</span>` : nothing}
          ${contact ? html`<span part="contact">${contact}</span>` : nothing}
        </div>
        ${
          filings.length
            ? html`<ul part="filings" class="line filings" aria-label=${msg('备案信息', { id: 'footer.filings' })}>
                ${filings.map((entry) => this.renderFiling(entry))}
              </ul>`
            : nothing
        }
        ${
          help || this.version
            ? html`<div class="line">
                ${
                  help
                    ? helpHref
                      ? html`<a
                          part="help"
                          class="action"
                          href=${helpHref}
                          target=${this.helpTarget}
                          rel="noopener"
                          @click=${this.onHelpLink}
                          >${helpLabel}</a
                        >`
                      : html`<button part="help" class="action" type="button" @click=${this.onHelp}>
                          ${helpLabel}
                        </button>`
                    : nothing
                }
                ${
                  this.version
                    ? html`<button
                        part="version"
                        class="action"
                        type="button"
                        aria-haspopup="dialog"
                        @click=${this.onVersion}
                      >
                        ${msg('版本', { id: 'footer.version' })} V${this.version}
                      </button>`
                    : nothing
                }
              </div>`
            : nothing
        }
        <slot></slot>
      </footer>
      ${
        this.code && this.aboutWanted
          ? html`<edu-about-dialog
              @edu-open=${this.stopInner}
              @edu-close=${this.stopInner}
              @edu-request-close=${this.stopInner}
              @edu-version-load=${this.stopInner}
              part="about"
              code=${this.code}
              root=${this.root}
              product=${this.product}
              company=${this.company}
              logo=${this.logo}
              .copyrightStart=${this.copyrightStart}
            ></edu-about-dialog>`
          : nothing
      }
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-footer': EduFooter;
  }
  interface HTMLElementEventMap {
    /** A footer's help-centre button was pressed. */
    'edu-help': CustomEvent<null>;
    /** A footer's version was pressed; cancelable. */
    'edu-show-about': CustomEvent<null>;
  }
}
