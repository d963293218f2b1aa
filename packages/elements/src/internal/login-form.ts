/**
 * What `<edu-login-box>` and `<edu-login-dialog>` share: the account and password fields with their messages, the
 * remember-password box, the forgot-password link, the sign-in button with its loading state, the Enter rule, and
 * the submit through core's login controller (spec part 1 §4 "Login result", §5 "Login", §8; part 2 §2 "Login
 * dialog"). Core decides; this shows: validation texts under the fields, server failures under the field they
 * concern (`aria-invalid`, `aria-describedby`), a submit while one is in flight ignored.
 */
import { css, html, nothing, svg, type ComplexAttributeConverter, type TemplateResult } from 'lit';
import { EduElement } from './edu-element.ts';
import { spinnerMotionStyles, visuallyHiddenStyles } from './shared-styles.ts';
import { property, state } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import { msg } from '@lit/localize';
import type { BindParams } from '@edu-portal/core/auth/address.ts';
import type { LoginController, LoginSubmitResult } from '@edu-portal/core/auth/controller.ts';
import type { LoginOutcome } from '@edu-portal/core/auth/navigation.ts';
import { createRememberStore, type RememberStore } from '@edu-portal/core/auth/remember.ts';
import { validateLogin } from '@edu-portal/core/auth/validation.ts';
import { authText } from '@edu-portal/core/auth/texts.ts';
import { coreText } from '@edu-portal/core/i18n/messages.ts';
import { loadOnce } from './load-once.ts';
import { focusRing } from './control-styles.ts';
import {
  colorBorderLight,
  colorPrimary,
  colorPrimaryDark,
  colorText,
  colorTextSecondary,
  focusOutline,
  ink,
  loginError,
  loginInputBorder,
  loginLink,
  radius,
  radiusRound,
  radiusXs,
  tint,
  white,
} from './tokens.ts';
import { safeUrl } from '@edu-portal/core/platform/safe-url.ts';
import { passkeysSupported } from '@edu-portal/core/auth/passkey-support.ts';

/** The submit path (core's login controller, the navigation after a login), loaded with the first submit. */
export const loadLoginSubmit = loadOnce(() => import('./login-submit.ts'));

export type LoginField = 'username' | 'password';

/** What a login form answers when it signed in, or found a social identity to bind. */
export type LoginSuccessOutcome = Extract<LoginOutcome, { kind: 'logged-in' | 'go-to-bind' }>;

export interface EduLoginDetail {
  /** `logged-in` (with `target`, null to stay) or `go-to-bind` (with the bind page's `url`). */
  outcome: LoginSuccessOutcome;
}

export interface EduLoginSubmitDetail {
  /** The trimmed account name (the password is never put into an event). */
  username: string;
  remember: boolean;
}

export interface EduLoginFailedDetail {
  status: number;
  code: string;
  /** The whole message in the language in force. */
  message: string;
  /** Which fields the message was shown under. */
  fields: LoginField[];
}

export interface EduForgotPasswordDetail {
  url: string;
}

export type EduLoginEvent = CustomEvent<EduLoginDetail>;
export type EduLoginSubmitEvent = CustomEvent<EduLoginSubmitDetail>;
export type EduLoginFailedEvent = CustomEvent<EduLoginFailedDetail>;
export type EduForgotPasswordEvent = CustomEvent<EduForgotPasswordDetail>;

declare global {
  interface HTMLElementEventMap {
    /** A login form is about to send; `preventDefault()` stops it. */
    'edu-login-submit': EduLoginSubmitEvent;
    /** A login form signed in (or found an identity to bind); `preventDefault()` stops its default action. */
    'edu-login': EduLoginEvent;
    /** The server refused a login form's credentials; the message is shown in the form. */
    'edu-login-failed': EduLoginFailedEvent;
    /** The forgot-password link was used; `preventDefault()` keeps the new window from opening. */
    'edu-forgot-password': EduForgotPasswordEvent;
  }
}

/** An error under a field: an empty-field rule (shown in the language in force) or the server's text. */
export type FieldError = { kind: 'required' } | { kind: 'text'; text: string };

