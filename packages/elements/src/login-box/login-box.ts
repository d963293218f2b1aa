import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { msg } from '@lit/localize';
import { getSocialProviders, type SocialProvider } from '@edu-portal/core/auth/api.ts';
import { readBindParams, type BindParams } from '@edu-portal/core/auth/address.ts';
import { LoginFormElement, loadLoginSubmit, type LoginSuccessOutcome } from '../internal/login-form.ts';
import { prepareQrLogin, providerLogo, providerName, qrPanelParts, type QrLogin } from '../internal/social-login.ts';
import { loginBoxStyles } from './login-box.styles.ts';

export type LoginBoxMode = 'login' | 'bind';
type Method = 'password' | 'qr';

/**
 * The login page's box (spec part 1 §2 "Login box on the login page", §4 "Login result", §5): account and password,
 * remember password, other login methods (a QR code per configured provider: weixin, work-weixin and the others),
 * and forgot password (a new window). With `mode="bind"` it is the bind page's form: it binds the social identity of
 * the address (`id`, `openid`, `unionid`, `deviceId`) to the account, then signs in.
 *
 * Empty fields get the spec's messages under them; a refused login shows the server's message under the field it
 * concerns; a submit while one is in flight is ignored. A login fires `edu-login`; unless a listener prevents it,
 * the box then goes where core decided (`redirect_uri` when same-origin or allow-listed, the jump page, the home for
 * the device and unit type, or the bind page). Where the browser supports passkeys, "使用通行密钥登录" under the
 * sign-in button signs in with one, and the account field's autofill offers them (conditional mediation, started when
 * the person first comes to the field); a passkey login lands exactly as a password login does, and `no-passkey`
 * hides both. The QR code is drawn in the page and encodes the provider's login
 * page, which comes back to this page with a code that the host's login chain signs in with; the same address is
 * offered as a link under it, for a person without a phone at hand.
 *
 * @summary Login box of the login page, with QR login and the bind form.
 * @tagname edu-login-box
 *
 * @fires {CustomEvent<{username: string, remember: boolean}>} edu-login-submit - The form is about to send.
 *   Cancelable: `preventDefault()` stops the submit. The password is never in an event.
 * @fires {CustomEvent<{outcome: LoginOutcome}>} edu-login - Signed in (`outcome.kind` `logged-in`, with `target`) or
 *   an unbound social identity (`go-to-bind`, with `url`). Cancelable: `preventDefault()` keeps the box from
 *   navigating (`applyOutcome`) so the host can act itself.
 * @fires {CustomEvent<{status: number, code: string, message: string, fields: string[]}>} edu-login-failed - The
 *   server refused; `message` is shown under `fields`.
 * @fires {CustomEvent<{url: string}>} edu-forgot-password - The forgot-password link was used. Cancelable:
 *   `preventDefault()` keeps the new window from opening.
 *
 * @csspart box - The card around everything.
 * @csspart heading - The heading.
 * @csspart tabs - The login method tabs (password, QR code).
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
 * @csspart providers - The provider buttons of the QR login.
 * @csspart qr - The QR code with its caption and link.
 * @csspart qr-code - The QR code's SVG.
 * @csspart qr-link - The link to the provider's login page.
 *
 * @cssprop [--edu-login-box-width=380px] - Width of the box.
 * @cssprop [--edu-login-box-padding=28px 32px 24px] - Padding of the card.
 * @cssprop [--edu-login-box-radius=8px] - Corner radius of the card.
 * @cssprop [--edu-login-box-background=#fff] - Background of the card.
 * @cssprop [--edu-login-box-shadow] - Shadow of the card.
 * @cssprop [--edu-login-heading-size=22px] - Heading font size.
 * @cssprop [--edu-login-qr-size=188px] - Size of the QR code.
 * @cssprop [--edu-login-border-color=#8c939d] - Input border.
 * @cssprop [--edu-login-error-color=#c0261f] - Messages under the fields and invalid borders.
 * @cssprop [--edu-login-link-color=#2a5db0] - Links.
 * @cssprop [--edu-login-radius=4px] - Corner radius of inputs and the button.
 * @cssprop [--edu-login-button-background] - Sign-in button background; default the dark primary colour.
 * @cssprop [--edu-login-button-color=#fff] - Sign-in button text.
 * @cssprop [--edu-color-primary] - Focus rings.
 * @cssprop [--edu-color-primary-dark] - Selected tab, button.
 */
