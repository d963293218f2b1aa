import { html, nothing, type ComplexAttributeConverter, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg } from '@lit/localize';
import { getSocialInfo, type SocialProvider } from '@edu-portal/core/auth/api.ts';
import { stripParams } from '@edu-portal/core/auth/address.ts';
import { isRecord } from '@edu-portal/core/platform/guards.ts';
import { session } from '@edu-portal/core/session/store.ts';
import { EduDialog } from '../dialog/dialog.ts';
import { defineElement } from '../internal/define-element.ts';
import { DialogHost } from '../internal/dialog-host.ts';
import type { EduCloseDetail, EduCloseSource } from '../internal/events.ts';
import { LoginFormElement, type LoginSuccessOutcome } from '../internal/login-form.ts';
import { prepareQrLogin, providerLogo, providerName, qrPanelParts, type QrLogin } from '../internal/social-login.ts';
import { loginDialogStyles } from './login-dialog.styles.ts';

/** How the login dialog closed: `login` after signing in, `cancel` for every other way. */
export type LoginDialogAction = 'login' | 'cancel';

/** `edu-close` of the login dialog: the usual source, and the action the spec's "action callback" receives. */
export interface EduLoginDialogCloseDetail extends EduCloseDetail {
  action: LoginDialogAction;
}

/** Why the dialog is shown: `expired` explains that the session ran out. */
export type LoginDialogReason = '' | 'expired';

/** `modal` is on unless the attribute says `modal="false"` (rendered inline, for legacy pages). */
const modalConverter: ComplexAttributeConverter<boolean> = {
  fromAttribute: (value: string | null) => value === null || value.trim().toLowerCase() !== 'false',
  toAttribute: (value: boolean) => (value ? null : 'false'),
};

interface IssuedQrLogin {
  providerId: string;
  loginUrl: string;
  state: string;
}

/** Reads `GET /api/uaa/social/info`: the providers and the QR login the server prepared. */
function readSocialInfo(data: unknown): { providers: SocialProvider[]; issued: IssuedQrLogin | null } {
  const record = isRecord(data) ? data : {};
  const text = (value: Record<string, unknown>, key: string) =>
    typeof value[key] === 'string' ? (value[key] as string) : '';
  const providers = (Array.isArray(record['providers']) ? record['providers'] : [])
    .filter(isRecord)
    .map((p) => ({
      providerId: text(p, 'providerId'),
      providerAppId: text(p, 'providerAppId'),
      providerApplicationId: text(p, 'providerApplicationId'),
      providerAppLoginUrl: text(p, 'providerAppLoginUrl'),
      logo: text(p, 'logo'),
    }))
    .filter((p) => p.providerId && p.providerAppLoginUrl);
  const qr = isRecord(record['qrLogin']) ? record['qrLogin'] : null;
  const issued = qr
    ? { providerId: text(qr, 'providerId'), loginUrl: text(qr, 'loginUrl'), state: text(qr, 'state') }
    : null;
  return { providers, issued };
}