/**
 * What the submit path's `settleLogin` (loaded with the first login) reads and sets of a login form: its protected
 * members, named here as the one module outside the class that may use them.
 */
export interface LoginFormInternals {
  errors: Partial<Record<LoginField, FieldError>>;
  passkeyMessage: string;
  autofillStarted: boolean;
  readonly updateComplete: Promise<boolean>;
  emit: LoginFormElement['emit'];
  focusField(field: LoginField): void;
  input(field: LoginField): HTMLInputElement | null;
  showRequired(errors: Partial<Record<LoginField, string>>): Promise<void>;
  defaultLoginAction(outcome: LoginSuccessOutcome): void;
}

/** `allowed-origins="https://a.example https://b.example"` (spaces or commas). */
export const originListConverter: ComplexAttributeConverter<string[]> = {
  fromAttribute: (value: string | null) => (value ?? '').split(/[\s,]+/).filter(Boolean),
  toAttribute: (value: string[]) => value.join(' '),
};

/** The forgot-password route of the host (spec part 1 §2), opened in a new window. */
export const DEFAULT_FORGOT_URL = '/#/forgetPassword';

const eyeIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M8 3C4.4 3 1.6 5.3.5 8c1.1 2.7 3.9 5 7.5 5s6.4-2.3 7.5-5C14.4 5.3 11.6 3 8 3zm0 8.3A3.3 3.3 0 1 1 8 4.7a3.3 3.3 0 0 1 0 6.6zM8 6.3a1.7 1.7 0 1 0 0 3.4 1.7 1.7 0 0 0 0-3.4z"/></svg>`;

export const loginFormStyles = [
  visuallyHiddenStyles,
  spinnerMotionStyles,
  css`
    /* The QR panel's code (the element's size unless the page sets one), with a blank square while the encoder
       loads; its link and its refresh button. */
    span.qr-code {
      display: inline-block;
      box-sizing: border-box;
    }

    .qr-code {
      width: var(--edu-login-qr-size, var(--_qr-size));
      height: var(--edu-login-qr-size, var(--_qr-size));
      border: 1px solid ${colorBorderLight};
    }

    .qr-link {
      font-size: 13px;
      overflow-wrap: anywhere;
    }

    .refresh {
      border: 0;
      background: none;
      padding: 2px 4px;
      color: var(--edu-login-link-color, ${loginLink});
      font: inherit;
      font-size: 13px;
      text-decoration: underline;
      cursor: pointer;
    }

    .form {
      display: grid;
      gap: 4px;
    }

    .field {
      display: grid;
      gap: 6px;
      margin-bottom: 6px;
    }

    .field label {
      font-size: 14px;
      color: var(--edu-login-label-color, ${colorText});
    }

    .control {
      position: relative;
      display: flex;
    }

    input[type='text'],
    input[type='password'] {
      box-sizing: border-box;
      width: 100%;
      min-height: 40px;
      padding: 8px 12px;
      border: 1px solid var(--edu-login-border-color, ${loginInputBorder});
      border-radius: var(--edu-login-radius, ${radius});
      background: ${white};
      color: ${ink};
      font: inherit;
      font-size: 15px;
    }

    input[type='password'],
    input.has-toggle {
      padding-right: 44px;
    }

    input:focus-visible {
      outline: ${focusOutline};
      outline-offset: 1px;
      border-color: ${colorPrimary};
    }

    input[aria-invalid='true'] {
      border-color: var(--edu-login-error-color, ${loginError});
    }

    .toggle {
      position: absolute;
      top: 0;
      right: 0;
      bottom: 0;
      width: 40px;
      display: grid;
      place-items: center;
      border: 0;
      background: none;
      color: ${colorTextSecondary};
      cursor: pointer;
      border-radius: 0 var(--edu-login-radius, 4px) var(--edu-login-radius, 4px) 0;
    }

    .toggle svg {
      width: 18px;
      height: 18px;
      fill: currentColor;
    }

    .toggle[aria-pressed='true'] {
      color: ${colorPrimaryDark};
    }

    .toggle:focus-visible {
      outline: ${focusOutline};
      outline-offset: -2px;
    }

    .error {
      margin: 0;
      min-height: 1.4em;
      font-size: 13px;
      line-height: 1.4;
      color: var(--edu-login-error-color, ${loginError});
    }

    .options {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: 8px;
      margin: 2px 0 14px;
      font-size: 14px;
    }

    .remember {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      cursor: pointer;
      color: ${colorText};
    }

    .remember input {
      width: 16px;
      height: 16px;
      margin: 0;
      accent-color: ${colorPrimaryDark};
    }

    .remember input:focus-visible {
      ${focusRing}
    }

    a {
      color: var(--edu-login-link-color, ${loginLink});
    }

    a:focus-visible {
      ${focusRing}
      border-radius: ${radiusXs};
    }

    .submit {
      display: inline-flex;
      align-items: center;
      justify-content: center;
      gap: 8px;
      width: 100%;
      min-height: 42px;
      border: 0;
      border-radius: var(--edu-login-radius, ${radius});
      background: var(--edu-login-button-background, ${colorPrimaryDark});
      color: var(--edu-login-button-color, ${white});
      font: inherit;
      font-size: 16px;
      letter-spacing: 0.05em;
      cursor: pointer;
    }

    .submit:hover {
      filter: brightness(1.08);
    }

    .submit:focus-visible {
      outline: 3px solid ${colorPrimary};
      outline-offset: 2px;
    }

    .submit[aria-disabled='true'] {
      cursor: progress;
      filter: saturate(0.7);
    }

    .passkey {
      margin-top: 10px;
      border: 1px solid;
      background: none;
      color: inherit;
    }

    .spinner {
      width: 16px;
      height: 16px;
      border: 2px solid ${tint('0.45')};
      border-top-color: currentColor;
      border-radius: ${radiusRound};
    }

    [hidden] {
      display: none !important;
    }
  `,
];

