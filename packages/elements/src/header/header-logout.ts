/**
 * The header's logout confirmation: "确定要退出系统吗？" in an `<edu-dialog>`, loaded when logout is first pressed and
 * rendered from then on. Its dialog's own events stay inside the header; the host hears `edu-logout`.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { msg } from '@lit/localize';

export class LogoutConfirm {
  /** Whether it is open; rendered from its first opening on (unset before). */
  private confirming?: boolean;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** Loads `<edu-dialog>`; resolves whether it may be rendered. */
    private readonly load: () => Promise<boolean>,
    /** The user confirmed. */
    private readonly confirmed: () => void,
  ) {}

  /** Opens the confirmation; the first time, once its dialog has loaded. */
  ask(): void {
    const open = () => this.set(true);
    if (customElements.get('edu-dialog')) open();
    else void this.load().then((loaded) => loaded && open());
  }

  render(): TemplateResult | typeof nothing {
    if (this.confirming === undefined) return nothing;
    const stop = (event: Event) => event.stopPropagation();
    return html`<edu-dialog
      part="confirm"
      class="confirm"
      .open=${this.confirming}
      title=${msg('提示', { id: 'header.logoutTitle' })}
      no-drag
      @edu-close=${(event: Event) => {
        stop(event);
        this.set(false);
      }}
      @edu-open=${stop}
      @edu-request-close=${stop}
    >
      <p>${msg('确定要退出系统吗？', { id: 'header.logoutConfirm' })}</p>
      <div slot="footer" class="actions">
        <button type="button" class="cancel" @click=${() => this.set(false)}>
          ${msg('取消', { id: 'header.cancel' })}
        </button>
        <button
          type="button"
          class="primary ok"
          @click=${() => {
            this.set(false);
            this.confirmed();
          }}
        >
          ${msg('确定', { id: 'header.ok' })}
        </button>
      </div>
    </edu-dialog>`;
  }

  private set(confirming: boolean): void {
    this.confirming = confirming;
    this.host.requestUpdate();
  }
}