/**
 * The login dialog of spec part 1 §2 and part 2 §2: an overlay, not a route, built on `<edu-dialog>`. A title,
 * account and password, remember password, a forgot-password link and a sign-in button with a loading state;
 * optionally third-party login icons and a QR container for a messaging-app login. Enter submits, or moves focus to
 * the empty field. It is visible, then the button loads, then it closes with an action (`edu-close` with
 * `detail.action` `login` or `cancel`). A login here keeps the user on the page: nothing typed in the page is lost.
 *
 * `openLoginDialog()` opens one on the page and resolves true after a login, which is what the request client's
 * relogin handler needs (`configureClient({ relogin: openLoginDialog })`): the waiting requests are then retried.
 * It says that the session expired only when someone was signed in; a first sign-in is just titled 登录.
 * Where the browser supports passkeys, "使用通行密钥登录" signs in with one (and an empty account field offers them in
 * its autofill): the dialog then closes with `login` and the waiting requests are retried, as after a password.
 *
 * Modal dialogs live in the top layer; `modal="false"` renders it inline at `--edu-z-login-dialog` (2500).
 *
 * @summary Login dialog (overlay) for an expired session or a sign-in without leaving the page.
 * @tagname edu-login-dialog
 *
 * @fires {CustomEvent<null>} edu-open - The dialog opened.
 * @fires {CustomEvent<{source: 'close-button' | 'escape' | 'backdrop' | 'api'}>} edu-request-close - The user asks
 *   to close it. Cancelable: `preventDefault()` keeps it open.
 * @fires {CustomEvent<{source: string, action: 'login' | 'cancel'}>} edu-close - The dialog closed; `action` says
 *   whether the user signed in.
 * @fires {CustomEvent<{username: string, remember: boolean}>} edu-login-submit - The form is about to send.
 *   Cancelable.
 * @fires {CustomEvent<{outcome: LoginOutcome}>} edu-login - Signed in (`target` is null: the page stays).
 *   Cancelable: `preventDefault()` keeps the dialog open.
 * @fires {CustomEvent<{status: number, code: string, message: string, fields: string[]}>} edu-login-failed - The
 *   server refused; the message is shown under `fields`.
 * @fires {CustomEvent<{url: string}>} edu-forgot-password - The forgot-password link was used. Cancelable.
 *
 * @csspart dialog - The `<edu-dialog>` inside.
 * @csspart reason - The line that says why the dialog opened.
 * @csspart form - The account and password form.
 * @csspart field - A label, input and message group.
 * @csspart label - A field's label.
 * @csspart input - The account and password inputs.
 * @csspart password-toggle - The show-password button.
 * @csspart error - The message under a field.
 * @csspart remember - The remember-password checkbox and its label.
 * @csspart forgot - The forgot-password link.
 * @csspart submit - The sign-in button.
 * @csspart passkey - The "使用通行密钥登录" button (where the browser supports passkeys).
 * @csspart social - The third-party login icons and QR container.
 * @csspart qr - The QR container.
 * @csspart qr-code - The QR code's SVG.
 * @csspart qr-link - The link to the provider's login page.
 *
 * @cssprop [--edu-z-login-dialog=2500] - Stacking order when rendered inline (`modal="false"`).
 * @cssprop [--edu-login-qr-size=140px] - Size of the QR code.
 * @cssprop [--edu-login-error-color=#c0261f] - Messages under the fields.
 * @cssprop [--edu-login-border-color=#8c939d] - Input border.
 * @cssprop [--edu-login-link-color=#2a5db0] - Links.
 * @cssprop [--edu-login-button-background] - Sign-in button background; default the dark primary colour.
 * @cssprop [--edu-color-primary] - Focus rings.
 * @cssprop [--edu-color-primary-dark] - Button.
 */
export class EduLoginDialog extends DialogHost(LoginFormElement) {
  static override styles = loginDialogStyles;
  static override dependencies = { 'edu-dialog': EduDialog };

  /** Modal (top layer) unless the attribute says `modal="false"`, which renders it inline at layer 2500. */
  @property({ converter: modalConverter }) modal = true;

  /** `expired` adds a line saying that the session expired. */
  @property() reason: LoginDialogReason = '';

  /** The dialog's title; empty shows "登录" in the language in force. */
  @property() heading = '';

  /** Hides the third-party login icons and the QR container. */
  @property({ attribute: 'no-social', type: Boolean }) noSocial = false;

  @state() private providers: SocialProvider[] = [];
  @state() private qr: QrLogin | null = null;

  private issued: IssuedQrLogin | null = null;
  private closeAction: LoginDialogAction = 'cancel';
  private socialLoaded = false;

  constructor() {
    super();
    this.redirectAfterLogin = false;
  }

  protected override presetUsername(): string | null {
    // After an expiry the same person usually signs in again.
    return session.getSnapshot().user?.loginName || null;
  }