export class EduLoginBox extends LoginFormElement {
  static override styles = loginBoxStyles;

  /** `login` (default) or `bind`: the bind page's form, for the identity in `bindParams` or in the address. */
  @property({ reflect: true }) mode: LoginBoxMode = 'login';

  /** The identity to bind in `bind` mode; null reads `id`, `openid`, `unionid` and `deviceId` from the address. */
  @property({ attribute: false }) bindParams: BindParams | null = null;

  /**
   * The configured social providers (`login/config`'s `socialProviders`). Null (default) asks the server
   * (`GET /api/uaa/social/providers`); an empty list shows no other login methods.
   */
  @property({ attribute: false }) providers: SocialProvider[] | null = null;

  /** Hides the other login methods. */
  @property({ attribute: 'no-social', type: Boolean }) noSocial = false;

  /** The heading; empty shows "账号登录" (or "绑定账号" in `bind` mode) in the language in force. */
  @property() heading = '';

  @state() private loadedProviders: SocialProvider[] | null = null;
  @state() private method: Method = 'password';
  @state() private qr: QrLogin | null = null;

  private providersRequested = false;

  protected override bindTarget(): BindParams | null {
    if (this.mode !== 'bind') return null;
    return this.bindParams ?? readBindParams(globalThis.location?.href ?? '');
  }