/**
 * Base of the login elements (not an element itself). Subclasses render the frame (box, dialog) around
 * `renderLoginForm()` and decide what a login does by default (`defaultLoginAction`).
 */
export abstract class LoginFormElement extends EduElement {
  /** The production root path of the site, for the landing targets and the bind page (e.g. `pages`). */
  @property({ attribute: 'root-path' }) rootPath = '';

  /** The configured login jump page, followed after `redirect_uri` (same origin or allow-listed only). */
  @property({ attribute: 'jump-page' }) jumpPage = '';

  /** Origins besides the page's own that `redirect_uri` and the jump page may lead to (attribute: a space list). */
  @property({ attribute: 'allowed-origins', converter: originListConverter }) allowedOrigins: string[] = [];

  /** Development landing targets (`/pc_desktop_all.html`) instead of production ones. */
  @property({ type: Boolean }) development = false;

  /** The forgot-password page, opened in a new window. */
  @property({ attribute: 'forgot-url' }) forgotUrl = DEFAULT_FORGOT_URL;

  /**
   * Where "remember password" keeps the login (core's `createRememberStore()` by default: the browser's password
   * manager or an AES-GCM record, never readable). `null` hides the checkbox.
   */
  @property({ attribute: false }) rememberStore: RememberStore | null | undefined = undefined;

  /** True while a login is in flight: the sign-in button shows its loading state. */
  @state() protected busy = false;
  @state() protected username = '';
  @state() protected password = '';
  @state() protected rememberChecked = false;
  @state() protected showPassword = false;
  @state() protected errors: Partial<Record<LoginField, FieldError>> = {};
  /** Why the last passkey sign-in did not happen (shown under the passkey button), or ''. */
  @state() protected passkeyMessage = '';

  /** Hides "使用通行密钥登录" and the passkeys in the account field's autofill. */
  @property({ attribute: 'no-passkey', type: Boolean }) noPasskey = false;

  /** Whether the passkey autofill (conditional mediation) was started. */
  protected autofillStarted = false;

  private loginController: LoginController | null = null;
  private unsubscribeBusy: (() => void) | null = null;
  private defaultRememberStore: RememberStore | null = null;
  private prefilled = false;

  /** False for the dialog: a login there keeps the user on the page (`target` null). */
  protected redirectAfterLogin = true;

  /** The social identity to bind (the bind page's form), or null for a password login. */
  protected bindTarget(): BindParams | null {
    return null;
  }