  protected override defaultLoginAction(_outcome: LoginSuccessOutcome): void {
    this.closeAction = 'login';
    this.open = false;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('open') && this.open) {
      this.closeAction = 'cancel';
      this.errors = {};
      this.qr = null;
      if (!this.username) this.username = this.presetUsername() ?? this.store()?.username() ?? '';
      this.loadSocial();
    }
  }

  private loadSocial(): void {
    if (this.noSocial || this.socialLoaded) return;
    this.socialLoaded = true;
    const here = new URL(stripParams(location.href, ['code', 'state', 'token']));
    getSocialInfo({ unitHost: location.host, redirectUri: `${here.pathname}${here.search}${here.hash}` }).then(
      (envelope) => {
        if (envelope.status !== 200) return;
        const { providers, issued } = readSocialInfo(envelope.data);
        this.providers = providers;
        this.issued = issued;
      },
      () => undefined, // no third-party login: the form is all there is
    );
  }

  private toggleQr(provider: SocialProvider): void {
    if (this.qr?.providerId === provider.providerId) {
      this.qr = null;
      return;
    }
    // The server's prepared login is used once; later QR codes get a fresh state of their own.
    this.qr = prepareQrLogin(provider, this.issued);
    this.issued = null;
  }

  protected override dialogClosed(source: EduCloseSource): void {
    // Closed without signing in (the close button, Escape, `open = false`) is action `cancel`.
    const action = this.closeAction;
    this.closeAction = 'cancel';
    this.password = '';
    const detail: EduLoginDialogCloseDetail = { source, action };
    this.emit('edu-close', detail);
  }

  // ----- rendering -------------------------------------------------------------------------------------------

  private renderSocial() {
    if (this.noSocial || !this.providers.length) return nothing;
    const qr = this.qr;
    return html`<div class="social" part="social">
      <p class="divider" id="social-label">${msg('其他登录方式', { id: 'login.others' })}</p>
      <div class="icons" role="group" aria-labelledby="social-label">
        ${this.providers.map(
          (p) =>
            html`<button
              class="icon"
              type="button"
              aria-pressed=${qr?.providerId === p.providerId ? 'true' : 'false'}
              aria-controls="qr"
              aria-label=${providerName(p.providerId)}
              title=${providerName(p.providerId)}
              @click=${() => this.toggleQr(p)}
            >
              ${providerLogo(p) ? html`<img src=${providerLogo(p)} alt="" />` : providerName(p.providerId).slice(0, 2)}
            </button>`,
        )}
      </div>
      <div
        id="qr"
        class="qr"
        part="qr"
        role="region"
        aria-label=${msg('扫码登录', { id: 'login.method.qr' })}
        ?hidden=${!qr}
      >
        ${qr ? this.renderQrParts(qr) : nothing}
      </div>
    </div>`;
  }

  private renderQrParts(qr: QrLogin) {
    const { code, caption, actions } = qrPanelParts(qr, () => (this.qr = prepareQrLogin(this.providerOf(qr)!)));
    return html`${code}<span id="qr-caption">${caption}</span>${actions}`;
  }

  private providerOf(qr: QrLogin): SocialProvider | undefined {
    return this.providers.find((p) => p.providerId === qr.providerId);
  }

  protected override render() {
    return html`
      <edu-dialog
        part="dialog"
        .open=${this.open}
        .modal=${this.modal}
        topmost
        .title=${this.heading || msg('登录', { id: 'login.dialog.title' })}
        width="min(420px, calc(100vw - 24px))"
        top="8vh"
      >
        ${
          this.reason === 'expired'
            ? html`<p class="reason" part="reason">
                ${msg('登录已过期，请重新登录。您在页面上填写的内容会保留。', { id: 'login.dialog.expired' })}
              </p>`
            : nothing
        }
        ${this.renderLoginForm({ autofocus: true })} ${this.renderSocial()}
      </edu-dialog>
    `;
  }
}

/** Options of `openLoginDialog`. */
export interface OpenLoginDialogOptions {
  /**
   * Why it opens. Default: `expired` when the session store holds a signed-in user (the relogin handler's case: the
   * server ended that session), otherwise none (a first sign-in, or one after a logout: the dialog just says 登录).
   */
  reason?: LoginDialogReason;
  /** Where the dialog element goes; default `document.body`. */
  container?: HTMLElement;
  /** Hides the third-party login. */
  noSocial?: boolean;
}

interface PendingLogin {
  dialog: EduLoginDialog;
  answer: Promise<boolean>;
  settle(loggedIn: boolean): void;
}

let pending: PendingLogin | null = null;

/**
 * Opens the page's login dialog and resolves true once the user signed in there, false when they closed it. Calls
 * while it is open share the same answer. Usable as the request client's relogin handler:
 * `configureClient({ relogin: () => openLoginDialog() })`.
 */
export function openLoginDialog(options: OpenLoginDialogOptions = {}): Promise<boolean> {
  if (pending?.dialog.isConnected) return pending.answer;
  // A dialog that someone removed from the page without closing it cannot answer any more.
  pending?.settle(false);
  defineElement('edu-login-dialog', EduLoginDialog);
  const dialog = document.createElement('edu-login-dialog') as EduLoginDialog;
  dialog.reason = options.reason ?? (session.getSnapshot().user ? 'expired' : '');
  dialog.noSocial = options.noSocial ?? false;
  let settle: (loggedIn: boolean) => void = () => undefined;
  const answer = new Promise<boolean>((resolve) => {
    const onClose = (event: Event) => {
      if (event.target === dialog) settle((event as CustomEvent<EduLoginDialogCloseDetail>).detail.action === 'login');
    };
    settle = (loggedIn) => {
      dialog.removeEventListener('edu-close', onClose);
      if (pending?.dialog === dialog) pending = null;
      resolve(loggedIn);
      // Removed after its fade, so the closing dialog is not cut short.
      setTimeout(() => dialog.remove(), 250);
    };
    dialog.addEventListener('edu-close', onClose);
  });
  pending = { dialog, answer, settle };
  (options.container ?? document.body).append(dialog);
  dialog.open = true;
  return answer;
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-login-dialog': EduLoginDialog;
  }
}