  protected override defaultLoginAction(outcome: LoginSuccessOutcome): void {
    // Loaded already: a login has just succeeded through it.
    void loadLoginSubmit().then(({ applyOutcome }) => applyOutcome(outcome));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.requestProviders();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('providers') || changed.has('noSocial') || changed.has('mode')) {
      this.requestProviders();
      const list = this.socialProviders();
      // The QR tab goes when there is nothing left to scan.
      if (!list.length && this.method === 'qr') this.method = 'password';
      if (this.qr && !list.some((p) => p.providerId === this.qr!.providerId)) this.qr = null;
    }
  }

  private requestProviders(): void {
    if (this.providersRequested || this.providers !== null || this.noSocial || this.mode === 'bind') return;
    if (!this.isConnected) return;
    this.providersRequested = true;
    getSocialProviders(globalThis.location?.host ?? '').then(
      (list) => (this.loadedProviders = list),
      () => (this.loadedProviders = []),
    );
  }

  /** The providers offered as other login methods. */
  private socialProviders(): SocialProvider[] {
    if (this.noSocial || this.mode === 'bind') return [];
    return (this.providers ?? this.loadedProviders ?? []).filter((p) => p.providerId && p.providerAppLoginUrl);
  }

  /** Shows the QR code of a provider, with a fresh state. */
  showQr(providerId?: string): void {
    const list = this.socialProviders();
    const provider = list.find((p) => p.providerId === providerId) ?? list[0];
    if (!provider) return;
    this.method = 'qr';
    this.qr = prepareQrLogin(provider);
  }

  private selectMethod(method: Method, focus = false): void {
    if (method === 'qr') {
      if (!this.qr) this.showQr();
      else this.method = 'qr';
    } else {
      this.method = 'password';
    }
    if (focus) {
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`#tab-${this.method}`)?.focus());
    }
  }

  /** Arrow keys, Home and End move between the tabs (and select them), as the tabs pattern says. */
  private onTabKeyDown = (event: KeyboardEvent): void => {
    const order: Method[] = ['password', 'qr'];
    const at = order.indexOf(this.method);
    let next: Method | null = null;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = order[(at + 1) % order.length]!;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp')
      next = order[(at + order.length - 1) % order.length]!;
    else if (event.key === 'Home') next = order[0]!;
    else if (event.key === 'End') next = order[order.length - 1]!;
    if (!next) return;
    event.preventDefault();
    this.selectMethod(next, true);
  };

  private renderTabs(): TemplateResult {
    const tab = (method: Method, label: string) =>
      html`<button
        id="tab-${method}"
        class="tab"
        type="button"
        role="tab"
        aria-selected=${this.method === method ? 'true' : 'false'}
        aria-controls="panel-${method}"
        tabindex=${this.method === method ? '0' : '-1'}
        @click=${() => this.selectMethod(method)}
        @keydown=${this.onTabKeyDown}
      >
        ${label}
      </button>`;
    return html`<div class="tabs" part="tabs" role="tablist" aria-label=${msg('登录方式', { id: 'login.methods' })}>
      ${tab('password', msg('密码登录', { id: 'login.method.password' }))}
      ${tab('qr', msg('扫码登录', { id: 'login.method.qr' }))}
    </div>`;
  }

  private renderQrPanel(providers: SocialProvider[]): TemplateResult {
    const qr = this.qr;
    return html`
      ${
        providers.length > 1
          ? html`<div
              class="providers"
              part="providers"
              role="group"
              aria-label=${msg('选择扫码应用', { id: 'login.qr.choose' })}
            >
              ${providers.map(
                (p) =>
                  html`<button
                    class="provider"
                    type="button"
                    aria-pressed=${qr?.providerId === p.providerId ? 'true' : 'false'}
                    @click=${() => this.showQr(p.providerId)}
                  >
                    ${providerLogo(p) ? html`<img src=${providerLogo(p)} alt="" />` : nothing}${providerName(p.providerId)}
                  </button>`,
              )}
            </div>`
          : nothing
      }
      ${qr ? this.renderQrFigure(qr) : html`<p class="empty">${msg('暂无可用的扫码登录方式', { id: 'login.qr.none' })}</p>`}
    `;
  }

  private renderQrFigure(qr: QrLogin) {
    const { code, caption, actions } = qrPanelParts(qr, () => this.showQr(qr.providerId));
    return html`<figure class="qr" part="qr">
      ${code}
      <figcaption id="qr-caption">${caption}</figcaption>
      ${actions}
    </figure>`;
  }

  protected override render() {
    const binding = this.mode === 'bind';
    const bindInvalid = binding && this.bindTarget() === null;
    const providers = this.socialProviders();
    const tabs = providers.length > 0;
    const heading =
      this.heading ||
      (binding ? msg('绑定账号', { id: 'login.bind.heading' }) : msg('账号登录', { id: 'login.heading' }));
    const form = this.renderLoginForm(binding ? { submitLabel: msg('绑定并登录', { id: 'login.bind.submit' }) } : {});
    return html`
      <section class="box" part="box" aria-labelledby="heading">
        <h2 id="heading" class="heading" part="heading">${heading}</h2>
        ${
          binding
            ? html`<p class="intro">
                ${
                  bindInvalid
                    ? msg('绑定信息缺失或已失效，请返回登录页重新使用第三方账号登录。', { id: 'login.bind.invalid' })
                    : msg('您的第三方账号尚未绑定平台账号。请输入平台账号和密码完成绑定，绑定后将直接登录。', {
                        id: 'login.bind.intro',
                      })
                }
              </p>`
            : nothing
        }
        ${tabs ? this.renderTabs() : nothing}
        ${
          bindInvalid
            ? nothing
            : tabs
              ? html`<div
                    id="panel-password"
                    role="tabpanel"
                    aria-labelledby="tab-password"
                    ?hidden=${this.method !== 'password'}
                  >
                    ${form}
                  </div>
                  <div id="panel-qr" role="tabpanel" aria-labelledby="tab-qr" ?hidden=${this.method !== 'qr'}>
                    ${this.method === 'qr' ? this.renderQrPanel(providers) : nothing}
                  </div>`
              : form
        }
      </section>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-login-box': EduLoginBox;
  }
}
