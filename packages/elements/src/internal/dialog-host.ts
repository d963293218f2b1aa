/**
 * The dialog host: what every dialog element of the kit means by `open`, `show()`, `hide()` and `requestClose()`,
 * written once (in the spirit of Lion's OverlayMixin).
 *
 * - `open` says whether it is shown and is reflected as an attribute; setting it is the host page's own decision.
 * - `show()` opens; it resolves once the dialog is on screen.
 * - `hide()` closes outright: nobody is asked (the host page decided, a save succeeded).
 * - `requestClose(source)` is a close the user asked for: a cancelable `edu-request-close` goes first and a listener
 *   may veto it (unsaved changes, a blocking dialog). The close button, Escape and the backdrop go this way too.
 *
 * An element that wraps an `<edu-dialog>` binds `.open=${this.open}` to it and nothing else: the inner dialog's
 * `edu-open`, `edu-request-close` and `edu-close` are caught at the shadow root and sent again from the element
 * itself (through `dialogOpened`, `allowClose` and `dialogClosed`, which an element extends), so every dialog
 * element fires the same events the same way. `<edu-dialog>` itself, the base overlay, uses the same host.
 */
import { css, unsafeCSS, type CSSResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { EduElement } from './edu-element.ts';
import type { EduCloseSource } from './events.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mixin's constructor takes what its base takes
type Constructor<T> = abstract new (...args: any[]) => T;

/** The public and protected face of a dialog host (also for the declarations of a mixed class). */
export declare class DialogHostInterface {
  open: boolean;
  show(): Promise<void>;
  hide(): Promise<void>;
  requestClose(source?: EduCloseSource): Promise<boolean>;
  protected closeSource: EduCloseSource;
  protected allowClose(source: EduCloseSource): boolean;
  protected dialogOpened(): void;
  protected dialogClosed(source: EduCloseSource): void;
}

const INNER_EVENTS = ['edu-open', 'edu-request-close', 'edu-close'] as const;

export function DialogHost<T extends Constructor<EduElement>>(Base: T): Constructor<DialogHostInterface> & T {
  abstract class DialogHostElement extends Base {
    /** Whether the dialog is shown. Setting it to `false` closes without asking; `requestClose()` asks first. */
    @property({ type: Boolean, reflect: true }) open = false;

    /** What asked for the close under way (`requestClose`'s source), reported by `edu-close`. */
    protected closeSource: EduCloseSource = 'api';

    /** Opens the dialog. Resolves when it is on screen. */
    async show(): Promise<void> {
      this.open = true;
      await this.updateComplete;
      await this.renderRoot.querySelector('edu-dialog')?.updateComplete;
    }

    /** Closes the dialog outright, without asking (`edu-close` follows with source `api`). */
    async hide(): Promise<void> {
      this.open = false;
      await this.updateComplete;
      await this.renderRoot.querySelector('edu-dialog')?.updateComplete;
    }

    /**
     * Asks to close, as the user does: `edu-request-close` (cancelable, with `source`) may veto it. Resolves to
     * whether it closed.
     */
    async requestClose(source: EduCloseSource = 'api'): Promise<boolean> {
      if (!this.open) return true;
      if (!this.allowClose(source)) return false;
      this.closeSource = source;
      await this.hide();
      return true;
    }

    /** Whether a close the user asked for may go ahead: `edu-request-close`, which a listener may veto. */
    protected allowClose(source: EduCloseSource): boolean {
      return this.emit('edu-request-close', { source }, { cancelable: true });
    }

    /** The dialog is on screen. */
    protected dialogOpened(): void {
      this.emit('edu-open', null);
    }

    /** The dialog closed, whoever closed it. */
    protected dialogClosed(source: EduCloseSource): void {
      this.emit('edu-close', { source });
    }

    protected override createRenderRoot(): HTMLElement | DocumentFragment {
      const root = super.createRenderRoot();
      for (const type of INNER_EVENTS) root.addEventListener(type, this.onInnerEvent);
      return root;
    }

    private onInnerEvent = (event: Event): void => {
      // Only the element's own `<edu-dialog>`: a dialog slotted into it by the page speaks for itself.
      if (event.target !== this.renderRoot.querySelector('edu-dialog')) return;
      event.stopPropagation();
      const source = (event as CustomEvent<{ source: EduCloseSource } | null>).detail?.source ?? 'api';
      if (event.type === 'edu-open') {
        this.dialogOpened();
      } else if (event.type === 'edu-request-close') {
        if (!this.allowClose(source)) event.preventDefault();
      } else {
        this.open = false;
        const closedBy = source === 'api' ? this.closeSource : source;
        this.closeSource = 'api';
        this.dialogClosed(closedBy);
      }
    };
  }
  return DialogHostElement as unknown as Constructor<DialogHostInterface> & T;
}

/**
 * The styles every dialog element starts with: the host takes no box of its own (the inner `<edu-dialog>` is what
 * shows), and the dialog's width is the element's own property (`widthProperty`), `width` by default.
 */
export function dialogFrame(widthProperty: string, width: string): CSSResult {
  return css`
    :host {
      display: contents;
    }

    edu-dialog {
      --edu-dialog-width: var(${unsafeCSS(widthProperty)}, ${unsafeCSS(width)});
    }
  `;
}