  /** The user name to fill in before the remembered one (the dialog: the user whose session expired). */
  protected presetUsername(): string | null {
    return null;
  }

  /** Whether the remember-password box is offered. */
  protected offersRemember(): boolean {
    return this.rememberStore !== null && this.bindTarget() === null;
  }

  /** What a login does unless a listener of `edu-login` prevented it. */
  protected abstract defaultLoginAction(outcome: LoginSuccessOutcome): void;

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.prefilled) {
      this.prefilled = true;
      void this.prefill();
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribeBusy?.();
    this.unsubscribeBusy = null;
    this.loginController = null;
  }

  /** The remember store in use, or null. */
  protected store(): RememberStore | null {
    if (this.rememberStore !== undefined) return this.rememberStore;
    this.defaultRememberStore ??= createRememberStore();
    return this.defaultRememberStore;
  }

  /** Fills in the user name (and the remembered password, decrypted in memory only) before anyone types. */
  protected async prefill(): Promise<void> {
    const store = this.store();
    const remembered = store?.username() ?? null;
    if (!this.username) this.username = this.presetUsername() ?? remembered ?? '';
    if (!store || !store.isRemembered() || this.bindTarget()) return;
    this.rememberChecked = true;
    try {
      const saved = await store.load();
      if (saved && saved.username === this.username.trim() && !this.password) this.password = saved.password;
    } catch {
      /* an unreadable record is dropped by the store; the user types the password */
    }
  }

  /** The login controller, created with the first submit; null when its code could not be loaded. */
  private async controller(): Promise<LoginController | null> {
    if (this.loginController) return this.loginController;
    let createLoginController;
    try {
      ({ createLoginController } = await loadLoginSubmit());
    } catch {
      return null;
    }
    if (!this.loginController) {
      // Getters: the options are read at each submit, so later property changes apply.
      // eslint-disable-next-line @typescript-eslint/no-this-alias
      const el = this;
      this.loginController = createLoginController({
        get remember() {
          return el.offersRemember() ? el.store() : null;
        },
        get rootPath() {
          return el.rootPath;
        },
        get jumpPage() {
          return el.jumpPage || null;
        },
        get allowedOrigins() {
          return el.allowedOrigins;
        },
        get development() {
          return el.development;
        },
        get redirect() {
          return el.redirectAfterLogin;
        },
        get bind() {
          return el.bindTarget();
        },
      });
      this.unsubscribeBusy = this.loginController.subscribe((busy) => (this.busy = busy));
    }
    return this.loginController;
  }

  /** The input of a field in the shadow root. */
  protected input(field: LoginField): HTMLInputElement | null {
    return this.renderRoot.querySelector<HTMLInputElement>(`#${field}`);
  }

  /** Moves focus to a field. */
  focusField(field: LoginField): void {
    this.input(field)?.focus();
  }

  /** The first field that is empty after trimming, or null. */
  protected firstEmptyField(): LoginField | null {
    if (!this.username.trim()) return 'username';
    if (!this.password.trim()) return 'password';
    return null;
  }

  /**
   * Signs in with what the form holds, as the sign-in button does. Resolves with core's answer, or null when a
   * listener of `edu-login-submit` vetoed the submit. A submit while one is in flight is ignored.
   */
  async submit(): Promise<LoginSubmitResult | null> {
    if (this.busy) return { kind: 'ignored' };
    const remember = this.offersRemember() ? this.rememberChecked : undefined;
    // Empty fields are reported before anything is announced as sent.
    const checked = validateLogin({ username: this.username, password: this.password });
    if (!checked.valid) {
      await this.showRequired(checked.errors);
      return { kind: 'invalid', errors: checked.errors };
    }
    if (!this.emit('edu-login-submit', { username: this.username.trim(), remember: !!remember }, { cancelable: true }))
      return null;
    // The button shows its loading state while the submit path loads (the first time) and the login runs.
    this.busy = true;
    return this.run((c) => c.submit({ username: this.username, password: this.password, remember }));
  }

  /**
   * Runs a login through core's controller (loaded with the first one) and shows its answer with the submit path's
   * `settleLogin`. A controller that could not be loaded (the network is gone) fails like a login without answer.
   */
  private async run(start: (controller: LoginController) => Promise<LoginSubmitResult>): Promise<LoginSubmitResult> {
    const controller = await this.controller();
    if (!controller) {
      this.busy = false;
      const message = coreText('network');
      this.errors = { password: { kind: 'text', text: message } };
      return { kind: 'failed', status: 0, code: '', message, errors: { password: message } };
    }
    const result = await start(controller);
    this.busy = controller.busy;
    await (await loadLoginSubmit()).settleLogin(this as unknown as LoginFormInternals, result);
    return result;
  }

  /** Whether the passkey sign-in is offered: supported here, not hidden, not the bind form. */
  protected offersPasskey(): boolean {
    return !this.noPasskey && this.bindTarget() === null && passkeysSupported();
  }

  /**
   * Signs in with a passkey of this site (no user name), as "使用通行密钥登录" does, landing as a password login does;
   * a failure (cancelled, no passkey, refused …) is shown under the button and the form stays usable. `conditional`
   * (once per connection, when the person first comes to the account field): the passkeys are offered in the field's
   * autofill; only a pick loads the submit path and signs in, and nothing is said before one.
   */
  async signInWithPasskey(conditional = false): Promise<LoginSubmitResult> {
    if (conditional ? this.autofillStarted || !this.offersPasskey() : this.busy) return { kind: 'ignored' };
    this.autofillStarted ||= conditional;
    // The wait ends without a pick when the browser refuses it or another ceremony (any form's) takes over; a failed
    // passkey sign-in lets it start again (`settleLogin`). A form that goes away leaves nothing to pick from.
    const assertion = conditional
      ? await import('@edu-portal/core/auth/passkeys.ts').then(
          (m) => m.awaitPasskeyAutofill(),
          () => null,
        )
      : undefined;
    if (assertion === null) return { kind: 'ignored' };
    this.busy = !(this.passkeyMessage = '');
    return this.run((c) => c.signInWithPasskey({ assertion }));
  }

  protected async showRequired(errors: Partial<Record<LoginField, string>>): Promise<void> {
    this.errors = {
      ...(errors.username ? { username: { kind: 'required' } } : {}),
      ...(errors.password ? { password: { kind: 'required' } } : {}),
    };
    await this.updateComplete;
    this.focusField(errors.username ? 'username' : 'password');
  }

  /** Empties the form and its messages (the user name stays when it is remembered). */
  reset(): void {
    this.password = '';
    this.errors = {};
    this.passkeyMessage = '';
    this.showPassword = false;
  }

  // ----- events ----------------------------------------------------------------------------------------------

  private onInput(field: LoginField, event: Event): void {
    const value = (event.target as HTMLInputElement).value;
    if (field === 'username') this.username = value;
    else this.password = value;
    // The message under a field goes once the user changes it.
    if (this.errors[field]) {
      const { [field]: _gone, ...rest } = this.errors;
      this.errors = rest;
    }
  }

  /** Enter submits, or moves focus to the first empty field when that is another one (spec part 2 §2). */
  private onFieldKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter' || event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const empty = this.firstEmptyField();
    const from = event.currentTarget as HTMLInputElement;
    if (empty && this.input(empty) !== from) {
      this.focusField(empty);
      return;
    }
    void this.submit();
  };

  private onSubmit = (event: SubmitEvent): void => {
    event.preventDefault();
    void this.submit();
  };

  private onForgot = (event: MouseEvent): void => {
    if (!this.emit('edu-forgot-password', { url: this.forgotUrl }, { cancelable: true })) {
      event.preventDefault();
    }
  };

  // ----- rendering -------------------------------------------------------------------------------------------

  private errorText(error: FieldError | undefined, field: LoginField): string {
    if (!error) return '';
    if (error.kind === 'text') return error.text;
    // Core's texts, in the language in force now (a language switch re-renders them).
    return authText(field === 'username' ? 'usernameRequired' : 'passwordRequired');
  }

  private renderField(field: LoginField, autofocus: boolean): TemplateResult {
    const error = this.errors[field];
    const isPassword = field === 'password';
    const label = isPassword ? msg('密码', { id: 'login.password' }) : msg('账号', { id: 'login.username' });
    const placeholder = isPassword
      ? msg('请输入密码', { id: 'login.password.placeholder' })
      : msg('请输入账号', { id: 'login.username.placeholder' });
    return html`
      <div class="field" part="field">
        <label for=${field} part="label">${label}</label>
        <div class="control">
          <input
            id=${field}
            part="input"
            class=${isPassword ? 'has-toggle' : ''}
            name=${field}
            type=${isPassword && !this.showPassword ? 'password' : 'text'}
            autocomplete=${isPassword ? 'current-password' : 'username webauthn'}
            autocapitalize="off"
            spellcheck="false"
            placeholder=${placeholder}
            ?autofocus=${autofocus}
            .value=${live(isPassword ? this.password : this.username)}
            aria-invalid=${error ? 'true' : 'false'}
            aria-describedby=${error ? `${field}-error` : nothing}
            @input=${(e: Event) => this.onInput(field, e)}
            @keydown=${this.onFieldKeyDown}
            @focus=${isPassword ? nothing : () => this.signInWithPasskey(true)}
          />
          ${
            isPassword
              ? html`<button
                  class="toggle"
                  part="password-toggle"
                  type="button"
                  aria-pressed=${this.showPassword ? 'true' : 'false'}
                  aria-label=${msg('显示密码', { id: 'login.showPassword' })}
                  @click=${() => (this.showPassword = !this.showPassword)}
                >
                  ${eyeIcon}
                </button>`
              : nothing
          }
        </div>
        <p id="${field}-error" class="error" part="error">${this.errorText(error, field)}</p>
      </div>
    `;
  }

  /**
   * The form: account, password, remember and forgot, sign-in. `submitLabel` names the button (the bind page says
   * "bind and sign in"); `autofocus` marks the first empty field for a dialog that opens.
   */
  protected renderLoginForm({
    submitLabel = msg('登录', { id: 'login.submit' }),
    autofocus = false,
  }: { submitLabel?: string; autofocus?: boolean } = {}): TemplateResult {
    const firstEmpty = autofocus ? (this.firstEmptyField() ?? 'username') : null;
    const remember = this.offersRemember();
    // The address as given (a page path stays a path) when it passes core's safe-URL rule.
    const forgot = !!safeUrl(this.forgotUrl);
    return html`
      <form class="form" part="form" novalidate @submit=${this.onSubmit}>
        ${this.renderField('username', firstEmpty === 'username')}
        ${this.renderField('password', firstEmpty === 'password')}
        ${
          remember || forgot
            ? html`<div class="options">
                ${
                  remember
                    ? html`<label class="remember" part="remember">
                        <input
                          type="checkbox"
                          name="remember"
                          .checked=${live(this.rememberChecked)}
                          @change=${(e: Event) => (this.rememberChecked = (e.target as HTMLInputElement).checked)}
                        />
                        ${msg('记住密码', { id: 'login.remember' })}
                      </label>`
                    : html`<span></span>`
                }
                ${
                  forgot
                    ? html`<a
                        part="forgot"
                        href=${this.forgotUrl}
                        target="_blank"
                        rel="noopener"
                        @click=${this.onForgot}
                        >${msg('忘记密码？', { id: 'login.forgot' })}<span class="visually-hidden"
                          >${msg('（在新窗口中打开）', { id: 'login.newWindow' })}</span
                        ></a
                      >`
                    : nothing
                }
              </div>`
            : nothing
        }
        <button
          class="submit"
          part="submit"
          type="submit"
          aria-disabled=${this.busy ? 'true' : 'false'}
          aria-busy=${this.busy ? 'true' : 'false'}
        >
          ${
            this.busy
              ? html`<span class="spinner" aria-hidden="true"></span>${msg('正在登录…', { id: 'login.submitting' })}`
              : submitLabel
          }
        </button>
        ${
          this.offersPasskey()
            ? html`<button class="submit passkey" part="passkey" type="button" @click=${() => this.signInWithPasskey()}>
                  ${msg('使用通行密钥登录', { id: 'login.passkey' })}
                </button>
                <p class="error" role="status">${this.passkeyMessage}</p>`
            : nothing
        }
      </form>
    `;
  }
}
